// The review's fee: estimating, the estimate in the fee token and in USD, or what failed (with a retry
// when the wallet server or its node could not be asked; the user can always reject). A transaction that
// would fail has no fee: the review's WillFail banner says why.
import { addressKey } from '@webwallet/protocol'
import { type Market, tokenOf } from '@webwallet/wallet-sim/core'
import type { TransactionReview } from '@webwallet/wallet-sim/page'
import { formatRounded, formatUsd, usdValue } from '../components/format'
import type { Loaded } from './screenData'

export interface FeeEstimateProps {
  review: Loaded<TransactionReview>
  market: Loaded<Market>
  onRetry: () => void
}

/** The fee token as the backend lists it (with its USD price), else as the wallet knows it. */
function feeTokenOf(feeToken: string, market: Loaded<Market>) {
  const listed = market.status === 'ready' ? market.value.get(addressKey(feeToken)) : undefined
  return listed ?? tokenOf(feeToken) ?? { symbol: 'base units of the fee token', decimals: 0 }
}

/** `0.0097 STRK (< $0.01)`, the USD part only where the backend has a price. */
function feeText(amount: bigint, feeToken: string, market: Loaded<Market>): { token: string; usd?: string } {
  const token: { symbol: string; decimals: number; usd?: number } = feeTokenOf(feeToken, market)
  const text = formatRounded(amount, token)
  return token.usd === undefined
    ? { token: text }
    : { token: text, usd: formatUsd(usdValue(amount, token.decimals, token.usd)) }
}

/** Whether the estimate lets the transaction go: it would not fail, and the balance holds the most it may charge. */
export function feeCovered(review: TransactionReview): boolean {
  // The network admits a transaction only if the account holds the most it may charge.
  return !('error' in review.fee) && BigInt(review.balance) >= BigInt(review.fee.maxAmount)
}

/** @example <FeeEstimate review={review} market={market} onRetry={retry} /> */
export function FeeEstimate({ review, market, onRetry }: FeeEstimateProps) {
  if (review.status === 'loading') {
    return (
      <p className="fee loading" role="status">
        <span className="spinner" aria-hidden="true" /> Estimating the fee…
      </p>
    )
  }
  if (review.status === 'failed') {
    return (
      <div className="fee failed">
        <p role="alert">Could not estimate the fee: {review.message}</p>
        <p className="note">Confirm is off until the wallet has checked the transaction.</p>
        <button type="button" className="secondary small" onClick={onRetry}>
          Try again
        </button>
      </div>
    )
  }
  const { fee, feeToken, deploysFirst } = review.value
  if ('error' in fee) {
    return <p className="fee failed">None: the network would not run this transaction.</p>
  }
  const expected = feeText(BigInt(fee.amount), feeToken, market)
  const most = feeText(BigInt(fee.maxAmount), feeToken, market)
  const short = !feeCovered(review.value)
  return (
    <div className={short ? 'fee failed' : 'fee'} role="status">
      <p className="fee-amount">
        <strong>{expected.token}</strong>
        {expected.usd ? <span className="usd"> ({expected.usd})</span> : null}
      </p>
      <p className="note">
        At most {most.token}
        {most.usd ? ` (${most.usd})` : ''}
        {deploysFirst ? ', deploying your account included' : ''}
        {market.status === 'failed' ? '. No USD price: the price service did not answer' : ''}
      </p>
      {short ? (
        <p role="alert">
          Not enough {feeTokenOf(feeToken, market).symbol} for the fee: you have{' '}
          {formatRounded(BigInt(review.value.balance), feeTokenOf(feeToken, market), 'down')}. The network
          refuses the transaction.
        </p>
      ) : null}
    </div>
  )
}
