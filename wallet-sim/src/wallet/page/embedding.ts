// Who the wallet page works for. The server sends the dapp allow-list inside the page (a JSON data block,
// see wallet-sim/src/wallet/static.ts): an iframe answers only allow-listed embedders; a popup answers any
// opener (it is the transport of the sites that are not listed) but the screens mark those as unlisted.
import { ALLOWED_DAPPS_ELEMENT_ID, isListedOrigin } from '@webwallet/protocol/wallet'

/**
 * The allow-list the server put in the page; empty (nobody listed: fail closed) when the block is missing or
 * is not a list of strings, e.g. a page not served by wallet-sim.
 */
export function readAllowedDapps(doc: Pick<Document, 'getElementById'>): string[] {
  const text = doc.getElementById(ALLOWED_DAPPS_ELEMENT_ID)?.textContent
  if (!text) return []
  try {
    const list: unknown = JSON.parse(text)
    return Array.isArray(list) && list.every((entry) => typeof entry === 'string') ? list : []
  } catch {
    return []
  }
}

/** The parts of `window` that tell how the page runs (a fake one in tests). */
export interface EmbeddingWindow {
  readonly opener: unknown
  readonly parent: unknown
  readonly self: unknown
  /** `location.ancestorOrigins` (Chromium, Safari): every embedding page's origin, nearest first. */
  readonly ancestorOrigins?: ArrayLike<string> | undefined
}

export interface Embedding {
  /** Inside an iframe (no opener, a parent that is not the page itself). */
  framed: boolean
  /** Whether an origin is on the allow-list. */
  isListed(origin: string): boolean
  /** For a framed page: the first embedding origin we know is not listed (the page must answer nothing). */
  refusedEmbedder: string | undefined
}

const originOf = (url: string): string | undefined => {
  try {
    const origin = new URL(url).origin
    return origin === 'null' ? undefined : origin
  } catch {
    return undefined
  }
}

/**
 * Checks the page's situation against `allowedDapps`. A framed page learns its embedders from
 * `ancestorOrigins` where the browser has it (all of them must be listed, as CSP frame-ancestors demands),
 * else from the referrer; each message is checked again on arrival (windowHandler `accepts`).
 *
 * @example
 * const embedding = checkEmbedding(window, document.referrer, readAllowedDapps(document))
 * if (embedding.refusedEmbedder) showRefusal(embedding.refusedEmbedder)
 */
export function checkEmbedding(
  win: EmbeddingWindow,
  referrer: string,
  allowedDapps: readonly string[],
): Embedding {
  const isListed = (origin: string) => isListedOrigin(origin, allowedDapps)
  const framed = !win.opener && win.parent !== null && win.parent !== win.self
  let refusedEmbedder: string | undefined
  if (framed) {
    const ancestors = win.ancestorOrigins ? Array.from(win.ancestorOrigins) : []
    const known = ancestors.length > 0 ? ancestors : [originOf(referrer)].filter((o) => o !== undefined)
    refusedEmbedder = known.find((origin) => !isListed(origin))
  }
  return { framed, isListed, refusedEmbedder }
}

/**
 * The embedder the page refused, as a store for `useSyncExternalStore`: set up front by `checkEmbedding`,
 * or by the first request from an unlisted origin.
 *
 * @example
 * const refusal = createRefusal(embedding.refusedEmbedder)
 * serveWindow({ ..., onRefused: refusal.refuse })
 */
export function createRefusal(initial: string | undefined = undefined) {
  let refused = initial
  const listeners = new Set<() => void>()
  return {
    current: () => refused,
    refuse(origin: string): void {
      if (refused !== undefined) return
      refused = origin
      for (const listener of [...listeners]) listener()
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

export type Refusal = ReturnType<typeof createRefusal>
