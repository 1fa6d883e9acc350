import type { Plugin } from 'vite'

/** The licenses the published package may bundle (scripts/thirdPartyLicenses.mjs). */
export const ALLOWED_LICENSES: readonly string[]

/** The file name each build writes beside its output: THIRD_PARTY_LICENSES.md. */
export const LICENSES_FILE: string

/** A bundled npm package and its license. */
export interface BundledPackage {
  name: string
  version: string
  /** The package.json license field (SPDX expression), undefined when it has none. */
  license: string | undefined
  /** Its LICENSE/LICENCE/COPYING/NOTICE files, sorted by name. */
  licenseFiles: Array<{ name: string; text: string }>
}

/** The innermost package root of a file under node_modules, or undefined. */
export function packageRootOf(file: string): string | undefined

/** The files with bytes in an esbuild metafile's outputs, as absolute paths. */
export function bundledFiles(
  metafile: { outputs?: Record<string, { inputs?: Record<string, { bytesInOutput: number }> }> },
  workingDir: string,
): string[]

/** Whether an SPDX expression is satisfied by the allowed licenses. */
export function isAllowedLicense(expression: string | undefined, allowed?: readonly string[]): boolean

/** The bundled packages of these files, sorted and deduplicated; throws on a license not allowed. */
export function collectLicenses(
  files: readonly string[],
  options?: { allowed?: readonly string[] },
): BundledPackage[]

/** THIRD_PARTY_LICENSES.md for these packages, bundled in `what`. */
export function renderLicenses(packages: readonly BundledPackage[], what: string): string

/** A file of a tool's installed package (its package.json), resolved from `from`. */
export function toolFile(name: string, from?: string): string

/** The files with rendered code in a Vite (rolldown/rollup) bundle. */
export function chunkFiles(
  bundle: Record<string, { type: string; modules?: Record<string, { renderedLength: number }> }>,
): string[]

/** A Vite plugin emitting THIRD_PARTY_LICENSES.md; the build fails on a license not allowed. */
export function thirdPartyLicenses(what: string): Plugin
