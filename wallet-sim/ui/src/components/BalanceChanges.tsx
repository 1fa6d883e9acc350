// The review's "Balance changes": what leaves and reaches the user's account, per token, with its USD value
// where the backend has a price. Summed from the decoded calls (the felts signed), never from the dapp's
// words; a call whose effect the wallet cannot tell is named as such, not shown as "no change".
import { type DecodedCall, type Market, sumBalanceChanges } from '@webwallet/wallet-sim/core'
import { formatRounded, formatUsd, usdValue } from './format'

export interface BalanceChangesProps {
  calls: readonly DecodedCall[]
  /** The backend's tokens and prices, once loaded. */
  market: Market | undefined
  /** The price service did not answer: amounts only, and the screen says why. */
  pricesFailed?: boolean
}

/** `−0.01 STRK`: what leaves rounds up, what arrives rounds down (never shown better than it is). */
function amountText(delta: bigint, token: { symbol: string; decimals: number }): string {
  const out = delta < 0n
  const text = formatRounded(out ? -delta : delta, token, out ? 'up' : 'down', 6)
  return `${out ? '−' : '+'}${text}`
}

/** @example <BalanceChanges calls={decoded} market={market} /> */
export function BalanceChanges({ calls, market, pricesFailed }: BalanceChangesProps) {
  const { changes, unknown } = sumBalanceChanges(calls)
  const moved = changes.filter((change) => change.delta !== 0n)
  return (
    <section aria-label="Balance changes">
      <h2>Balance changes</h2>
      {moved.length === 0 && unknown.length === 0 ? (
        <p className="note">No token leaves or reaches your account, only the network fee below is paid.</p>
      ) : null}
      {moved.length > 0 ? (
        <ul className="changes">
          {moved.map((change) => {
            const usd = market?.get(change.token)?.usd
            const abs = change.delta < 0n ? -change.delta : change.delta
            return (
              <li key={change.token} className={change.delta < 0n ? 'change out' : 'change in'}>
                <strong>{amountText(change.delta, change)}</strong>
                {usd === undefined ? null : (
                  <span className="usd">
                    {' '}
                    ({change.delta < 0n ? '−' : '+'}
                    {formatUsd(usdValue(abs, change.decimals, usd))})
                  </span>
                )}
              </li>
            )
          })}
        </ul>
      ) : null}
      {unknown.length > 0 ? (
        <p className="note" role="note" aria-label="Unknown balance changes">
          The wallet cannot tell how {unknown.length === 1 ? 'this call changes' : 'these calls change'} your
          balances: {unknown.join('; ')}.
        </p>
      ) : null}
      {moved.length > 0 ? (
        <p className="note">
          Plus the network fee below{pricesFailed ? '. No USD price: the price service did not answer' : ''}.
        </p>
      ) : null}
    </section>
  )
}
