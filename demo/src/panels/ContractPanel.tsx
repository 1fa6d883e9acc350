import type { SessionAccount } from '@webwallet/shim'
import { type ReactNode, useCallback, useEffect, useState } from 'react'
import type { Activity } from '../activity'
import { provider } from '../clock'
import { GAS_ROUTES, type GasChoice, gasOptions } from '../wallet'

/**
 * The user's own counter contract (`?contract=`): reads its `get` and calls `increase(amount)` with the
 * session, which the demo scoped to it.
 */
export function ContractPanel(props: {
  contract: { address: string; amount: string }
  account: SessionAccount
  gas: GasChoice
  busy: string | undefined
  run: (label: string, task: () => Promise<void>) => Promise<void>
  onActivity: (entry: Activity) => void
  error?: ReactNode
}) {
  const { contract, account, gas, busy, run, onActivity } = props
  const [value, setValue] = useState('?')

  const refresh = useCallback(async () => {
    const [result] = await provider.callContract({
      contractAddress: contract.address,
      entrypoint: 'get',
      calldata: [],
    })
    setValue(BigInt(result ?? 0).toString())
  }, [contract.address])

  useEffect(() => {
    refresh().catch(() => setValue('?'))
  }, [refresh])

  const label = `increase by ${contract.amount}`
  const increase = () =>
    run('increase', async () => {
      const call = { contractAddress: contract.address, entrypoint: 'increase', calldata: [contract.amount] }
      const { transaction_hash } = await account.execute([call], gasOptions(gas))
      await account.waitForTransaction(transaction_hash, { retryInterval: 250 })
      onActivity({ label, transactionHash: transaction_hash, route: GAS_ROUTES[gas] })
      await refresh()
    })

  return (
    <section className="card" aria-labelledby="contract-title">
      <h2 id="contract-title">Your contract</h2>
      <p className="stat">
        <span className="muted">
          <code className="address">{contract.address}</code> <code>get</code>
        </span>
        <strong data-testid="contract-value">{value}</strong>
      </p>
      <div className="buttons">
        <button
          type="button"
          className="primary"
          data-testid="contract-increase"
          disabled={busy !== undefined}
          onClick={increase}
        >
          Increase by {contract.amount} (no prompt)
        </button>
      </div>
      {props.error}
    </section>
  )
}
