// The development CLI: bundles the CLI with its workspace sources (protocol's through the @webwallet/source
// export condition, wallet-sim's) into one ES module, so `wallet-sim` in this repository starts from the
// sources without compiling TypeScript on the fly or building protocol first. npm dependencies stay
// external. Output: dist/bin/cli.mjs (left out of the package: its users run dist/cli.js) — two levels below
// the package, like src/wallet/, so the UI directory it resolves (`../../ui/dist`) is the same.
// Run directly (`npm run build`), or imported by bin/wallet-sim.js when the bundle is older than the sources.
import { readFileSync, renameSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const outfile = fileURLToPath(new URL('../dist/bin/cli.mjs', import.meta.url))

/**
 * Writes the bundle: to a temporary file first, then renamed over the old one, so a wallet-sim starting at
 * the same moment never imports half a file.
 * @example await bundleCli()
 */
export async function bundleCli() {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
  const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@webwallet/'))
  const tmp = `${outfile}.${process.pid}.tmp`
  await build({
    entryPoints: [fileURLToPath(new URL('../src/cli.ts', import.meta.url))],
    outfile: tmp,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['@webwallet/source'],
    external: [...external, '@noble/*'],
    logLevel: 'warning',
  })
  renameSync(tmp, outfile)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await bundleCli()
