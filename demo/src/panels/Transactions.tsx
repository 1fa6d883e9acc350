import { compactAddress } from '@webwallet/protocol/constants'
import { useEffect, useState } from 'react'
import type { Activity } from '../activity'
import { provider } from '../clock'
import { formatUnits } from '../format'

interface Receipt {
  status: 'pending' | 'succeeded' | 'reverted'
  fee?: string
}

/** The fee and status from the node's receipt (FRI is STRK's base unit, WEI ETH's). */
async function receiptOf(hash: string): Promise<Receipt> {
  const receipt = (await provider.getTransactionReceipt(hash)) as unknown as {
    execution_status?: string
    actual_fee?: { amount: string; unit: string }
  }
  const fee = receipt.actual_fee
  return {
    status: receipt.execution_status === 'REVERTED' ? 'reverted' : 'succeeded',
    ...(fee ? { fee: `${formatUnits(fee.amount, 18, 6)} ${fee.unit === 'FRI' ? 'STRK' : 'ETH'}` } : {}),
  }
}

/** The transactions of this visit, newest first: what, status, gas route and fee, the hash. */
export function Transactions({ activity }: { activity: Activity[] }) {
  const [receipts, setReceipts] = useState<Record<string, Receipt>>({})
  useEffect(() => {
    let live = true
    for (const entry of activity) {
      if (receipts[entry.transactionHash]) continue
      receiptOf(entry.transactionHash).then(
        (r) => live && setReceipts((all) => ({ ...all, [entry.transactionHash]: r })),
        () => {},
      )
    }
    return () => {
      live = false
    }
  }, [activity, receipts])

  return (
    <section className="card" aria-labelledby="tx-title">
      <h2 id="tx-title">Transactions</h2>
      <ol className="tx-list" data-testid="activity">
        {activity.map((entry) => {
          const receipt = receipts[entry.transactionHash] ?? { status: 'pending' }
          return (
            <li key={entry.transactionHash} className="tx">
              <span className={`badge ${receipt.status}`}>{receipt.status}</span>
              <span className="tx-label">{entry.label}</span>
              <span className="tx-meta">
                {entry.route}
                {receipt.fee ? ` · fee ${receipt.fee}` : ''}
              </span>
              <code className="tx-hash" title={entry.transactionHash}>
                {compactAddress(entry.transactionHash)}
              </code>
            </li>
          )
        })}
      </ol>
    </section>
  )
}
