// /review: what the transaction does, in words, what it does to the balances (with USD), and what it costs,
// before anything is signed and sent. The raw calls (contract, entry point, calldata) are one "Details"
// away. Confirm works only once the estimate says the transaction goes through: while it runs, when it
// could not be had (retry), when the node says the transaction would revert or be refused, or when the
// balance cannot cover the fee, only Reject does.
import type { Call } from '@webwallet/protocol'
import { decodeCall } from '@webwallet/wallet-sim/core'
import { AccountLine } from '../components/AccountLine'
import { BalanceChanges } from '../components/BalanceChanges'
import { Screen } from '../components/Screen'
import { FeeEstimate, feeCovered } from './FeeEstimate'
import { type ReviewApi, useReview } from './screenData'
import { WillFail } from './WillFail'

export interface ReviewProps {
  origin: string
  calls: Call[]
  /** The wallet server's review and the backend's prices. */
  api: ReviewApi
  /** The user's address, so a transfer to it says "your account". */
  self?: string | undefined
  /** The account is not deployed yet: approving deploys it first (the server's review says so too). */
  deploysFirst?: boolean
  /** The signing account and its network, from the wallet server: shown as "Network" and "From". */
  account?: { address: string; email: string; chainId?: string } | undefined
  onAnswer: (approved: boolean) => void
}

/** @example <Review origin={origin} calls={calls} api={api} onAnswer={prompt.answer} /> */
export function Review({ origin, calls, api, self, deploysFirst, account, onAnswer }: ReviewProps) {
  const { review, market, retry } = useReview(api, origin, calls)
  const context = {
    market: market.status === 'ready' ? market.value : undefined,
    contracts: review.status === 'ready' ? review.value.contracts : undefined,
    self,
  }
  const decoded = calls.map((call) => decodeCall(call, context))
  const deploys = review.status === 'ready' ? review.value.deploysFirst : deploysFirst
  const fee = review.status === 'ready' ? review.value.fee : undefined
  const failure = fee !== undefined && 'error' in fee ? fee : undefined
  // A call that does not read as one set of felts is never confirmed (the handler refuses it before this).
  const unreadable = decoded.some((call) => call.unreadable !== undefined)
  return (
    <Screen
      title="Confirm transaction"
      origin={origin}
      onApprove={() => onAnswer(true)}
      onReject={() => onAnswer(false)}
      approveLabel="Confirm"
      approveBlocked={unreadable || review.status !== 'ready' || !feeCovered(review.value)}
    >
      {failure ? <WillFail failure={failure} summaries={decoded.map((call) => call.summary)} /> : null}
      {account ? <AccountLine account={account} /> : null}
      {deploys ? <p className="note">Your account is deployed first, in its own transaction.</p> : null}
      <h2>{calls.length === 1 ? 'What it does' : `What it does (${calls.length} calls)`}</h2>
      <ol className="calls" aria-label="What it does">
        {decoded.map((call, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: calls have no identity besides their position
          <li key={index} className="call">
            <p className="summary">{call.summary}</p>
          </li>
        ))}
      </ol>
      <BalanceChanges calls={decoded} market={context.market} pricesFailed={market.status === 'failed'} />
      <h2>Network fee</h2>
      <section aria-label="Network fee">
        <FeeEstimate review={review} market={market} onRetry={retry} />
      </section>
      <details className="raw">
        <summary>Details</summary>
        <ol className="calls" aria-label="Raw calls">
          {decoded.map((call, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: calls have no identity besides their position
            <li key={index} className="call">
              <dl className="fields">
                <div className="field">
                  <dt>Contract</dt>
                  <dd>
                    {call.contractLabel === call.contract ? null : `${call.contractLabel} `}
                    <code>{call.contract}</code>
                  </dd>
                </div>
                <div className="field">
                  <dt>Entry point</dt>
                  <dd>
                    <code>{call.entrypoint}</code>
                  </dd>
                </div>
                <div className="field">
                  <dt>Calldata (the felts signed)</dt>
                  <dd>
                    {call.calldata.length === 0 ? 'none' : null}
                    <ul className="calldata" aria-label={`Calldata of call ${index + 1}`}>
                      {call.calldata.map((felt, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: calldata entries are positional
                        <li key={i}>
                          <code>{felt}</code>
                        </li>
                      ))}
                    </ul>
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ol>
        {failure ? (
          <>
            <h3>Why it would fail</h3>
            <pre className="message">{failure.detail ?? failure.error}</pre>
          </>
        ) : null}
      </details>
    </Screen>
  )
}
