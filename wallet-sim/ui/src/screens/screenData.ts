// What the screens load, in one place: the account and the chain's clock for each prompt, the review of a
// transaction (fee estimate, contract names) and the backend's token prices. Each has its own state, so
// prices that fail to load only cost the USD line, and an estimate that fails can be retried. What the
// screens show of the request itself is read by the wallet core (decodeCall, sessionView, signMessageView).
import type { Call } from '@webwallet/protocol'
import {
  CHAIN_TICK_MS,
  type ChainClock,
  chainClockFrom,
  type Market,
  type PendingPrompt,
} from '@webwallet/wallet-sim/core'
import type { Account, PageClient, TransactionReview } from '@webwallet/wallet-sim/page'
import { useCallback, useEffect, useState } from 'react'

export type Loaded<T> =
  | { status: 'loading' }
  | { status: 'ready'; value: T }
  | { status: 'failed'; message: string }

export interface ReviewApi {
  review(origin: string, calls: Call[]): Promise<TransactionReview>
  market(): Promise<Market>
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** Runs `load` when its inputs change (and on `retry`), ignoring answers that arrive after an unmount. */
function useLoaded<T>(load: () => Promise<T>): [Loaded<T>, () => void] {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the same load on retry
  useEffect(() => {
    let live = true
    setState({ status: 'loading' })
    load().then(
      (value) => live && setState({ status: 'ready', value }),
      (error: unknown) => live && setState({ status: 'failed', message: messageOf(error) }),
    )
    return () => {
      live = false
    }
  }, [load, attempt])
  return [state, useCallback(() => setAttempt((n) => n + 1), [])]
}

/**
 * The review screen's data: the wallet server's review of `calls` and the backend's prices.
 *
 * @example
 * const { review, market, retry } = useReview(api, origin, calls)
 */
export function useReview(api: ReviewApi, origin: string, calls: Call[]) {
  const [review, retry] = useLoaded(useCallback(() => api.review(origin, calls), [api, origin, calls]))
  const [market] = useLoaded(useCallback(() => api.market(), [api]))
  return { review, market, retry }
}

const NO_MARKET = () => Promise.reject(new Error('No price service'))

/**
 * The backend's tokens and prices alone (the outside-execution screen's balance changes).
 *
 * @example
 * const market = useMarket(api)
 */
export function useMarket(api: Pick<ReviewApi, 'market'> | undefined): Loaded<Market> {
  const [market] = useLoaded(useCallback(() => (api ? api.market() : NO_MARKET()), [api]))
  return market
}

interface LoadedAccount {
  account: Account
  /** The prompt the answer was asked for: its chain time is that prompt's, never an older one's. */
  promptId: number
  chainClock: ChainClock | undefined
}

/**
 * The account, read again for each prompt (the last one stays on screen meanwhile), and the chain's clock
 * from the answer for this prompt only: an older answer's chain time may predate a move of the chain's clock.
 *
 * @example
 * const { account, chainClock } = useAccount(api, prompts.current())
 */
export function useAccount(
  api: Pick<PageClient, 'account' | 'isLoggedIn'>,
  prompt: PendingPrompt | undefined,
): { account: Account | undefined; chainClock: ChainClock | undefined } {
  const [loaded, setLoaded] = useState<LoadedAccount>()
  const id = prompt?.id
  const kind = prompt?.kind
  useEffect(() => {
    if (id === undefined || kind === 'login' || !api.isLoggedIn()) return
    let live = true
    api.account().then(
      (next) =>
        live && setLoaded({ account: next, promptId: id, chainClock: chainClockFrom(next.chainTime) }),
      () => {},
    )
    return () => {
      live = false
    }
  }, [api, id, kind])
  return {
    account: loaded?.account,
    chainClock: loaded !== undefined && loaded.promptId === id ? loaded.chainClock : undefined,
  }
}

/**
 * The chain's time in seconds, read again every {@link CHAIN_TICK_MS}; undefined without a clock.
 *
 * @example const now = useChainNow(chainClock) // then: expiresAt > now
 */
export function useChainNow(clock: ChainClock | undefined): number | undefined {
  const [now, setNow] = useState(() => clock?.now())
  useEffect(() => {
    setNow(clock?.now())
    if (clock === undefined) return
    const timer = setInterval(() => setNow(clock.now()), CHAIN_TICK_MS)
    return () => clearInterval(timer)
  }, [clock])
  return now
}
