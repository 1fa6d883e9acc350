// The consent's fee limits: each cap in its token and in USD (the review's price source), worded for both
// ways the session's transactions may pay gas, since the consent cannot know which the app will use.
import { addressKey, compactAddress } from '@webwallet/protocol'
import { type Market, tokenOf } from '@webwallet/wallet-sim/core'
import type { Loaded } from '../screens/screenData'
import { formatAmount, formatUsd, usdValue } from './format'

export interface SessionFeesProps {
  feeCaps: readonly { token: string; maxAmount: bigint }[]
  /** The caps whose token the session may also `transfer`, to the paymaster only (gasless gas payments). */
  gasPayments: readonly { token: string }[]
  market: Loaded<Market>
}

/** `5 STRK (≈ $1.50)`: the USD part only where the backend has a price for the token. */
function capText(amount: bigint, token: string, market: Loaded<Market>): string {
  const known = tokenOf(token)
  let text: string
  try {
    text = formatAmount(amount, token)
  } catch {
    text = `${amount} base units of ${compactAddress(token)}`
  }
  const listed = market.status === 'ready' ? market.value.get(addressKey(token)) : undefined
  const decimals = listed?.decimals ?? known?.decimals
  if (listed?.usd === undefined || decimals === undefined) return text
  return `${text} (≈ ${formatUsd(usdValue(amount, decimals, listed.usd))})`
}

/** @example <SessionFees feeCaps={view.feeCaps} gasPayments={view.gasPayments} market={market} /> */
export function SessionFees({ feeCaps, gasPayments, market }: SessionFeesProps) {
  const viaPaymaster = feeCaps.filter(({ token }) => gasPayments.some((gas) => gas.token === token))
  return (
    <>
      <p>Network fees, in all over the session:</p>
      <ul className="list" aria-label="Fee limits">
        {feeCaps.length === 0 ? <li>none: the session's transactions may pay any network fee</li> : null}
        {feeCaps.map(({ token, maxAmount }) => (
          <li key={token}>up to {capText(maxAmount, token, market)}</li>
        ))}
      </ul>
      {viaPaymaster.length > 0 ? (
        // True in both gas modes: the account may pay its own gas, or pay the paymaster in these tokens.
        <p role="note" aria-label="Gas payment">
          Paid by the account as its own gas or to the paymaster
          {viaPaymaster.length < feeCaps.length
            ? ` (${viaPaymaster.map(({ token }) => tokenOf(token)?.symbol ?? compactAddress(token)).join(', ')})`
            : ''}
          , never to anyone else.
        </p>
      ) : null}
      {market.status === 'failed' && feeCaps.length > 0 ? (
        <p className="note">No USD value: the price service did not answer.</p>
      ) : null}
    </>
  )
}
