// Fee parity (issue 18): every account transaction of the journeys, as the chain recorded it, for comparing
// starknet-devnet-rs (blockifier, real Cairo) with wallet-sim's built-in chain role by role: L1 gas, L1 data
// gas, L2 gas, the data gas the fee paid for, and the shape of the state diff.
import { ETH_ADDRESS, STRK_ADDRESS } from '@webwallet/protocol'
import { hash } from '../support/starknet10'

/** starknet-devnet's chargeable account: `devnet_mint` sends its own INVOKE transactions from it. */
const DEVNET_CHARGEABLE = 0x1caf2df5ed5dde1ae3faef4acd72522ac3cb16e23f6dc4c7f9faed67124c511n

export interface Measured {
  role: string
  l1Gas: bigint
  l1DataGas: bigint
  l2Gas: bigint
  /** The L1 data gas the fee paid for: (fee − L1 and L2 gas at their prices) / data gas price. */
  feeDataGas: bigint
  /** The shape of the block's state diff (one transaction per block on both chains). */
  diff: DiffShape
}

/** Storage keys written per contract (by its part in the transaction) and nonces, of a STATE_DIFF. */
interface DiffShape {
  eth: number
  strk: number
  sender: number
  /** The other contracts' counts, sorted: their addresses differ between the chains. */
  others: number[]
  nonces: number
}

const ETH = BigInt(ETH_ADDRESS)
const STRK = BigInt(STRK_ADDRESS)

function diffShape(stateDiff: Json, sender: bigint): DiffShape {
  const shape: DiffShape = { eth: 0, strk: 0, sender: 0, others: [], nonces: 0 }
  const storage = stateDiff.storage_diffs as { address: string; storage_entries: unknown[] }[]
  for (const { address, storage_entries } of storage) {
    const [a, n] = [BigInt(address), storage_entries.length]
    // Contract 0x1 keeps the hash of the block 10 below (from block 10 on): a write of the block, not of the
    // transaction, and the two chains' heights differ (on devnet, wallet-sim deploys its own relayer first).
    if (a === 1n) continue
    if (a === ETH) shape.eth = n
    else if (a === STRK) shape.strk = n
    else if (a === sender) shape.sender = n
    else shape.others.push(n)
  }
  shape.others.sort((x, y) => x - y)
  shape.nonces = (stateDiff.nonces as unknown[]).length
  return shape
}

type Json = Record<string, unknown>
const NAMES = new Map(
  ['approve', 'transfer', 'execute_from_outside_v2', 'deploy_account', 'deployContract'].map((n) => [
    BigInt(hash.getSelectorFromName(n)),
    n,
  ]),
)

/** The selectors of an account's `__execute__` calldata (Cairo 1 multicall), named where known. */
function callsOf(calldata: string[]): string {
  const n = Number(calldata[0] ?? 0)
  const names: string[] = []
  for (let i = 0, at = 1; i < n; i++) {
    const selector = BigInt(calldata[at + 1] ?? 0)
    names.push(NAMES.get(selector) ?? `0x${selector.toString(16).slice(0, 8)}…`)
    at += 3 + Number(calldata[at + 2] ?? 0)
  }
  return names.join(' + ')
}

/** Every INVOKE and DEPLOY_ACCOUNT on the chain, but the devnet's chargeable account's and `skip`'s deployment. */
export async function measure(rpcUrl: string, skip: readonly string[] = []): Promise<Measured[]> {
  const skipped = new Set(skip.map((address) => BigInt(address)))
  const call = async (method: string, params: unknown) => {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    return ((await response.json()) as { result: Json }).result
  }
  const latest = Number(await call('starknet_blockNumber', []))
  const out: Measured[] = []
  for (let number = 0; number <= latest; number++) {
    const block = (await call('starknet_getBlockWithReceipts', { block_id: { block_number: number } })) as {
      l1_gas_price: { price_in_fri: string }
      l2_gas_price: { price_in_fri: string }
      l1_data_gas_price: { price_in_fri: string }
      transactions: { transaction: Json; receipt: Json }[]
    }
    for (const { transaction: tx, receipt } of block.transactions) {
      const type = String(tx.type)
      if (type !== 'INVOKE' && type !== 'DEPLOY_ACCOUNT') continue
      if (type === 'INVOKE' && BigInt(String(tx.sender_address)) === DEVNET_CHARGEABLE) continue
      // wallet-sim's own relayer deploys itself on a node (on the built-in chain it is in block 0).
      if (
        type === 'DEPLOY_ACCOUNT' &&
        skipped.has(BigInt(String(tx.contract_address ?? receipt.contract_address)))
      )
        continue
      const signature = tx.signature as string[]
      const calls = type === 'INVOKE' ? ` ${callsOf(tx.calldata as string[])}` : ''
      const resources = receipt.execution_resources as Record<string, number>
      const [l1Gas, l1DataGas, l2Gas] = [resources.l1_gas, resources.l1_data_gas, resources.l2_gas].map((v) =>
        BigInt(v ?? 0),
      ) as [bigint, bigint, bigint]
      const fee = BigInt((receipt.actual_fee as { amount: string }).amount)
      const update = await call('starknet_getStateUpdate', { block_id: { block_number: number } })
      const sender = BigInt(String(tx.sender_address ?? tx.contract_address ?? receipt.contract_address))
      const paidForData =
        fee -
        l1Gas * BigInt(block.l1_gas_price.price_in_fri) -
        l2Gas * BigInt(block.l2_gas_price.price_in_fri) -
        BigInt(String(tx.tip ?? 0)) * l2Gas
      out.push({
        role: `${type} signature ${signature.length}${calls} ${String(receipt.execution_status)}`,
        l1Gas,
        l1DataGas,
        l2Gas,
        feeDataGas: paidForData / BigInt(block.l1_data_gas_price.price_in_fri),
        diff: diffShape(update.state_diff as Json, sender),
      })
    }
  }
  return out
}
