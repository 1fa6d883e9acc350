// A host app page on another origin (localhost vs the wallet's 127.0.0.1) that embeds the wallet's iframe
// and talks to it with raw trpc-browser envelopes, posted to the wallet's exact origin. It sizes and shows
// the iframe from the updateModal events, as starknetkit does.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from 'playwright-core'

const HOST_SCRIPT = `
const wallet = new URL(document.currentScript.dataset.wallet)
const iframe = document.createElement('iframe')
iframe.src = wallet.href
iframe.style.cssText = 'display:none;border:0;border-radius:40px;width:380px;height:420px'
document.body.append(iframe)
window.answers = {}
window.modal = []
window.addEventListener('message', (event) => {
  if (event.origin !== wallet.origin || event.source !== iframe.contentWindow) return
  const trpc = event.data && event.data.trpc
  if (!trpc) return
  if (trpc.id === 'modal') {
    const data = trpc.result && trpc.result.data
    if (!data) return
    window.modal.push(data)
    if (data.action === 'show') iframe.style.display = 'block'
    if (data.action === 'hide') iframe.style.display = 'none'
    if (data.action === 'updateSize') { iframe.style.width = data.width + 'px'; iframe.style.height = data.height + 'px' }
    if (data.action === 'updateHeight') iframe.style.height = Math.min(data.height, innerHeight) + 'px'
    return
  }
  window.answers[trpc.id] = trpc
})
window.send = (id, path, input, method = 'mutation') =>
  iframe.contentWindow.postMessage({ trpc: { id, method, params: { path, input } } }, wallet.origin)
window.loaded = new Promise((resolve) => iframe.addEventListener('load', resolve))
`

declare global {
  interface Window {
    answers: Record<
      string,
      { result?: { data?: unknown }; error?: { message: string; data?: Record<string, unknown> } }
    >
    modal: unknown[]
    loaded: Promise<unknown>
    send(id: string, path: string, input?: unknown, method?: string): void
  }
}

/**
 * Serves the host page embedding `walletUrl` (e.g. `${sim.url}/iframes/comms`); dispose to stop it.
 * @example
 * await using host = await serveHost(`${sim.url}/iframes/comms`)
 * await page.goto(host.origin)
 */
export async function serveHost(walletUrl: string): Promise<{ origin: string } & AsyncDisposable> {
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html')
    res.end(
      `<!doctype html><body style="margin:0;background:#888"><script data-wallet="${walletUrl}">${HOST_SCRIPT}</script></body>`,
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://localhost:${(server.address() as AddressInfo).port}`,
    [Symbol.asyncDispose]: () => {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** The wallet's answer to the request `id` (a tRPC result or error). */
export async function answerOf(page: Page, id: string) {
  await page.waitForFunction((key) => window.answers[key] !== undefined, id)
  return page.evaluate((key) => window.answers[key] ?? {}, id)
}

/** Sends a request from the host page and waits for the wallet's answer. */
export async function request(page: Page, id: string, path: string, input?: unknown) {
  await page.evaluate(([key, procedure, value]) => window.send(key, procedure, value), [
    id,
    path,
    input,
  ] as const)
  return answerOf(page, id)
}
