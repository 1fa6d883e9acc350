import type { SessionAccount } from '@webwallet/shim'
import type { Connector } from '@webwallet/shim/connector'
import { type ReactNode, useCallback, useEffect, useState } from 'react'
import type { Activity } from '../activity'
import { provider } from '../clock'
import { COUNTER_ADDRESS, STRK_ADDRESS } from '../config'
import { GAS_ROUTES, type GasChoice, gasOptions } from '../wallet'

const WAIT = { retryInterval: 250 }
const INCREMENT = [{ contractAddress: COUNTER_ADDRESS, entrypoint: 'increment', calldata: [] }]
// A call the session does not allow (an STRK approve): the SDK refuses it and nothing is sent.
const OUTSIDE_SESSION = [
  { contractAddress: STRK_ADDRESS, entrypoint: 'approve', calldata: [COUNTER_ADDRESS, '1', '0'] },
]

/** The demo counter's value for `address`, and a refresh after each call. */
function useCounter(address: string) {
  const [counter, setCounter] = useState<string>('?')
  const refresh = useCallback(async () => {
    const [value] = await provider.callContract({
      contractAddress: COUNTER_ADDRESS,
      entrypoint: 'get_counter',
      calldata: [address],
    })
    setCounter(BigInt(value ?? 0).toString())
  }, [address])
  useEffect(() => {
    refresh().catch(() => setCounter('?'))
  }, [refresh])
  return { counter, refresh }
}

/**
 * Sends `amount` STRK from the account to itself as the wallet's own transaction, outside the session on
 * purpose: the wallet shows the decoded call, its fee, whether it would fail, and the user confirms it (or
 * only rejects it, when it would fail). Answers the transaction hash once it is in a block.
 */
async function transferToSelf(
  connector: Connector,
  account: SessionAccount,
  amount: bigint,
): Promise<string> {
  const { transaction_hash } = (await connector.request({
    type: 'wallet_addInvokeTransaction',
    params: {
      calls: [
        {
          contract_address: STRK_ADDRESS,
          entry_point: 'transfer',
          calldata: [account.address, amount.toString(), '0'],
        },
      ],
    },
  })) as { transaction_hash: string }
  await account.waitForTransaction(transaction_hash, WAIT)
  return transaction_hash
}

/** One of the panel's buttons. */
function Action(props: {
  testId: string
  primary?: boolean
  disabled: boolean
  onClick: () => void
  children: ReactNode
}) {
  return (
    <button
      type="button"
      className={props.primary ? 'primary' : 'secondary'}
      data-testid={props.testId}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.children}
    </button>
  )
}

/** Calls with the session (no prompt), one it refuses, transactions the wallet confirms, and a signature. */
export function ActionsPanel(props: {
  account: SessionAccount
  connector: Connector
  gas: GasChoice
  busy: string | undefined
  run: (label: string, task: () => Promise<void>) => Promise<void>
  onActivity: (entry: Activity) => void
  /** The error of this panel's tasks, shown under its buttons. */
  error?: ReactNode
}) {
  const { account, connector, gas, run, onActivity } = props
  const { counter, refresh } = useCounter(account.address)
  const [signature, setSignature] = useState<string[] | undefined>()

  const execute = (label: string, calls: Parameters<SessionAccount['execute']>[0], times = 1) =>
    run(label, async () => {
      for (let i = 0; i < times; i++) {
        const { transaction_hash } = await account.execute(calls, gasOptions(gas))
        await account.waitForTransaction(transaction_hash, WAIT)
        onActivity({ label, transactionHash: transaction_hash, route: GAS_ROUTES[gas] })
      }
      await refresh()
    })
  const walletTransfer = (label: string, amount: bigint) =>
    run('wallet transaction', async () => {
      const transactionHash = await transferToSelf(connector, account, amount)
      onActivity({ label, transactionHash, route: 'Confirmed in the wallet, gas paid by the account' })
    })
  const sign = () =>
    run('sign message', async () => {
      setSignature(
        (await connector.request({ type: 'wallet_signTypedData', params: greeting() })) as string[],
      )
    })
  const disabled = props.busy !== undefined

  return (
    <section className="card" aria-labelledby="calls-title">
      <h2 id="calls-title">Session calls</h2>
      <p className="stat">
        <span className="muted">Counter of this account</span>
        <strong data-testid="counter">{counter}</strong>
      </p>
      <div className="buttons">
        <Action
          testId="increment"
          primary
          disabled={disabled}
          onClick={() => execute('increment', INCREMENT)}
        >
          Increment (no prompt)
        </Action>
        <Action testId="increment-3" disabled={disabled} onClick={() => execute('increment', INCREMENT, 3)}>
          Three calls in a row
        </Action>
        <Action
          testId="outside-session"
          disabled={disabled}
          onClick={() => execute('approve', OUTSIDE_SESSION)}
        >
          A call outside the session
        </Action>
        <Action
          testId="wallet-transaction"
          disabled={disabled}
          onClick={() => walletTransfer('send 0.01 STRK to yourself', 10n ** 16n)}
        >
          Send 0.01 STRK to yourself (wallet confirms)
        </Action>
        <Action
          testId="wallet-transaction-too-large"
          disabled={disabled}
          onClick={() => walletTransfer('send 1,000,000 STRK to yourself', 10n ** 24n)}
        >
          Send 1,000,000 STRK (more than you hold: the wallet stops it)
        </Action>
        <Action testId="sign-message" disabled={disabled} onClick={sign}>
          Sign a message
        </Action>
      </div>
      {props.error}
      {signature && (
        <p className="signature">
          <span className="muted">Signature</span> <code data-testid="signature">{signature.join(', ')}</code>
        </p>
      )}
    </section>
  )
}

/** A SNIP-12 (revision 1) message for the sign-message button. */
function greeting() {
  return {
    domain: { name: 'webwallet demo', version: '1', chainId: 'SN_SEPOLIA', revision: '1' },
    primaryType: 'Greeting',
    types: {
      StarknetDomain: [
        { name: 'name', type: 'shortstring' },
        { name: 'version', type: 'shortstring' },
        { name: 'chainId', type: 'shortstring' },
        { name: 'revision', type: 'shortstring' },
      ],
      Greeting: [{ name: 'text', type: 'shortstring' }],
    },
    message: { text: 'hello from the demo' },
  }
}
