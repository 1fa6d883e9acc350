// /signMessage: the SNIP-12 domain and message exactly as the dapp sent them.
import type { TypedData } from '@webwallet/protocol'
import { Screen } from '../components/Screen'

export interface SignMessageProps {
  origin: string
  typedData: TypedData
  onAnswer: (approved: boolean) => void
}

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

/** @example <SignMessage origin={origin} typedData={typedData} onAnswer={prompt.answer} /> */
export function SignMessage({ origin, typedData, onAnswer }: SignMessageProps) {
  return (
    <Screen
      title="Sign message"
      origin={origin}
      onApprove={() => onAnswer(true)}
      onReject={() => onAnswer(false)}
      approveLabel="Sign"
    >
      <dl className="fields">
        {Object.entries(typedData.domain).map(([key, value]) => (
          <div key={key} className="field">
            <dt>{key}</dt>
            <dd>{text(value)}</dd>
          </div>
        ))}
        <div className="field">
          <dt>type</dt>
          <dd>{typedData.primaryType}</dd>
        </div>
      </dl>
      <pre className="message" role="note" aria-label="Message">
        {JSON.stringify(typedData.message, null, 2)}
      </pre>
    </Screen>
  )
}
