// /signSessionKeys: what the session lets the app do without asking again.
import { compactAddress, type SessionSignRequest, sameAddress } from '@webwallet/protocol'
import {
  type ChainClock,
  isPlainTransfer,
  type Market,
  methodName,
  type SessionView,
  type SpendingFamily,
  sessionView,
  tokenOf,
} from '@webwallet/wallet-sim/core'
import { useEffect, useState } from 'react'
import { AccountLine } from '../components/AccountLine'
import { dappClaim } from '../components/dappText'
import { durationWords, formatAmount, formatDate } from '../components/format'
import { Screen } from '../components/Screen'
import { SessionFees } from '../components/SessionFees'
import { type Loaded, type ReviewApi, useChainNow, useMarket } from './screenData'

export interface SignSessionProps {
  origin: string
  request: SessionSignRequest
  /** The paymaster's gas tokens (the account's `feeTokens`): fee caps in another token are refused. */
  feeTokens?: readonly string[] | undefined
  /** Names the contracts the chain knows ('DemoCounter'); without it the screen shows addresses only. */
  contractNames?: ((addresses: string[]) => Promise<Record<string, string>>) | undefined
  /** The account that signs: shown with its e-mail so the user knows which one grants the session. */
  account?: { address: string; email: string; chainId?: string } | undefined
  /**
   * The chain's clock (from the account answer): "for 30 days" and "already expired" are judged by it, as the
   * account and the cosigner judge the expiry; without it the screen shows the signed date only.
   */
  chainClock?: ChainClock | undefined
  /** The backend's token prices (the review's source): the fee limits in USD too. */
  prices?: Pick<ReviewApi, 'market'> | undefined
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
export function SignSession({
  origin,
  request,
  feeTokens,
  contractNames,
  account,
  chainClock,
  prices,
  onAnswer,
}: SignSessionProps) {
  const view = sessionView(request, feeTokens)
  const market = useMarket(prices)
  const chainNow = useChainNow(chainClock)
  // Past by the chain's clock: the app could never use it. Signing stays possible (it is what is shown).
  const expired =
    view.expiresAt !== undefined && chainNow !== undefined && view.expiresAt.getTime() <= chainNow * 1000
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
      requireSeen
    >
      {view.approvals.length > 0 ? (
        <section className="approvals" role="note" aria-label="Token approvals">
          <ul aria-label="Approvals">
            {view.approvals.map(({ token, spender, amount }) => (
              <li key={`${token}:${spender}`}>
                Approval:{' '}
                <span title={spender}>
                  {names[spender]
                    ? `${names[spender]} (${compactAddress(spender)})`
                    : compactAddress(spender)}
                </span>{' '}
                may spend up to {amountText(amount, token)} from your account
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {expired && view.expiresAt ? (
        <p className="warning" role="note" aria-label="Already expired">
          By the chain's clock this session expired already ({formatDate(view.expiresAt)}): the app could not
          use it. Reject it, and start again from the app.
        </p>
      ) : null}
      {view.refused === undefined ? (
        <Summary view={view} contractName={contractName} chainNow={chainNow} market={market} />
      ) : null}
      {account ? <AccountLine account={account} /> : null}
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
      <h2>Details: allowed calls</h2>
      <ul className="list" aria-label="Allowed calls">
        {view.allowedMethods.map(({ contract, selector }) => (
          <li key={`${contract}:${selector}`}>
            <span title={contract}>{contractName(contract)}</span> · <code>{selector}</code>
            {isPlainTransfer(selector) && view.gasPayments.some((gas) => sameAddress(gas.token, contract))
              ? ' (fee payment, to the paymaster only)'
              : null}
          </li>
        ))}
      </ul>
    </Screen>
  )
}

/** What the session lets the app do, and what it cannot, in words: from the parsed session only. */
function Summary({
  view,
  contractName,
  chainNow,
  market,
}: {
  view: SessionView
  contractName: (address: string) => string
  chainNow: number | undefined
  market: Loaded<Market>
}) {
  const gas = (contract: string, selector: string) =>
    isPlainTransfer(selector) && view.gasPayments.some((payment) => sameAddress(payment.token, contract))
  const calls = view.allowedMethods.filter(({ contract, selector }) => !gas(contract, selector))
  const movesTokens = view.unbounded.length > 0 || view.approvals.length > 0
  return (
    <section className="plain" role="note" aria-label="Session summary">
      <p>
        {view.expiresAt ? (
          <Expiry at={view.expiresAt} chainNow={chainNow} />
        ) : (
          <>
            For{' '}
            <span role="note" aria-label="Expiry">
              ever (it never expires)
            </span>
          </>
        )}
        , without asking you again, this app can:
      </p>
      <ul>
        {calls.map(({ contract, selector }) => (
          <li key={`${contract}:${selector}`}>
            call {methodName(selector)} on {contractName(contract)}
          </li>
        ))}
      </ul>
      {movesTokens ? null : <p>It cannot move your tokens.</p>}
      <SessionFees feeCaps={view.feeCaps} gasPayments={view.gasPayments} market={market} />
    </section>
  )
}

/**
 * `For 30 days, until 26 Dec 2026, 14:05` by the chain's clock; `Until 26 Dec 2026, 14:05` without it or once
 * past (never a length from this device's clock). The exact UTC time on hover.
 */
function Expiry({ at, chainNow }: { at: Date; chainNow: number | undefined }) {
  const time = (text: string) => (
    <span role="note" aria-label="Expiry">
      <time dateTime={at.toISOString()} title={`${at.toISOString().replace('T', ' ').slice(0, 16)} UTC`}>
        {text}
      </time>
    </span>
  )
  if (chainNow === undefined) return <>Until {time(formatDate(at))}</>
  const now = new Date(chainNow * 1000)
  if (at <= now) return <>Until {time(`${formatDate(at)} (already past by the chain's clock)`)}</>
  return <>For {time(`${durationWords(at, now)}, until ${formatDate(at)}`)}</>
}
