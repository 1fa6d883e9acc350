import type { DefiDecomposition, TokenBalance } from '@webwallet/protocol'
import { useCallback, useEffect, useState } from 'react'
import type { Portfolio } from '../../portfolio/portfolio'

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
 * address; nothing is read until there is an address.
 *
 * @example
 * const { balances, loading } = usePortfolio(wallet.portfolio, account?.address)
 */
export function usePortfolio(portfolio: Portfolio, address: string | undefined): UsePortfolioResult {
  const [balances, setBalances] = useState<TokenBalance[] | undefined>(undefined)
  const [defi, setDefi] = useState<DefiDecomposition | undefined>(undefined)
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState<unknown>(undefined)
  const [round, setRound] = useState(0)

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
      .catch((e: unknown) => live && setError(e))
      .finally(() => live && setLoading(false))
    return () => {
      live = false
    }
  }, [portfolio, address, round])

  const refresh = useCallback(() => setRound((r) => r + 1), [])
  return { balances, defi, loading, error, refresh }
}
