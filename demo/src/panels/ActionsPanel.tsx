import type { SessionAccount } from '@webwallet/shim'
import type { Connector } from '@webwallet/shim/connector'
import { type ReactNode, useCallback, useEffect, useState } from 'react'
import type { Activity } from '../activity'
import { provider } from '../clock'
import { COUNTER_ADDRESS, STRK_ADDRESS } from '../config'
import { GAS_ROUTES, type GasChoice, gasOptions } from '../wallet'

const WAIT = { retryInterval: 250 }

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
  const { account, connector, gas, busy, run, onActivity } = props
  const [counter, setCounter] = useState<string>('?')
  const [signature, setSignature] = useState<string[] | undefined>()

  const refresh = useCallback(async () => {
    const [value] = await provider.callContract({
      contractAddress: COUNTER_ADDRESS,
      entrypoint: 'get_counter',
      calldata: [account.address],
    })
    setCounter(BigInt(value ?? 0).toString())
  }, [account.address])

  useEffect(() => {
    refresh().catch(() => setCounter('?'))
  }, [refresh])

  const execute = (label: string, calls: Parameters<SessionAccount['execute']>[0], times = 1) =>
    run(label, async () => {
      for (let i = 0; i < times; i++) {
        const { transaction_hash } = await account.execute(calls, gasOptions(gas))
        await account.waitForTransaction(transaction_hash, WAIT)
        onActivity({ label, transactionHash: transaction_hash, route: GAS_ROUTES[gas] })
      }
      await refresh()
    })

  // Outside the session on purpose: the wallet shows the decoded call, its fee, whether it would fail, and
  // the user confirms it (or only rejects it, when it would fail).
  const walletTransfer = (label: string, amount: bigint) =>
    run('wallet transaction', async () => {
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
      onActivity({
        label,
        transactionHash: transaction_hash,
        route: 'Confirmed in the wallet, gas paid by the account',
      })
    })

  const increment = [{ contractAddress: COUNTER_ADDRESS, entrypoint: 'increment', calldata: [] }]
  const disabled = busy !== undefined

  return (
    <section className="card" aria-labelledby="calls-title">
      <h2 id="calls-title">Session calls</h2>
      <p className="stat">
        <span className="muted">Counter of this account</span>
        <strong data-testid="counter">{counter}</strong>
      </p>
      <div className="buttons">
        <button
          type="button"
          className="primary"
          data-testid="increment"
          disabled={disabled}
          onClick={() => execute('increment', increment)}
        >
          Increment (no prompt)
        </button>
        <button
          type="button"
          className="secondary"
          data-testid="increment-3"
          disabled={disabled}
          onClick={() => execute('increment', increment, 3)}
        >
          Three calls in a row
        </button>
        <button
          type="button"
          className="secondary"
          data-testid="outside-session"
          disabled={disabled}
          onClick={() =>
            execute('approve', [
              {
                contractAddress: STRK_ADDRESS,
                entrypoint: 'approve',
                calldata: [COUNTER_ADDRESS, '1', '0'],
              },
            ])
          }
        >
          A call outside the session
        </button>
        <button
          type="button"
          className="secondary"
          data-testid="wallet-transaction"
          disabled={disabled}
          onClick={() => walletTransfer('send 0.01 STRK to yourself', 10n ** 16n)}
        >
          Send 0.01 STRK to yourself (wallet confirms)
        </button>
        <button
          type="button"
          className="secondary"
          data-testid="wallet-transaction-too-large"
          disabled={disabled}
          onClick={() => walletTransfer('send 1,000,000 STRK to yourself', 10n ** 24n)}
        >
          Send 1,000,000 STRK (more than you hold: the wallet stops it)
        </button>
        <button
          type="button"
          className="secondary"
          data-testid="sign-message"
          disabled={disabled}
          onClick={() =>
            run('sign message', async () => {
              setSignature(
                (await connector.request({ type: 'wallet_signTypedData', params: greeting() })) as string[],
              )
            })
          }
        >
          Sign a message
        </button>
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
