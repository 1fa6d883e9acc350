// The SDK's connector (dialogs, transports) and portfolio reads as chunks of their own, in Chromium, with the
// built package bundled as an app's bundler bundles it (esbuild, code splitting): a page that restores its
// session never fetches the connector's chunk; a page with no stored session fetches it at init, before any
// click; a sign-in in a restored page fetches it in the click and still opens the wallet's popup.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { build } from 'esbuild'
import { type BrowserContext, chromium } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { CHROMIUM_ARGS, chromiumPath } from '../../support/browser'

const ACCOUNT = '0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'
const FIREFOX_UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0'

let dir: string
let connectorChunk: string
let server: ReturnType<typeof createServer>
let origin: string
const fetched: string[] = []
/** When the connector's chunk was last sent, and how long the server waits before sending it. */
let chunkSentAt = 0
let chunkDelayMs = 0

/** Chromium with its popup blocker on (Playwright turns it off by default): a popup needs the click. */
async function launchBrowser() {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS],
    ignoreDefaultArgs: ['--disable-popup-blocking'],
  })
  return Object.assign(browser, { [Symbol.asyncDispose]: () => browser.close() })
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lazy-chunks-'))
  const result = await build({
    entryPoints: [new URL('./lazyChunks.page.ts', import.meta.url).pathname],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outdir: dir,
    entryNames: 'page',
    metafile: true,
    logLevel: 'silent',
  })
  // The chunk the page imports dynamically that holds the dialogs.
  const [chunk] = Object.entries(result.metafile.outputs).filter(([, output]) =>
    Object.keys(output.inputs).some((input) => input.endsWith('shim/dist/dialog/iframe.js')),
  )
  if (!chunk || basename(chunk[0]) === 'page.js') throw new Error('no connector chunk apart from the page')
  connectorChunk = basename(chunk[0])
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname
    fetched.push(path)
    if (!path.endsWith('.js')) {
      // The page; any other path is a page that is no wallet (the popup's route: it never answers).
      response.setHeader('content-type', 'text/html')
      return response.end(
        path === '/'
          ? '<!doctype html><button id="sign">Sign in</button><p id="out"></p><script type="module" src="/page.js"></script>'
          : '<!doctype html><p>no wallet here</p>',
      )
    }
    let body: Buffer
    try {
      body = readFileSync(join(dir, basename(path)))
    } catch {
      response.statusCode = 404
      return response.end()
    }
    response.setHeader('content-type', 'text/javascript')
    if (path !== `/${connectorChunk}`) return response.end(body)
    // A slow network for the connector's chunk (about time: the popup must open before it arrives).
    setTimeout(() => {
      chunkSentAt = Date.now()
      response.end(body)
    }, chunkDelayMs)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}, 60_000)

afterAll(async () => {
  if (server) await new Promise((resolve) => server.close(resolve))
  rmSync(dir, { recursive: true, force: true })
})

/** Opens the page in `mode` and answers the paths it fetched from then on. */
async function visit(context: BrowserContext, mode: string) {
  const page = context.pages()[0] ?? (await context.newPage())
  fetched.length = 0
  await page.goto(`${origin}/?mode=${mode}`)
  return page
}

it.each([
  ['Chromium: the chunk loads in the click, and the popup opens once it has', undefined],
  ['Not Chrome-like: the popup opens blank in the click, before the chunk has loaded', FIREFOX_UA],
])(
  '%s; a restored session loads no connector chunk',
  async (_, userAgent) => {
    await using browser = await launchBrowser()
    const context = await browser.newContext(userAgent ? { userAgent } : {})
    // Firefox and Safari have no userAgentData (Chromium keeps its brands under another user agent).
    if (userAgent)
      await context.addInitScript(() =>
        Object.defineProperty(Navigator.prototype, 'userAgentData', { get: () => undefined }),
      )
    const page = await visit(context, 'sign')
    await expect.poll(() => page.locator('#out').textContent()).toBe(`signed ${ACCOUNT}`)

    await visit(context, 'restore')
    await expect.poll(() => page.locator('#out').textContent()).toBe(`restored ${ACCOUNT} VALID false`)
    expect(fetched).toContain('/page.js')
    expect(fetched).not.toContain(`/${connectorChunk}`)

    // Signing a new session: the chunk is fetched in the click (slowly here), and the popup opens all the same.
    chunkDelayMs = 1500
    chunkSentAt = 0
    const popup = context.waitForEvent('page')
    await page.locator('#sign').click()
    const wallet = await popup
    const sentWhenOpened = chunkSentAt
    // Asked for in the click; without the pre-open the request may reach the server a moment after the popup.
    await expect.poll(() => fetched).toContain(`/${connectorChunk}`)
    if (userAgent)
      expect(sentWhenOpened).toBe(0) // opened before the chunk was even sent
    else expect(sentWhenOpened).toBeGreaterThan(0)
    // The connector takes that window to connectAndSignSession's route (starknetkit's: the login page, which
    // then asks for the session): one popup, not a second one.
    await expect.poll(() => wallet.url(), { timeout: 10_000 }).toBe(`${origin}/interstitialLogin`)
    expect(context.pages()).toHaveLength(2)
    chunkDelayMs = 0
    await context.close()
  },
  60_000,
)

it('a page with no stored session fetches the connector chunk at init, before any click', async () => {
  await using browser = await launchBrowser()
  const context = await browser.newContext()
  await visit(context, 'fresh')
  await expect.poll(() => fetched).toContain(`/${connectorChunk}`)
  await context.close()
}, 60_000)
