// /review: every call of the transaction, decoded, before anything is signed and sent.
import type { Call } from '@webwallet/protocol'
import { Screen } from '../components/Screen'
import { decodeCall } from '../wallet/decodeCalls'

export interface ReviewProps {
  origin: string
  calls: Call[]
  /** The account is not deployed yet: approving deploys it first. */
  deploysFirst?: boolean
  onAnswer: (approved: boolean) => void
}

/** @example <Review origin={origin} calls={calls} onAnswer={prompt.answer} /> */
export function Review({ origin, calls, deploysFirst, onAnswer }: ReviewProps) {
  return (
    <Screen
      title="Review transaction"
      origin={origin}
      onApprove={() => onAnswer(true)}
      onReject={() => onAnswer(false)}
      approveLabel="Confirm"
    >
      {deploysFirst ? <p className="note">Your account is deployed first, in its own transaction.</p> : null}
      <ol className="calls" aria-label="Calls">
        {calls.map((call, index) => {
          const decoded = decodeCall(call)
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: calls have no identity besides their position
            <li key={index} className="call">
              <div className="call-head">
                <strong title={decoded.contract}>{decoded.contractLabel}</strong> ·{' '}
                <code>{decoded.entrypoint}</code>
              </div>
              {decoded.summary ? <p className="summary">{decoded.summary}</p> : null}
              <ul className="calldata" aria-label={`Calldata of call ${index + 1}`}>
                {decoded.calldata.map((felt, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: calldata entries are positional
                  <li key={i}>
                    <code>{felt}</code>
                  </li>
                ))}
              </ul>
            </li>
          )
        })}
      </ol>
    </Screen>
  )
}
