// The review screen's data, fetched when it opens: the wallet server's review of the calls (fee estimate,
// contract names) and the backend's token prices. Each has its own state, so prices that fail to load only
// cost the USD line, and an estimate that fails can be retried.
import type { Call } from '@webwallet/protocol'
import type { Market, TransactionReview } from '@webwallet/wallet-sim/page'
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
