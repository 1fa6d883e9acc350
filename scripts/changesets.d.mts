// Types of scripts/changesets.mjs for the TypeScript that imports it (its test).

export declare const PUBLISHED: Record<string, string>

export interface Release {
  name: string
  type: 'major' | 'minor' | 'patch' | 'none'
}

export declare function packageOfSource(path: string): string | undefined
export declare function parseChangeset(text: string, file: string): { releases: Release[]; summary: string }
export declare function findBase(
  cwd: string,
  env?: NodeJS.ProcessEnv,
): { base: string | undefined; why: string }
export declare function checkChangesets(
  cwd: string,
  env?: NodeJS.ProcessEnv,
): {
  base: string | undefined
  why: string
  changesets: string[]
  changedPackages: Map<string, string[]>
  problems: string[]
}
