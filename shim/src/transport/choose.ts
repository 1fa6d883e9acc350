import { DEFAULT_HEAP_LIMIT_BYTES } from '@webwallet/protocol/constants'
import { allowlistUrl, getAllowlist } from './allowlist'
import { type BrowserInfo, browserInfo, isChromeLike } from './browser'

/** How the hosted wallet is shown. */
export type WindowTransport = 'iframe' | 'popup'

/** Every input of the transport choice; {@link chooseTransport} reads the page's own by default. */
export type ChooseTransportOptions = {
  /** The hosted wallet's URL (its origin and network pick the allow-list). */
  walletUrl: string
  browser?: BrowserInfo | undefined
  /** The host page's `location.hostname`. */
  hostname?: string | undefined
  /** `navigator.storage.estimate`; missing means no storage guarantee (popup). */
  storageEstimate?: (() => Promise<{ quota?: number | undefined }>) | undefined
  /** `performance.memory.jsHeapSizeLimit`; 1 GiB when the browser does not tell. */
  heapLimit?: number | undefined
  fetch?: typeof fetch | undefined
  caches?: CacheStorage | undefined
  now?: (() => number) | undefined
}

/**
 * Picks iframe or popup (docs/protocol.md, Connection states): iframe only in a Chrome-like browser whose
 * storage quota is at least twice the heap limit (an iframe's storage is evicted first) and on the allow-list.
 *
 * @example
 * const transport = await chooseTransport({ walletUrl: 'https://web.argent.xyz' }) // 'iframe' | 'popup'
 */
export async function chooseTransport(options: ChooseTransportOptions): Promise<WindowTransport> {
  const g = globalThis as {
    navigator?: { storage?: { estimate?: () => Promise<{ quota?: number }> } }
    performance?: { memory?: { jsHeapSizeLimit?: number } }
    location?: { hostname?: string }
    caches?: CacheStorage
  }
  if (!isChromeLike(options.browser ?? browserInfo())) return 'popup'

  const estimate =
    options.storageEstimate ?? g.navigator?.storage?.estimate?.bind(g.navigator.storage) ?? undefined
  const quota = estimate ? ((await estimate().catch(() => undefined))?.quota ?? 0) : 0
  const heapLimit = options.heapLimit ?? g.performance?.memory?.jsHeapSizeLimit ?? DEFAULT_HEAP_LIMIT_BYTES
  if (quota < 2 * heapLimit) return 'popup'

  const hostname = options.hostname ?? g.location?.hostname ?? ''
  const allowed = await getAllowlist({
    url: allowlistUrl(options.walletUrl),
    fetch: options.fetch,
    caches: options.caches ?? g.caches,
    now: options.now,
  })
  return allowed.includes(hostname) ? 'iframe' : 'popup'
}
