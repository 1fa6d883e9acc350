import { ALLOWLIST_CACHE_MS, ENVIRONMENTS, networkFromWalletUrl } from '@webwallet/protocol/constants'

/** Options of {@link getAllowlist}. */
export type AllowlistOptions = {
  /** The JSON file (`{allowedDapps: string[]}`), see {@link allowlistUrl}. */
  url: string
  fetch?: typeof fetch | undefined
  /** The browser's Cache Storage; without it the list is fetched every time. */
  caches?: CacheStorage | undefined
  now?: (() => number) | undefined
}

/** Cache Storage bucket and the header that stamps when an entry was stored. */
export const ALLOWLIST_CACHE_NAME = 'webwallet-allowlist'
export const ALLOWLIST_TIMESTAMP_HEADER = 'x-webwallet-cached-at'

/**
 * The allow-list file for a wallet URL: wallet-sim serves `/allowlist/{mainnet|sepolia}.json` on its own
 * origin in dev (localhost); the hosted wallets use the static files of protocol's environments.
 *
 * @example
 * allowlistUrl('http://localhost:3005') // 'http://localhost:3005/allowlist/sepolia.json'
 */
export function allowlistUrl(walletUrl: string): string {
  const { origin, hostname } = new URL(walletUrl)
  const network = networkFromWalletUrl(walletUrl)
  if (hostname === 'localhost' || hostname === '127.0.0.1') return `${origin}/allowlist/${network}.json`
  return ENVIRONMENTS[network].allowListUrl
}

/**
 * The dapp host names allowed to embed the wallet in an iframe, cached 24 h in Cache Storage.
 * A failed or malformed fetch yields a stale cached copy if any, else an empty list (so: popup).
 *
 * @example
 * const hosts = await getAllowlist({ url: allowlistUrl(walletUrl), caches })
 */
export async function getAllowlist(options: AllowlistOptions): Promise<string[]> {
  const now = options.now ?? Date.now
  const doFetch = options.fetch ?? globalThis.fetch
  const cache = await options.caches?.open(ALLOWLIST_CACHE_NAME).catch(() => undefined)
  const cached = await cache?.match(options.url).catch(() => undefined)
  let stale: string[] | undefined
  if (cached) {
    const storedAt = Number(cached.headers.get(ALLOWLIST_TIMESTAMP_HEADER))
    stale = parseAllowlist(await cached.json().catch(() => undefined))
    if (stale && Number.isFinite(storedAt) && now() - storedAt < ALLOWLIST_CACHE_MS) return stale
  }
  try {
    const response = await doFetch(options.url)
    const list = response.ok ? parseAllowlist(await response.json()) : undefined
    if (!list) return stale ?? []
    await cache
      ?.put(
        options.url,
        new Response(JSON.stringify({ allowedDapps: list }), {
          headers: { 'content-type': 'application/json', [ALLOWLIST_TIMESTAMP_HEADER]: String(now()) },
        }),
      )
      .catch(() => undefined)
    return list
  } catch {
    return stale ?? []
  }
}

function parseAllowlist(json: unknown): string[] | undefined {
  const list = (json as { allowedDapps?: unknown } | undefined)?.allowedDapps
  if (!Array.isArray(list) || !list.every((entry) => typeof entry === 'string')) return undefined
  return list
}
