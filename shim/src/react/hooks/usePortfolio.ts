import type { DefiDecomposition, TokenBalance } from '@webwallet/protocol'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { Portfolio } from '../../portfolio/portfolio'
import type { HookErrorOptions } from './errorOptions'

/** What {@link usePortfolio} answers. */
export interface UsePortfolioResult {
  readonly balances: TokenBalance[] | undefined
  readonly defi: DefiDecomposition | undefined
  readonly loading: boolean
  readonly error: unknown
  refresh(): void
}

/**
 * Balances (polled by the SDK until the backend has initialised the account) and DeFi positions of an
 * address; nothing is read until there is an address. A failed read is in `error` and goes to `onError`.
 *
 * @example
 * const { balances, loading } = usePortfolio(wallet.portfolio, account?.address)
 */
export function usePortfolio(
  portfolio: Portfolio,
  address: string | undefined,
  options?: Pick<HookErrorOptions, 'onError'>,
): UsePortfolioResult {
  const [balances, setBalances] = useState<TokenBalance[] | undefined>(undefined)
  const [defi, setDefi] = useState<DefiDecomposition | undefined>(undefined)
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState<unknown>(undefined)
  const [round, setRound] = useState(0)
  const errorOptions = useRef(options)
  errorOptions.current = options

  useEffect(() => {
    if (!address) return
    let live = true
    setLoading(true)
    setError(undefined)
    // `round` re-runs the reads on refresh().
    void round
    Promise.all([portfolio.balances(address), portfolio.defi(address)])
      .then(([nextBalances, nextDefi]) => {
        if (!live) return
        setBalances(nextBalances)
        setDefi(nextDefi)
      })
      .catch((e: unknown) => {
        if (!live) return
        setError(e)
        errorOptions.current?.onError?.(e)
      })
      .finally(() => live && setLoading(false))
    return () => {
      live = false
    }
  }, [portfolio, address, round])

  const refresh = useCallback(() => setRound((r) => r + 1), [])
  return { balances, defi, loading, error, refresh }
}
