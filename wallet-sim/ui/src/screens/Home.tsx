// The wallet page with nothing to approve: the account (or a login button), its balances with their USD
// value where the backend has a price, and logout.
import { addressKey, compactAddress, ETH_ADDRESS, STRK_ADDRESS } from '@webwallet/protocol'
import { type Market, tokenOf } from '@webwallet/wallet-sim/core'
import type { Account, PageClient } from '@webwallet/wallet-sim/page'
import { useEffect, useState } from 'react'
import { formatAmount, formatUsd, usdValue } from '../components/format'
import { useMarket } from './screenData'

export interface HomeProps {
  /** The wallet server; with `market`, the balances show their USD value too. */
  api: Pick<PageClient, 'account' | 'logout' | 'isLoggedIn'> & Partial<Pick<PageClient, 'market'>>
  onLogin: () => void
  /** Bumped by the app after a login, to reload the account. */
  version: number
}

/** @example <Home api={api} onLogin={login} version={0} /> */
export function Home({ api, onLogin, version }: HomeProps) {
  const [account, setAccount] = useState<Account>()
  const [failure, setFailure] = useState<string>()
  const [loggedOut, setLoggedOut] = useState(0)
  const [attempt, setAttempt] = useState(0)
  const loggedIn = api.isLoggedIn()
  const market = useMarket(api.market ? (api as Pick<PageClient, 'market'>) : undefined)
  const prices = market.status === 'ready' ? market.value : undefined
  // biome-ignore lint/correctness/useExhaustiveDependencies: version, loggedOut and attempt are reload triggers
  useEffect(() => {
    setAccount(undefined)
    setFailure(undefined)
    if (!loggedIn) return
    let live = true
    api.account().then(
      (next) => live && setAccount(next),
      (error: unknown) => live && setFailure(error instanceof Error ? error.message : String(error)),
    )
    return () => {
      live = false
    }
  }, [api, loggedIn, version, loggedOut, attempt])

  if (!loggedIn) {
    return (
      <main className="screen home">
        <span className="brand" aria-hidden="true">
          wallet-sim
        </span>
        <h1>Your wallet</h1>
        <p>Log in with your e-mail address to see your account.</p>
        <button type="button" className="primary" onClick={onLogin}>
          Log in
        </button>
      </main>
    )
  }
  return (
    <main className="screen home">
      <span className="brand" aria-hidden="true">
        wallet-sim
      </span>
      <h1>Your wallet</h1>
      {account ? (
        <dl className="fields">
          <dt>E-mail</dt>
          <dd>{account.email}</dd>
          <dt>Account</dt>
          <dd title={account.address}>{compactAddress(account.address)}</dd>
          <dt>Status</dt>
          <dd>{account.deployed ? 'deployed' : 'not deployed yet'}</dd>
          <dt>Balances</dt>
          <dd>
            {formatAmount(account.balances.STRK, STRK_ADDRESS)}
            {usdText(account.balances.STRK, STRK_ADDRESS, prices)},{' '}
            {formatAmount(account.balances.ETH, ETH_ADDRESS)}
            {usdText(account.balances.ETH, ETH_ADDRESS, prices)}
          </dd>
        </dl>
      ) : failure ? (
        <div className="failure">
          <p className="error" role="alert">
            Could not load your account: {failure}
          </p>
          <button type="button" className="secondary" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </div>
      ) : (
        <p className="loading" role="status">
          <span className="spinner" aria-hidden="true" /> Loading your account…
        </p>
      )}
      <a className="button secondary" href="/apps">
        Connected apps
      </a>
      <button
        type="button"
        className="secondary"
        onClick={() => void api.logout().finally(() => setLoggedOut((n) => n + 1))}
      >
        Log out
      </button>
    </main>
  )
}

/** ` ($299.99)`: the balance's USD value at the backend's price; nothing without one. */
function usdText(amount: string | bigint, token: string, prices: Market | undefined): string {
  const usd = prices?.get(addressKey(token))?.usd
  const decimals = tokenOf(token)?.decimals
  return usd === undefined || decimals === undefined
    ? ''
    : ` (${formatUsd(usdValue(BigInt(amount), decimals, usd))})`
}
