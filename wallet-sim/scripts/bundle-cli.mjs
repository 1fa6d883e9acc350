// Bundles the CLI with its workspace sources (protocol, wallet-sim) into one ES module, so `wallet-sim` starts
// without compiling TypeScript on the fly. npm dependencies stay external. Output: dist/bin/cli.mjs — two
// levels below the package, like src/wallet/, so the UI directory it resolves (`../../ui/dist`) is the same.
import { readFileSync } from 'node:fs'
import { build } from 'esbuild'

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@webwallet/'))

await build({
  entryPoints: [new URL('../src/cli.ts', import.meta.url).pathname],
  outfile: new URL('../dist/bin/cli.mjs', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: [...external, '@noble/*'],
  logLevel: 'warning',
})
