// /signSessionKeys: what the session lets the app do without asking again.
import type { SessionSignRequest } from '@webwallet/protocol'
import { useEffect, useState } from 'react'
import { dappClaim } from '../components/dappText'
import { compactAddress, formatAmount, formatDate, fromNow, tokenOf } from '../components/format'
import { Screen } from '../components/Screen'
import { sessionView } from '../wallet/sessionView'
import type { SpendingFamily } from '../wallet/spending'

export interface SignSessionProps {
  origin: string
  request: SessionSignRequest
  /** The paymaster's gas tokens (the account's `feeTokens`): fee caps in another token are refused. */
  feeTokens?: readonly string[] | undefined
  /** Names the contracts the chain knows ('DemoCounter'); without it the screen shows addresses only. */
  contractNames?: ((addresses: string[]) => Promise<Record<string, string>>) | undefined
  onAnswer: (approved: boolean) => void
}

const tokenName = (address: string) => tokenOf(address)?.symbol ?? compactAddress(address)

/** The names of the contracts a session involves, once the wallet server answered (none if it fails). */
function useNames(
  lookup: SignSessionProps['contractNames'],
  addresses: string[],
): Readonly<Record<string, string>> {
  const [names, setNames] = useState<Record<string, string>>({})
  const key = addresses.join(',')
  useEffect(() => {
    if (!lookup || key === '') return
    let live = true
    lookup(key.split(',')).then(
      (found) => live && setNames(found),
      () => {},
    )
    return () => {
      live = false
    }
  }, [lookup, key])
  return names
}
const amountText = (amount: bigint | string, token: string) => {
  try {
    return formatAmount(amount, token)
  } catch {
    return amount
  }
}

const warningText = (family: SpendingFamily, token: string, method: string) =>
  family === 'transfer'
    ? `The app can send any amount of ${token} to anyone, without asking you again (${method}).`
    : `The app can let anyone spend any amount of your ${token}, without asking you again (${method}).`

/** @example <SignSession origin={origin} request={request} onAnswer={prompt.answer} /> */
export function SignSession({ origin, request, feeTokens, contractNames, onAnswer }: SignSessionProps) {
  const view = sessionView(request, feeTokens)
  const names = useNames(contractNames, [
    ...new Set([...view.allowedMethods.map((m) => m.contract), ...view.approvals.map((a) => a.spender)]),
  ])
  /** The token's symbol, else the contract's name, else its compact address. */
  const contractName = (address: string) =>
    tokenOf(address)?.symbol ?? names[address] ?? compactAddress(address)
  return (
    <Screen
      title="Start a session"
      origin={origin}
      onApprove={() => onAnswer(true)}
      onReject={() => onAnswer(false)}
      approveLabel="Sign session"
      approveBlocked={view.refused !== undefined}
      error={view.refused === undefined ? undefined : `This session cannot be signed. ${view.refused}`}
    >
      {view.projectId ? (
        <p className="project" role="note" aria-label="The app's name for itself">
          {dappClaim(origin, view.projectId)}
        </p>
      ) : null}
      {view.unbounded.length > 0 ? (
        <>
          <h2>Warning: unlimited spending</h2>
          <ul className="warnings" role="note" aria-label="Spending warnings">
            {view.unbounded.map(({ contract, method, family }) => (
              <li key={`${contract}:${method}`}>{warningText(family, tokenName(contract), method)}</li>
            ))}
          </ul>
        </>
      ) : null}
      <h2>Allowed calls</h2>
      <ul className="list" aria-label="Allowed calls">
        {view.allowedMethods.map(({ contract, selector }) => (
          <li key={`${contract}:${selector}`}>
            <span title={contract}>{contractName(contract)}</span> · <code>{selector}</code>
          </li>
        ))}
      </ul>
      <h2>Expires</h2>
      <p role="note" aria-label="Expiry">
        {view.expiresAt ? <Expiry at={view.expiresAt} /> : 'never'}
      </p>
      <h2>Fee limits</h2>
      <ul className="list" aria-label="Fee limits">
        {view.feeCaps.length === 0 && view.refused === undefined ? (
          <li>none: the session's transactions may pay any network fee</li>
        ) : null}
        {view.feeCaps.map(({ token, maxAmount }) =>
          view.gasPayments.some((gas) => gas.token === token) ? (
            <li key={token}>
              Gas payment in {tokenName(token)}: up to {amountText(maxAmount, token)}, only to the paymaster
            </li>
          ) : (
            <li key={token}>up to {amountText(maxAmount, token)}</li>
          ),
        )}
      </ul>
      {view.approvals.length > 0 ? (
        <>
          <h2>Approvals</h2>
          <ul className="list" aria-label="Approvals">
            {view.approvals.map(({ token, spender, amount }) => (
              <li key={`${token}:${spender}`}>
                {amountText(amount, token)} to{' '}
                <span title={spender}>
                  {names[spender]
                    ? `${names[spender]} (${compactAddress(spender)})`
                    : compactAddress(spender)}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Screen>
  )
}

/** `25 Nov 2026, 11:20 (in 1 hour)`, the exact UTC time on hover. */
function Expiry({ at }: { at: Date }) {
  return (
    <time dateTime={at.toISOString()} title={`${at.toISOString().replace('T', ' ').slice(0, 16)} UTC`}>
      {formatDate(at)} ({fromNow(at)})
    </time>
  )
}
