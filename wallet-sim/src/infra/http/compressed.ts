// Compressed answers for what a browser fetches from wallet-sim (the wallet UI's assets and pages), with
// Node's zlib: no dependency. Only the routes that call these compress: event streams and WebSocket upgrades
// never pass here, so nothing buffers them.
import { readFile, stat } from 'node:fs/promises'
import { extname, resolve, sep } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Handler, Request, Response } from 'express'

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/** Text types worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.json', '.svg', '.map', '.txt', '.wasm'])

/** Below this a compressed answer saves less than its headers cost. */
const MIN_BYTES = 1024

export type Encoding = 'br' | 'gzip'

/** Brotli if the request accepts it (smaller), else gzip if accepted; `q=0` refuses either. */
export function pickEncoding(req: Request): Encoding | undefined {
  if (req.acceptsEncodings('br') === 'br') return 'br'
  return req.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : undefined
}

/**
 * `body` compressed with `encoding`: gzip at level 9, brotli (text mode) at `quality` (11, its best, costs
 * seconds on the wallet's 350 KB script: the build precompresses that one).
 */
export function compress(body: Buffer, encoding: Encoding, quality = 11): Promise<Buffer> {
  if (encoding === 'gzip') return gzipped(body, { level: 9 })
  const params = {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
  }
  return brotli(body, { params })
}

/**
 * Sends `body` compressed as the request accepts (br, then gzip), with `Vary: Accept-Encoding` so a cache
 * keeps one copy per encoding; small bodies and clients that accept neither get it as is.
 *
 * @example
 * await sendCompressed(req, res.type('html'), html)
 */
export async function sendCompressed(req: Request, res: Response, body: string | Buffer): Promise<void> {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body
  res.vary('Accept-Encoding')
  const encoding = bytes.byteLength >= MIN_BYTES ? pickEncoding(req) : undefined
  if (!encoding) {
    res.send(bytes)
    return
  }
  res.setHeader('Content-Encoding', encoding)
  res.send(await compress(bytes, encoding))
}

/**
 * Serves the compressible files under `dir` compressed: the build's `<file>.br` / `<file>.gz` when not older
 * (wallet-sim/scripts/precompress.mjs), else compressed here once (fast brotli), kept in memory while the file
 * is unchanged. Anything else (other files, no accepted encoding, a missing file) goes to the next handler.
 *
 * @example
 * router.use('/assets', compressedFiles(assetsDir, { 'Cache-Control': 'public, max-age=31536000, immutable' }))
 * router.use('/assets', express.static(assetsDir))
 */
export function compressedFiles(dir: string, headers: Record<string, string> = {}): Handler {
  const root = resolve(dir)
  const cache = new Map<string, { version: string; body: Promise<Buffer> }>()
  return async (req, res, next) => {
    try {
      const encoding = req.method === 'GET' || req.method === 'HEAD' ? pickEncoding(req) : undefined
      const file = resolve(root, `.${decodeURIComponent(req.path)}`) // a malformed path: URIError, passed on
      if (!COMPRESSIBLE.has(extname(file)) || !file.startsWith(root + sep)) return next()
      res.vary('Accept-Encoding')
      const info = await stat(file).catch(() => undefined)
      if (!encoding || !info?.isFile()) return next()
      const version = `${info.size}:${info.mtimeMs}`
      const key = `${encoding}:${file}`
      let entry = cache.get(key)
      if (entry?.version !== version) {
        entry = { version, body: compressedFile(file, info.mtimeMs, encoding) }
        cache.set(key, entry)
        entry.body.catch(() => cache.delete(key)) // a failed read is tried again, not kept
      }
      const body = await entry.body
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
      res.setHeader('Content-Encoding', encoding)
      res.type(extname(file)).send(body)
    } catch (error) {
      next(error instanceof URIError ? undefined : error)
    }
  }
}

/** The build's precompressed sibling of `file` if it is as new as the file, else `file` compressed now. */
async function compressedFile(file: string, mtimeMs: number, encoding: Encoding): Promise<Buffer> {
  const sibling = `${file}.${encoding === 'br' ? 'br' : 'gz'}`
  const built = await stat(sibling).catch(() => undefined)
  if (built?.isFile() && built.mtimeMs >= mtimeMs) return readFile(sibling)
  return compress(await readFile(file), encoding, 5)
}
