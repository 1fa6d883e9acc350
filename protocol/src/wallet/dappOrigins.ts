// The dapp allow-list as the hosted wallet enforces it: which pages may embed /iframes/comms (CSP
// frame-ancestors) and which origins the wallet page treats as listed. Pure code: the wallet UI bundles it
// too, so the server's header and the page's own check can never disagree.

/** The id of the JSON data block in each wallet page that carries the allow-list. */
export const ALLOWED_DAPPS_ELEMENT_ID = 'wallet-allowed-dapps'

/** A parsed allow-list entry: a bare host (any port, http or https) or one exact origin. */
export type DappEntry = { kind: 'host'; host: string } | { kind: 'origin'; origin: string }

// A DNS name or an IPv4 address. Nothing else may reach a header: `;`, spaces or quotes in an entry would
// add CSP directives. IPv6 literals are left out: CSP host-sources cannot name them.
const HOST = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/

/**
 * Parses one entry (`localhost`, `app.example`, `http://localhost:5173`); undefined when it is neither a
 * plain host nor an http(s) origin without path, query or credentials.
 *
 * @example parseDappEntry('http://localhost:5173') // { kind: 'origin', origin: 'http://localhost:5173' }
 */
export function parseDappEntry(entry: string): DappEntry | undefined {
  const text = entry.trim().toLowerCase()
  if (!text.includes('://')) return HOST.test(text) ? { kind: 'host', host: text } : undefined
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return undefined
  }
  const bare = `${url.protocol}//${url.host}`
  const clean = text === bare || text === `${bare}/`
  if (!clean || (url.protocol !== 'http:' && url.protocol !== 'https:') || !HOST.test(url.hostname)) {
    return undefined
  }
  return { kind: 'origin', origin: url.origin }
}

/** The valid entries of a list, parsed (invalid ones are dropped, never half-used). */
export function parseDappList(entries: readonly string[]): DappEntry[] {
  return entries.flatMap((entry) => {
    const parsed = parseDappEntry(entry)
    return parsed ? [parsed] : []
  })
}

/**
 * The CSP `frame-ancestors` sources of a list: a host becomes `http://host:* https://host:*`, an origin
 * itself; `'none'` when nothing valid is listed.
 *
 * @example frameAncestors(['localhost']) // "http://localhost:* https://localhost:*"
 */
export function frameAncestors(entries: readonly string[]): string {
  const sources = parseDappList(entries).flatMap((entry) =>
    entry.kind === 'host' ? [`http://${entry.host}:*`, `https://${entry.host}:*`] : [entry.origin],
  )
  return sources.length === 0 ? "'none'" : [...new Set(sources)].join(' ')
}

/**
 * Whether a page origin (an `event.origin`, a referrer's origin) is on the list: same host for a host entry
 * (http or https, any port), the exact origin for an origin entry. `null`, garbage and other schemes never.
 *
 * @example isListedOrigin('http://localhost:5173', ['localhost']) // true
 */
export function isListedOrigin(origin: string, entries: readonly string[]): boolean {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false
  return parseDappList(entries).some((entry) =>
    entry.kind === 'host' ? entry.host === url.hostname : entry.origin === url.origin,
  )
}
