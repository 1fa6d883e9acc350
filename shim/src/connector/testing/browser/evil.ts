// A page on a third origin: records every message it receives and forges replies on request.
const received: unknown[] = []
window.addEventListener('message', (event) => received.push({ origin: event.origin, data: event.data }))
;(window as unknown as { evilTest: unknown }).evilTest = {
  received,
  /** Posts a reply shaped exactly like the wallet's to `target` (this page's parent by default). */
  forge(id: string, data: unknown, targetOrigin: string) {
    window.parent.postMessage({ trpc: { id, jsonrpc: '2.0', result: { type: 'data', data } } }, targetOrigin)
  },
}
