// The review's verdict when the node says the transaction would not go through: which call fails, why in
// plain words where the reason is a known one, the node's own words beside them, and why Confirm is off.
// Like Argent's and Braavos's "transaction will fail" banner: the user can only reject.
import type { ReviewFailure } from '@webwallet/wallet-sim/page'

export interface WillFailProps {
  failure: ReviewFailure
  /** Each call's summary in words (`Transfer 5 STRK to 0x12…34`), in the request's order. */
  summaries: readonly string[]
}

/** Contract and node reasons a user meets, said plainly; anything else is shown as the node wrote it. */
const PLAIN: readonly [RegExp, string][] = [
  [
    /insufficient balance|u256_sub Overflow|exceeds balance/i,
    'your account does not hold that much of the token',
  ],
  [/insufficient allowance/i, 'the spender may not move that much of your tokens'],
  [/fee token balance|balance is smaller than/i, 'your account cannot pay the network fee'],
  [/nonce/i, 'another transaction of your account was sent first'],
  [/validat/i, 'your account would not accept it'],
  [/not deployed|not found|does not exist/i, 'it calls a contract or function that is not on this network'],
]

export function plainReason(reason: string): string | undefined {
  return PLAIN.find(([pattern]) => pattern.test(reason))?.[1]
}

/** @example <WillFail failure={review.fee} summaries={decoded.map((c) => c.summary)} /> */
export function WillFail({ failure, summaries }: WillFailProps) {
  const reverts = failure.kind === 'reverts'
  const named = failure.call ?? (summaries.length === 1 ? 0 : undefined)
  const which = named === undefined ? undefined : summaries[named]
  const subject = which === undefined ? (reverts ? 'One of its calls' : 'It') : `“${which}”`
  const plain = plainReason(failure.error)
  return (
    <section className="will-fail" role="alert" aria-labelledby="will-fail-title">
      <h2 id="will-fail-title">
        {reverts ? 'This transaction will fail' : 'The network refuses this transaction'}
      </h2>
      <p>
        {subject} {reverts ? 'would fail' : 'would be refused'}: {plain ?? <q>{failure.error}</q>}.
      </p>
      {plain ? (
        <p className="note">
          The network says: <q>{failure.error}</q>
        </p>
      ) : null}
      <p className="note">
        Confirm is off: the wallet does not send what it knows will fail
        {reverts ? ' (a failed transaction still pays its fee)' : ''}. Reject it and check the request in the
        app.
      </p>
    </section>
  )
}
