// The development CLI: bundles the CLI with its workspace sources (protocol's through the @webwallet/source
// export condition, wallet-sim's) into one ES module, so `wallet-sim` in this repository starts from the
// sources without compiling TypeScript on the fly or building protocol first. Its npm dependencies are
// bundled too (issue 25: resolving and reading some 300 files of express, starknet.js, zod and ws was a
// quarter of the startup); only the optional native addons of ws stay outside (esbuild keeps the
// dependencies' license comments, at the end of the file). The published package's bin runs this bundle too
// (dist/cli.js, built module by module, is its fallback). Output: dist/bin/cli.mjs — two levels below the
// package, like src/wallet/, so the UI directory it resolves (`../../ui/dist`) is the same.
// Run directly (`npm run build`), or imported by bin/wallet-sim.js when the bundle is older than the sources.
import { renameSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const outfile = fileURLToPath(new URL('../dist/bin/cli.mjs', import.meta.url))

/**
 * Writes the bundle: to a temporary file first, then renamed over the old one, so a wallet-sim starting at
 * the same moment never imports half a file.
 * @example await bundleCli()
 */
export async function bundleCli() {
  const tmp = `${outfile}.${process.pid}.tmp`
  await build({
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
  renameSync(tmp, outfile)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await bundleCli()
