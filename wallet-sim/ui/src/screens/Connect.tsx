// The dapp asks to see the account: approve once per origin.
import { compactAddress } from '@webwallet/protocol'
import { Screen } from '../components/Screen'

export interface ConnectProps {
  origin: string
  address: string | undefined
  onAnswer: (approved: boolean) => void
}

/** @example <Connect origin={origin} address={account?.address} onAnswer={prompt.answer} /> */
export function Connect({ origin, address, onAnswer }: ConnectProps) {
  return (
    <Screen
      title="Connect"
      origin={origin}
      onApprove={() => onAnswer(true)}
      onReject={() => onAnswer(false)}
      approveLabel="Connect"
    >
      <p>This app wants to see your account address and ask you to sign and send transactions.</p>
      <dl className="fields">
        <dt>Account</dt>
        <dd title={address}>{address ? compactAddress(address) : '…'}</dd>
      </dl>
    </Screen>
  )
}
