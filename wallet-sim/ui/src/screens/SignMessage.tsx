// /signMessage: what the signature can do in one sentence (messageMeaning), whom it is for and the fields as signed
// (messageView), the typed data as sent behind Details. An outside execution (SNIP-9: a signature anyone, or
// the caller it names, can submit) shows its calls, submitter, window and account, read from the felts signed.
import { compactAddress, type TypedData, toHex } from '@webwallet/protocol'
import { ANY_CALLER_FELT, type OutsideExecutionView } from '@webwallet/protocol/procedures'
import { type ChainClock, decodeCall, signMessageView } from '@webwallet/wallet-sim/core'
import { SIGN_TITLES } from '@webwallet/wallet-sim/page'
import { AccountLine, chainName } from '../components/AccountLine'
import { BalanceChanges } from '../components/BalanceChanges'
import { formatDate, fromNow } from '../components/format'
import { Screen } from '../components/Screen'
import { type ReviewApi, useChainNow, useMarket } from './screenData'

export interface SignMessageProps {
  origin: string
  typedData: TypedData
  /** The user's address: the account an outside execution runs from. */
  self?: string | undefined
  /** The signing account and its network, from the wallet server: shown as "Network" and "From". */
  account?: { address: string; email: string; chainId?: string } | undefined
  /** The backend's prices: an outside execution's balance changes in USD. */
  api?: Pick<ReviewApi, 'market'> | undefined
  /**
   * The chain's clock (from the account answer): whether an outside execution's window is open is judged by
   * it, as the account judges it against the block time; without it the screen shows the signed dates only.
   */
  chainClock?: ChainClock | undefined
  onAnswer: (approved: boolean) => void
}

/** @example <SignMessage origin={origin} typedData={typedData} onAnswer={prompt.answer} /> */
export function SignMessage({
  origin,
  typedData,
  self,
  account,
  api,
  chainClock,
  onAnswer,
}: SignMessageProps) {
  // Everything below is read from the canonical form (the core's messageView): what is signed, one way.
  const view = signMessageView(typedData, origin)
  if (view.kind === 'outsideExecution')
    return (
      <SignOutsideExecution
        origin={origin}
        typedData={typedData}
        view={view.outsideExecution}
        self={self}
        account={account}
        api={api}
        chainClock={chainClock}
        onAnswer={onAnswer}
      />
    )
  if (view.kind === 'refused')
    return (
      <Screen
        title={SIGN_TITLES.refused}
        origin={origin}
        onApprove={() => onAnswer(true)}
        onReject={() => onAnswer(false)}
        approveLabel="Sign"
        approveBlocked
        error={`This request cannot be signed. ${view.reason}`}
      >
        {account ? <AccountLine account={account} /> : null}
        <RawDetails typedData={typedData} />
      </Screen>
    )
  const { meaning, chainId: domainChain } = view
  // The domain's network, as signed; a message for another network than the account's is said to be so.
  const otherChain =
    domainChain !== undefined &&
    account?.chainId !== undefined &&
    chainName(domainChain) !== chainName(account.chainId)
  return (
    <Screen
      title={SIGN_TITLES.message}
      origin={origin}
      onApprove={() => onAnswer(true)}
      onReject={() => onAnswer(false)}
      approveLabel="Sign"
    >
      {account ? <AccountLine account={account} /> : null}
      <p
        className={meaning.kind === 'text' ? 'statement' : 'warning'}
        role="note"
        aria-label="What the signature can do"
      >
        {meaning.statement}
      </p>
      <dl className="fields">
        <div className="field">
          <dt>Signed for</dt>
          <dd>{view.signedFor}</dd>
        </div>
        {domainChain !== undefined ? (
          <div className="field">
            <dt>Network</dt>
            <dd>{chainName(domainChain)}</dd>
          </div>
        ) : null}
        <div className="field">
          <dt>Kind</dt>
          <dd>{view.primaryType}</dd>
        </div>
      </dl>
      {otherChain ? (
        <p className="warning" role="note" aria-label="Another network">
          This message is for {chainName(domainChain)}, not {chainName(account?.chainId ?? '')}, the network
          of your account.
        </p>
      ) : null}
      <div className="message-fields" role="note" aria-label="Message">
        <dl className="fields">
          {view.fields.map((field) => (
            <div key={field.label} className="field">
              <dt>{field.label}</dt>
              <dd>{field.value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <RawDetails typedData={typedData} />
    </Screen>
  )
}

/** The typed data exactly as the dapp sent it, behind Details. */
function RawDetails({ typedData }: { typedData: TypedData }) {
  return (
    <details className="raw">
      <summary>Details</summary>
      <pre className="message">{JSON.stringify(typedData, null, 2)}</pre>
    </details>
  )
}

/** Past the largest date JavaScript holds: no end at all. */
const NEVER = 8_640_000_000_000n
const secondsDate = (seconds: bigint) =>
  seconds > NEVER ? 'never' : formatDate(new Date(Number(seconds) * 1000))

/**
 * Where the chain's time stands against the window the account checks (`execute_after < block time <
 * execute_before`), in words with what the user can do; undefined without the chain's time.
 */
function windowWords(view: OutsideExecutionView, chainNow: number | undefined) {
  if (chainNow === undefined) return undefined
  const now = BigInt(chainNow)
  const at = (seconds: bigint) => new Date(Number(seconds) * 1000)
  const nowDate = at(now)
  if (now >= view.executeBefore)
    return {
      open: false,
      text: `By the chain's clock this request expired ${fromNow(at(view.executeBefore), nowDate)}: the account would refuse it. Reject it, and ask the app for a new one.`,
    }
  if (now <= view.executeAfter)
    return {
      open: false,
      text: `By the chain's clock this request is not valid yet: it can run only after ${secondsDate(view.executeAfter)} (${fromNow(at(view.executeAfter), nowDate)}). If you did not expect a transaction that runs later, reject it.`,
    }
  return {
    open: true,
    text:
      view.executeBefore > NEVER
        ? "Valid now by the chain's clock, with no end."
        : `Valid now by the chain's clock; it expires ${fromNow(at(view.executeBefore), nowDate)}.`,
  }
}

function SignOutsideExecution({
  origin,
  typedData,
  self,
  account,
  api,
  onAnswer,
  chainClock,
  view,
}: Omit<SignMessageProps, 'self' | 'account' | 'api' | 'chainClock'> & {
  view: OutsideExecutionView
  self: string | undefined
  account: SignMessageProps['account']
  api: SignMessageProps['api']
  chainClock: ChainClock | undefined
}) {
  const loaded = useMarket(api)
  const chainNow = useChainNow(chainClock)
  const market = loaded.status === 'ready' ? loaded.value : undefined
  const calls = view.calls.map((call) =>
    decodeCall(
      {
        contractAddress: call.contractAddress,
        entrypoint: call.selector,
        calldata: call.calldata.map(toHex),
      },
      { self, market },
    ),
  )
  const caller = view.caller === ANY_CALLER_FELT ? 'anyone' : compactAddress(toHex(view.caller))
  // Outside its window the signature is still exactly what is shown (the screen says so; the protocol has no
  // refusal for it): an expired one could never run, a later one runs once its window opens.
  const validity = windowWords(view, chainNow)
  return (
    <Screen
      title={SIGN_TITLES.outsideExecution}
      origin={origin}
      onApprove={() => onAnswer(true)}
      onReject={() => onAnswer(false)}
      approveLabel="Sign transaction"
      approveBlocked={calls.some((call) => call.unreadable !== undefined)}
    >
      {account ? <AccountLine account={account} /> : null}
      <p className="warning" role="note" aria-label="Outside execution">
        This is not a plain message: the signature lets {caller} run the calls below from your account (an
        outside execution, SNIP-9 version {view.version}), without asking you again. It moves funds like a
        transaction.
      </p>
      <h2>{calls.length === 1 ? 'What it does' : `What it does (${calls.length} calls)`}</h2>
      <ol className="calls" aria-label="What it does">
        {calls.map((call, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: calls have no identity besides their position
          <li key={index} className="call">
            <p className="summary">{call.summary}</p>
          </li>
        ))}
      </ol>
      <BalanceChanges
        calls={calls}
        market={market}
        pricesFailed={api !== undefined && loaded.status === 'failed'}
      />
      <dl className="fields">
        <div className="field">
          <dt>Account</dt>
          <dd title={self}>{self ? `your account (${compactAddress(self)})` : 'your account'}</dd>
        </div>
        <div className="field">
          <dt>Who may submit it</dt>
          <dd title={toHex(view.caller)}>{caller}</dd>
        </div>
        <div className="field">
          <dt>Valid</dt>
          <dd>
            after {secondsDate(view.executeAfter)}, before {secondsDate(view.executeBefore)}
          </dd>
        </div>
      </dl>
      {validity ? (
        <p className={validity.open ? 'note' : 'warning'} role="note" aria-label="Validity window">
          {validity.text}
        </p>
      ) : null}
      <RawDetails typedData={typedData} />
    </Screen>
  )
}
