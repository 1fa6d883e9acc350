/** The digest of a Cairo project's sources: "sha256:<hex>" (scripts/contractDigest.mjs). */
export function contractDigest(project: string): string
