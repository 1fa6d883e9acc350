// A Vite plugin: beside each text file of the build, its brotli (.br, quality 11) and gzip (.gz, level 9)
// forms, which wallet-sim serves as the browser accepts (src/infra/http/compressed.ts): the best compression,
// paid once at build time rather than at a first request.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

// Not index.html: wallet-sim rewrites each page (its allow-list) and compresses it as it sends it.
const TEXT = /\.(js|mjs|css|json|svg|map|txt|wasm)$/

/** Writes `<file>.br` and `<file>.gz` for every text file Vite wrote. */
export function precompress() {
  let outDir = 'dist'
  return {
    name: 'webwallet-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
    },
    writeBundle(_options, bundle) {
      for (const name of Object.keys(bundle).filter((file) => TEXT.test(file))) {
        const file = join(outDir, name)
        const bytes = readFileSync(file)
        const params = {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
        }
        writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params }))
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }))
      }
    },
  }
}
