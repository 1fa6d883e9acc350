// Bundles the CLI with its workspace sources (protocol's via the @webwallet/source condition) and npm
// dependencies into one ES module, so `wallet-sim` starts without compiling TypeScript or reading hundreds of
// files (only ws's optional native addons stay outside). The bundled licenses go to dist/bin/
// THIRD_PARTY_LICENSES.md; one off the allow-list fails the build. dist/bin/cli.mjs sits two levels down, like
// src/wallet/, so `../../ui/dist` resolves the same. Run by `npm run build`, or by bin/wallet-sim.js when stale.
import { renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import {
  bundledFiles,
  collectLicenses,
  LICENSES_FILE,
  renderLicenses,
  toolFile,
} from './thirdPartyLicenses.mjs'

const outfile = fileURLToPath(new URL('../dist/bin/cli.mjs', import.meta.url))
const packageDir = fileURLToPath(new URL('..', import.meta.url))

/**
 * Writes the bundle and its THIRD_PARTY_LICENSES.md: each to a temporary file first, then renamed over the
 * old one, so a wallet-sim starting at the same moment never imports half a file. Throws (writing nothing)
 * when a bundled package's license is not allowed.
 * @example await bundleCli()
 */
export async function bundleCli() {
  const tmp = `${outfile}.${process.pid}.tmp`
  const licensesFile = join(dirname(outfile), LICENSES_FILE)
  const { metafile } = await build({
    absWorkingDir: packageDir,
    metafile: true,
    entryPoints: [fileURLToPath(new URL('../src/cli.ts', import.meta.url))],
    outfile: tmp,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['@webwallet/source'],
    // ws loads these if they are installed, and works without them.
    external: ['bufferutil', 'utf-8-validate'],
    // The CommonJS dependencies (express, ws) require Node's built-in modules.
    banner: {
      js: "import { createRequire as __cliRequire } from 'node:module';\nconst require = __cliRequire(import.meta.url);",
    },
    logLevel: 'warning',
  })
  let licenses
  try {
    licenses = renderLicenses(
      // esbuild's own helpers (__commonJS, __toESM) are in the bundle too.
      collectLicenses([...bundledFiles(metafile, packageDir), toolFile('esbuild')]),
      'the wallet-sim CLI bundle (dist/bin/cli.mjs)',
    )
  } catch (error) {
    rmSync(tmp, { force: true })
    throw error
  }
  writeFileSync(`${licensesFile}.${process.pid}.tmp`, licenses)
  renameSync(`${licensesFile}.${process.pid}.tmp`, licensesFile)
  renameSync(tmp, outfile)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await bundleCli()
