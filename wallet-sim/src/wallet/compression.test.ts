// What wallet-sim serves a browser, compressed as the browser accepts (the wallet UI's pages and its built
// assets), against a whole wallet-sim and its built UI; and what it must never compress or hold back: the
// walletEvents event stream. Raw requests (node:http), as fetch would decompress and hide the encoding.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs'
import { get, type IncomingMessage } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningSim, startSim } from '../index'
import { type Served, serve } from '../infra/http/serve'
import { createWalletUiRouter, DEFAULT_UI_DIR } from './static'

/** A raw GET: status, headers and the body's bytes as sent (`stream: true` resolves at the first chunk). */
function raw(url: string, headers: Record<string, string>, stream = false) {
  return new Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }>((done, fail) => {
    get(url, { headers }, (res) => {
      const parts: Buffer[] = []
      const finish = () =>
        done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) })
      res.on('data', (part: Buffer) => {
        parts.push(part)
        if (stream) {
          res.destroy()
          finish()
        }
      })
      res.on('end', finish)
    }).on('error', fail)
  })
}

const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body

describe('the wallet UI router', () => {
  let served: Served
  const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i % 37}`))}\n`
  beforeAll(async () => {
    const uiDir = mkdtempSync(join(tmpdir(), 'wallet-ui-'))
    mkdirSync(join(uiDir, 'assets'))
    writeFileSync(
      join(uiDir, 'index.html'),
      `<!doctype html><html><head></head><body>${'<p>x</p>'.repeat(200)}</body></html>`,
    )
    writeFileSync(join(uiDir, 'assets', 'app.js'), script)
    writeFileSync(join(uiDir, 'secret.js'), script)
    // The build's siblings: a fresh one for built.js, one older than its file for stale.js.
    for (const name of ['built.js', 'stale.js']) writeFileSync(join(uiDir, 'assets', name), script)
    writeFileSync(join(uiDir, 'assets', 'built.js.br'), brotliCompressSync(`${script}// from the build\n`))
    writeFileSync(join(uiDir, 'assets', 'stale.js.br'), brotliCompressSync('old build'))
    utimesSync(join(uiDir, 'assets', 'stale.js.br'), new Date(2020, 0, 1), new Date(2020, 0, 1))
    served = await serve('/', createWalletUiRouter(uiDir))
  })
  afterAll(() => served.close())

  it.each([
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', undefined],
    ['', undefined],
  ])(
    'Accept-Encoding %j: an asset and a page come %s, the same bytes, Vary: Accept-Encoding',
    async (accept, encoding) => {
      for (const [path, text] of [
        ['/assets/app.js', script],
        ['/signMessage', undefined],
      ] as const) {
        const answer = await raw(`${served.url}${path}`, accept ? { 'accept-encoding': accept } : {})
        expect(answer.status, path).toBe(200)
        expect(answer.headers['content-encoding'], path).toBe(encoding)
        expect(answer.headers.vary, path).toMatch(/Accept-Encoding/i)
        const body = decode(encoding, answer.body).toString()
        if (text) expect(body).toBe(text)
        else expect(body).toContain('<p>x</p>')
      }
    },
  )

  it("serves the build's precompressed file when it is as new as the asset, never a stale one", async () => {
    const built = await raw(`${served.url}/assets/built.js`, { 'accept-encoding': 'br' })
    expect(brotliDecompressSync(built.body).toString()).toBe(`${script}// from the build\n`)
    const stale = await raw(`${served.url}/assets/stale.js`, { 'accept-encoding': 'br' })
    expect(brotliDecompressSync(stale.body).toString()).toBe(script)
  })

  it('keeps its headers and serves nothing outside the assets folder', async () => {
    const asset = await raw(`${served.url}/assets/app.js`, { 'accept-encoding': 'br' })
    expect(asset.headers['content-type']).toMatch(/javascript/)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const page = await raw(`${served.url}/signMessage`, { 'accept-encoding': 'br' })
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(page.headers['cache-control']).toBe('no-store')
    for (const path of ['/assets/..%2Fsecret.js', '/assets/%2e%2e/secret.js', '/assets/%E0%A4%A.js'])
      expect((await raw(`${served.url}${path}`, { 'accept-encoding': 'br' })).status, path).not.toBe(200)
  })
})

describe.runIf(existsSync(join(DEFAULT_UI_DIR, 'index.html')))('a whole wallet-sim', () => {
  let sim: RunningSim
  beforeAll(async () => {
    sim = await startSim({ seed: 7, approve: 'auto' })
  })
  afterAll(() => sim?.close())

  it('serves the wallet script compressed: brotli under a third of its bytes', async () => {
    const page = readFileSync(join(DEFAULT_UI_DIR, 'index.html'), 'utf8')
    const path = /src="(\/assets\/[^"]+\.js)"/.exec(page)?.[1]
    expect(path).toBeDefined()
    const plain = await raw(`${sim.url}${path}`, {})
    const br = await raw(`${sim.url}${path}`, { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true)
    expect(br.body.byteLength).toBeLessThan(plain.body.byteLength / 3)
  })

  it('never compresses or holds back the walletEvents event stream', async () => {
    const answer = await raw(
      `${sim.url}/trpc/walletEvents`,
      { accept: 'text/event-stream', 'accept-encoding': 'gzip, deflate, br' },
      true,
    )
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toMatch(/^text\/event-stream/)
    expect(answer.headers['content-encoding']).toBeUndefined()
    // The first event arrived while the stream is still open: nothing buffers it.
    expect(answer.body.byteLength).toBeGreaterThan(0)
  })
})
