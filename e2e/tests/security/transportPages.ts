// The pages of the transport attacks, each on its own loopback origin: wallet-sim on 127.0.0.1, the dapp on
// localhost (a listed host) using the shim's real connector, the attacker on 127.0.0.2. Every page records
// the messages it hears; wallet pages record theirs through an init script (observation only).
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { build } from 'esbuild'
import type { BrowserContext, Frame, Page } from 'playwright-core'
import { expect } from 'vitest'
import { clickClosing } from '../../support/browser'

// `?wallet=URL&transport=iframe|popup&ad=URL`: the connector, and an advertisement frame of another site; its
// requests can be given up (abort, a time limit).
const DAPP_ENTRY = `
import { createConnector } from '@webwallet/shim/connector'
const params = new URLSearchParams(location.search)
const connector = createConnector({ url: params.get('wallet'), transport: params.get('transport') })
const outcomes = {}
const controllers = {}
const track = (key, promise) => {
  outcomes[key] = { state: 'pending' }
  promise.then(
    (value) => { outcomes[key] = { state: 'resolved', value } },
    (e) => { outcomes[key] = { state: 'rejected', error: { code: e.code, message: e.message } } },
  )
}
window.victimDapp = {
  outcomes,
  connect: (key) => track(key, connector.connect()),
  // An optional time limit (ms); abort(key) gives the request up through its AbortSignal.
  request: (key, call, timeoutMs) => {
    controllers[key] = new AbortController()
    track(key, connector.request(call, { signal: controllers[key].signal, ...(timeoutMs ? { timeoutMs } : {}) }))
  },
  abort: (key) => controllers[key].abort(),
}
`

const RECORDER = `window.overheard = []
window.addEventListener('message', (event) => window.overheard.push({ origin: event.origin, data: event.data }))`

/** A message a page heard. */
export interface Heard {
  origin: string
  data: unknown
}

/** What a dapp call came to. */
export interface Outcome {
  state: 'pending' | 'resolved' | 'rejected'
  value?: unknown
  error?: { code: string; message: string }
}

declare global {
  interface Window {
    overheard: Heard[]
    victimDapp: {
      outcomes: Record<string, Outcome>
      connect(key: string): void
      request(key: string, call: unknown, timeoutMs?: number): void
      abort(key: string): void
    }
  }
}

/** Bundles the dapp's script: the shim's connector as an app ships it. */
export async function bundleDapp(): Promise<string> {
  const result = await build({
    stdin: { contents: DAPP_ENTRY, resolveDir: import.meta.dirname, loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  })
  return result.outputFiles[0]?.text ?? ''
}

export interface Site extends AsyncDisposable {
  origin: string
}

/** Serves `page(url)` on `host` and a free port (`localhost` listens on 127.0.0.1). */
async function serve(host: string, page: (url: URL) => { type: string; body: string }): Promise<Site> {
  const server = createServer((req, res) => {
    const { type, body } = page(new URL(req.url ?? '/', 'http://x'))
    res.setHeader('content-type', type)
    res.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, host === 'localhost' ? '127.0.0.1' : host, resolve))
  return {
    origin: `http://${host}:${(server.address() as AddressInfo).port}`,
    [Symbol.asyncDispose]: () => {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** The dapp on localhost: `/` loads the connector, framing `?ad=URL` (a frame of another site) first. */
export function serveDapp(script: string): Promise<Site> {
  return serve('localhost', (url) => {
    if (url.pathname === '/dapp.js') return { type: 'text/javascript', body: script }
    const ad = url.searchParams.get('ad')
    const frame = ad ? `<iframe name="ad" src="${encodeURI(ad)}" width="300" height="100"></iframe>` : ''
    return {
      type: 'text/html',
      body: `<!doctype html><title>dapp</title><script>${RECORDER}</script>${frame}<script type="module" src="/dapp.js"></script>`,
    }
  })
}

/** The attacker's site on 127.0.0.2: every path is a page that records what it hears. */
export function serveAttacker(): Promise<Site> {
  return serve('127.0.0.2', () => ({
    type: 'text/html',
    body: `<!doctype html><title>win a prize</title><script>${RECORDER}</script><p>Win a prize!</p>`,
  }))
}

/**
 * Makes every wallet page of `context` record the messages it hears (`window.overheard`), before its own
 * script. A wallet popup told a `closingMarkerTarget` origin (see {@link markClosingTo}) also posts the marker
 * 'wallet-closing' to its opener's window, to that exact origin only, as it closes itself: messages from one
 * window arrive in order, so a page of that origin that hears the marker has heard everything the wallet
 * sent that window before. No test code posts to '*'.
 */
export async function recordWalletPages(context: BrowserContext, walletOrigin: string): Promise<void> {
  await context.addInitScript((origin) => {
    if (location.origin !== origin) return
    const heard: unknown[] = []
    Object.assign(window, { overheard: heard })
    window.addEventListener('message', (event) => heard.push({ origin: event.origin, data: event.data }))
    const close = window.close.bind(window)
    window.close = () => {
      const target = (window as { closingMarkerTarget?: string }).closingMarkerTarget
      if (target) window.opener?.postMessage('wallet-closing', target)
      close()
    }
  }, walletOrigin)
}

/**
 * Tells the wallet popup `wallet` to post 'wallet-closing' to its opener when it closes, addressed to
 * `origin` (the origin the test expects the opener to hold then; any other drops the marker and the wait fails).
 */
export const markClosingTo = (wallet: Page, origin: string): Promise<void> =>
  wallet.evaluate((target) => {
    Object.assign(window, { closingMarkerTarget: target })
  }, origin)

/** The messages `target` heard. */
export const heardBy = (target: Page | Frame): Promise<Heard[]> => target.evaluate(() => window.overheard)

/**
 * Polling for waits inside wallet frames: by default Playwright re-checks on requestAnimationFrame, which a
 * frame in a hidden modal (display:none) never runs, so a message heard after the first check went unseen
 * until the timeout (the flake of transport.test.ts (c)).
 */
export const POLL = { polling: 100 } as const

/** Waits until `target` heard a message `data` equal to `marker` (messages from one sender arrive in order). */
export const waitForMarker = (target: Page | Frame, marker: string) =>
  target.waitForFunction((m) => window.overheard?.some((h) => h.data === m), marker, POLL)

/** The id of the first request for `path` the wallet page `wallet` received. */
export async function requestId(wallet: Page | Frame, path: string): Promise<string | number> {
  const handle = await wallet.waitForFunction(
    (p) =>
      window.overheard?.find(
        (h) => (h.data as { trpc?: { params?: { path?: string } } })?.trpc?.params?.path === p,
      ),
    path,
    POLL,
  )
  const found = (await handle.jsonValue()) as { data: { trpc: { id: string | number } } }
  return found.data.trpc.id
}

/** The frame of `page` whose URL starts with `prefix`, once it exists and its recorder runs. */
export async function frameAt(page: Page, prefix: string): Promise<Frame> {
  const find = () => page.frames().find((f) => f.url().startsWith(prefix))
  const frame =
    find() ?? (await page.waitForEvent('framenavigated', { predicate: (f) => f.url().startsWith(prefix) }))
  await frame.waitForFunction(() => Array.isArray(window.overheard), undefined, POLL)
  return frame
}

/** The outcome of the dapp's call `key`, once it is no longer pending. */
export async function settled(page: Page, key: string): Promise<Outcome> {
  try {
    await page.waitForFunction((k) => window.victimDapp.outcomes[k]?.state !== 'pending', key)
  } catch (error) {
    // Which request never settled, and where the others stood.
    const outcomes = await page.evaluate(() => JSON.stringify(window.victimDapp.outcomes))
    throw new Error(`'${key}' never settled; outcomes: ${outcomes}`, { cause: error })
  }
  return page.evaluate((k) => window.victimDapp.outcomes[k] as Outcome, key)
}

/** How long the wallet's frame must stand still before a click: Chromium's 500 ms, and a margin. */
const AT_REST_MS = 600

/**
 * Waits until the wallet's frame inside the dapp's modal stands still, as a person waits before clicking
 * something that moves: the modal took the height the screen asked for (the screen's body no longer overflows,
 * or the modal reached the page's height) and the frame has not moved for {@link AT_REST_MS}. The modal grows
 * a moment after a screen shows (the wallet measures, then asks the page), and Chromium drops clicks to a
 * cross-origin frame that tracks its visibility (the approve guard) within 500 ms of its moving: a click
 * sooner was lost, and the request it answered never settled (the flake of cancelPrompt.test.ts). A popup
 * (a Page) never moves.
 */
export async function atRest(wallet: Page | Frame): Promise<void> {
  if (!('parentFrame' in wallet) || wallet.parentFrame() === null) return
  const page = wallet.page()
  let last: string | undefined
  let since = Date.now()
  await expect
    .poll(
      async () => {
        const place = await page.evaluate(() => {
          const frame = document.getElementById('webwallet-iframe')
          const panel = frame?.parentElement
          if (!frame || !panel) return undefined
          const r = frame.getBoundingClientRect()
          const tallest = panel.getBoundingClientRect().height >= window.innerHeight - 33
          return { at: `${r.x},${r.y},${r.width},${r.height}`, tallest }
        })
        if (!place) return 'no wallet frame'
        if (place.at !== last) [last, since] = [place.at, Date.now()]
        const fits =
          place.tallest ||
          (await wallet.evaluate(() => {
            const body = document.querySelector('.screen-body')
            return !body || body.scrollHeight - body.clientHeight <= 1
          }))
        if (!fits) return 'the modal has not grown to its screen yet'
        return Date.now() - since >= AT_REST_MS ? 'at rest' : 'moved lately'
      },
      { interval: 100, timeout: 30_000 },
    )
    .toBe('at rest')
}

/** Logs in with the inbox's code and approves the connection, inside the wallet the user sees. */
export async function loginAndConnect(
  wallet: Page | Frame,
  inbox: { latest(email: string): { code?: string | undefined } | undefined },
  email: string,
): Promise<void> {
  await wallet.getByLabel('E-mail address').fill(email)
  await wallet.getByRole('button', { name: 'Send code' }).click()
  // The code field shows once the server answered, so the mail is in the inbox by then (reading the inbox
  // right after the click raced the request and typed an empty code now and then).
  await wallet.getByLabel('Code').waitFor()
  const code = inbox.latest(email)?.code
  if (!code) throw new Error(`no login code in the inbox for ${email}`)
  await wallet.getByLabel('Code').fill(code)
  await atRest(wallet)
  await wallet.getByRole('button', { name: 'Log in' }).click()
  await approve(wallet, 'Connect')
}

/**
 * Clicks a prompt's approve button once the wallet armed it, as a person who reads first: a wallet with a
 * clickjacking guard marks it `data-armed` (Chromium drops clicks to a visibility-tracked frame that just
 * moved); without the guard the button is clicked when it shows.
 */
export async function approve(wallet: Page | Frame, name: string): Promise<void> {
  const button = wallet.getByRole('button', { name, exact: true })
  try {
    await button.and(wallet.locator(':not([data-armed="false"])')).waitFor()
  } catch (error) {
    // Say what the wallet showed instead, so a failure names its cause (never armed, or another screen).
    const seen = await wallet
      .evaluate(() => ({
        visibility: document.visibilityState,
        focused: document.hasFocus(),
        viewport: [window.innerWidth, window.innerHeight],
        buttons: [...document.querySelectorAll('button')].map((b) => ({
          text: b.textContent,
          armed: b.getAttribute('data-armed'),
          disabled: b.disabled,
          rect: [...Object.values(b.getBoundingClientRect().toJSON())],
        })),
        text: document.body.innerText.slice(0, 600),
        active: document.activeElement?.id || document.activeElement?.tagName,
        fields: [...document.querySelectorAll('input')].map((i) => ({ id: i.id, length: i.value.length })),
      }))
      .catch((reason: unknown) => `unreadable: ${String(reason)}`)
    throw new Error(`the wallet's '${name}' button was not ready: ${JSON.stringify(seen)}`, { cause: error })
  }
  await atRest(wallet)
  await clickClosing(button)
}
