// Fee parity (issue 18): the same journeys on starknet-devnet-rs (blockifier, real Cairo) and on wallet-sim's
// built-in chain, every account transaction compared by its role. L1 data gas and L1 gas are formulas of the
// state diff and must be equal; the fee's data-gas part too (it adds 32 per newly allocated storage key, which
// devnet's receipt leaves out of `l1_data_gas`); L2 gas is calibrated and must be within ±25%.
import { type RunningSim, startSim } from '@webwallet/wallet-sim'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, startDevnet } from '../support/devnet'
import { hash } from '../support/starknet10'
import { sessionJourneys, walletJourneys } from './journeys'

/** starknet-devnet's chargeable account: `devnet_mint` sends its own INVOKE transactions from it. */
const DEVNET_CHARGEABLE = 0x1caf2df5ed5dde1ae3faef4acd72522ac3cb16e23f6dc4c7f9faed67124c511n

interface Measured {
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

const ETH = 0x049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7n
const STRK = 0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938dn

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
async function measure(rpcUrl: string, skip: readonly string[] = []): Promise<Measured[]> {
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

let devnet: Devnet
let onDevnet: RunningSim
let builtin: RunningSim
let real: Measured[]
let ours: Measured[]

beforeAll(async () => {
  devnet = await startDevnet()
  onDevnet = await startSim({ node: devnet.rpcUrl, approve: 'auto', email: 'wallet@example.com' })
  builtin = await startSim({ approve: 'auto', email: 'wallet@example.com' })
  await sessionJourneys(onDevnet, 'fees-devnet@example.com')
  await walletJourneys(onDevnet)
  await sessionJourneys(builtin, 'fees-builtin@example.com')
  await walletJourneys(builtin)
  real = await measure(devnet.rpcUrl, [onDevnet.walletSim.relayer.address])
  ours = await measure(builtin.rpcUrl)
  const rows = real.map((r, i) => {
    const o = ours[i]
    const ratio = o ? (Number(o.l2Gas) / Number(r.l2Gas)).toFixed(2) : '-'
    return `${r.role}\n    devnet l2 ${r.l2Gas} da ${r.l1DataGas} fee-da ${r.feeDataGas} | built-in l2 ${o?.l2Gas} da ${o?.l1DataGas} fee-da ${o?.feeDataGas} | l2 ratio ${ratio}`
  })
  process.stderr.write(`fee parity, per transaction:\n${rows.join('\n')}\n`)
}, 300_000)
afterAll(async () => {
  await onDevnet?.close()
  await builtin?.close()
  await devnet?.stop()
})

describe('fees of the same transactions on starknet-devnet-rs and on the built-in chain', () => {
  it('the journeys send the same transactions, in the same order, on both chains', () => {
    expect(real.length).toBeGreaterThanOrEqual(5)
    expect(ours.map((m) => m.role)).toEqual(real.map((m) => m.role))
  })

  it('L1 gas and L1 data gas are equal, in the receipt and in the fee', () => {
    const pick = ({ role, l1Gas, l1DataGas, feeDataGas }: Measured) => ({
      role,
      l1Gas,
      l1DataGas,
      feeDataGas,
    })
    expect(ours.map(pick)).toEqual(real.map(pick))
  })

  it('every state update has the same shape: storage keys per contract, nonces', () => {
    expect(ours.map(({ role, diff }) => ({ role, diff }))).toEqual(
      real.map(({ role, diff }) => ({ role, diff })),
    )
  })

  it('L2 gas is within ±25% of devnet for every transaction', () => {
    for (const [i, r] of real.entries()) {
      const ratio = Number(ours[i]?.l2Gas ?? 0n) / Number(r.l2Gas)
      expect({ role: r.role, within: ratio >= 0.75 && ratio <= 1.25, ratio }).toMatchObject({
        role: r.role,
        within: true,
      })
    }
  })
})
