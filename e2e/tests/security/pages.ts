// Pages of the security suite, each on its own loopback origin: wallet-sim runs on 127.0.0.1, its allow-list
// names localhost and 127.0.0.1, so a page on 127.0.0.2 is a foreign site. A page embeds the wallet
// (framePage) or opens it as a popup (popupPage) and records every message the wallet sends it, whatever
// its origin: an attacker listens to everything.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Frame, Page } from 'playwright-core'

/** The loopback names the suite serves pages on. */
export type LoopbackHost = 'localhost' | '127.0.0.1' | '127.0.0.2'

const RECORDER = `
window.answers = {}
window.heard = []
window.addEventListener('message', (event) => {
  window.heard.push({ origin: event.origin, data: event.data })
  const trpc = event.data && event.data.trpc
  if (trpc && trpc.id !== undefined) window.answers[trpc.id] = trpc
})
`

// An iframe of the wallet over a decoy button, at the style the test gives (e.g. opacity:0.0001).
const FRAME_SCRIPT = `
const wallet = new URL(document.currentScript.dataset.wallet)
const iframe = document.createElement('iframe')
iframe.id = 'wallet'
iframe.src = wallet.href
iframe.style.cssText = 'position:absolute;left:0;top:0;border:0;width:385px;height:775px;z-index:2;' + document.currentScript.dataset.style
document.body.append(iframe)
window.loaded = new Promise((resolve) => iframe.addEventListener('load', resolve))
window.send = (id, path, input) =>
  iframe.contentWindow.postMessage({ trpc: { id, method: 'mutation', params: { path, input } } }, wallet.origin)
`

// Opens the wallet as a popup on a click (popup blockers want a user gesture) and talks to it once it says
// it listens (the popup handshake).
const POPUP_SCRIPT = `
const wallet = new URL(document.currentScript.dataset.wallet)
let popup
let ready
window.ready = new Promise((resolve) => { ready = resolve })
window.addEventListener('message', (event) => {
  if (event.source === popup && event.data === 'TRPC_BROWSER::POPUP_LOADED') ready()
})
document.getElementById('open').addEventListener('click', () => {
  popup = window.open(wallet.href, 'wallet', 'width=385,height=775')
})
window.send = (id, path, input) =>
  popup.postMessage({ trpc: { id, method: 'mutation', params: { path, input } } }, wallet.origin)
`

const DECOY =
  '<button id="decoy" style="position:absolute;left:0;top:0;width:385px;height:775px;font-size:40px">Claim your prize</button>'

export interface ServedPage extends AsyncDisposable {
  origin: string
}

/** Serves one HTML page on `host` and a free port. */
export async function servePage(host: LoopbackHost, html: string): Promise<ServedPage> {
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html')
    res.end(html)
  })
  const address = host === 'localhost' ? '127.0.0.1' : host
  await new Promise<void>((resolve) => server.listen(0, address, resolve))
  return {
    origin: `http://${host}:${(server.address() as AddressInfo).port}`,
    [Symbol.asyncDispose]: () => {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** A page on `host` that frames `walletUrl` over a decoy button, with `style` added to the iframe's. */
export function framePage(host: LoopbackHost, walletUrl: string, style = ''): Promise<ServedPage> {
  return servePage(
    host,
    `<!doctype html><body style="margin:0">${DECOY}<script>${RECORDER}</script><script data-wallet="${walletUrl}" data-style="${style}">${FRAME_SCRIPT}</script></body>`,
  )
}

/** A page on `host` with a button that opens `walletUrl` as a popup. */
export function popupPage(host: LoopbackHost, walletUrl: string): Promise<ServedPage> {
  return servePage(
    host,
    `<!doctype html><body><button id="open">Open wallet</button><script>${RECORDER}</script><script data-wallet="${walletUrl}">${POPUP_SCRIPT}</script></body>`,
  )
}

declare global {
  interface Window {
    answers: Record<
      string,
      { result?: { data?: unknown }; error?: { message: string; data?: Record<string, unknown> } }
    >
    heard: { origin: string; data: unknown }[]
    loaded: Promise<unknown>
    ready: Promise<void>
    send(id: string, path: string, input?: unknown): void
  }
}

/** Sends a request from the page and waits for the wallet's answer. */
export async function ask(page: Page, id: string, path: string, input?: unknown) {
  await page.evaluate(([key, procedure, value]) => window.send(key, procedure, value), [
    id,
    path,
    input,
  ] as const)
  await page.waitForFunction((key) => window.answers[key] !== undefined, id)
  return page.evaluate((key) => window.answers[key] ?? {}, id)
}

/** The wallet iframe's frame in `page` (the error page when the browser refused to frame it). */
export async function walletFrame(page: Page): Promise<Frame> {
  const frame = await (await page.$('#wallet'))?.contentFrame()
  if (!frame) throw new Error('no wallet frame')
  return frame
}

/**
 * Whether the browser refused to load the wallet in the frame (CSP frame-ancestors / X-Frame-Options): the
 * frame then holds Chromium's error page, not the wallet's document.
 */
export async function frameRefused(page: Page): Promise<boolean> {
  await page.evaluate(() => window.loaded)
  const frame = await walletFrame(page)
  return frame.url().startsWith('chrome-error://') || (await frame.locator('#root').count()) === 0
}

/** Lets the wallet frame run every task it has queued (a message it got, a click), then returns. */
export const settle = (frame: Frame) =>
  frame.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))))

/** Logs in (e-mail and the inbox's code) and connects inside the visible wallet, as a user does. */
export async function loginAndConnect(
  page: Page,
  wallet: Frame | Page,
  inbox: { latest(email: string): { code?: string | undefined } | undefined },
  email: string,
) {
  await page.evaluate(() => window.send('c1', 'connectWebwallet', {}))
  await wallet.getByLabel('E-mail address').fill(email)
  await wallet.getByRole('button', { name: 'Send code' }).click()
  await wallet.getByLabel('Code').fill(inbox.latest(email)?.code ?? '')
  await wallet.getByRole('button', { name: 'Log in' }).click()
  await wallet.getByRole('button', { name: 'Connect' }).click()
  await page.waitForFunction(() => window.answers.c1 !== undefined)
  return page.evaluate(() => window.answers.c1)
}
