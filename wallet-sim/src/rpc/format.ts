// Formats the chain's records as the RPC spec of a version shapes them (0.9 vs 0.10 differences:
// block header commitments and counts, event indices in receipts and getEvents).
import type { Chain } from '../chain/chain'
import { toHex } from '../chain/felt'
import type { GasPrices, GasUsage } from '../chain/gas'
import type { BlockRecord, JsonObject, TxRecord } from '../chain/records'

export type SpecVersion = '0.9' | '0.10'

/** BLOCK_HEADER (or PRE_CONFIRMED_BLOCK_HEADER) of a committed block or the pending one. */
export function blockHeader(chain: Chain, block: BlockRecord | 'pending', v: SpecVersion): JsonObject {
  if (block === 'pending') {
    const info = chain.pendingBlockInfo()
    return {
      block_number: Number(info.number),
      timestamp: Number(info.timestamp),
      sequencer_address: toHex(chain.sequencerAddress),
      ...pricesOf(chain),
      l1_da_mode: 'BLOB',
      starknet_version: STARKNET_VERSION,
    }
  }
  const header: JsonObject = {
    block_hash: block.hash,
    parent_hash: block.parentHash,
    block_number: block.number,
    new_root: block.newRoot,
    timestamp: block.timestamp,
    sequencer_address: block.sequencerAddress,
    ...block.gasPrices,
    l1_da_mode: 'BLOB',
    starknet_version: STARKNET_VERSION,
  }
  if (v === '0.10') {
    let events = 0
    for (const h of block.txHashes)
      events += (chain.txs.get(h)?.receipt.events as unknown[] | undefined)?.length ?? 0
    const diff = block.stateDiff
    const len = (k: string) => (diff[k] as unknown[]).length
    let storage = 0
    for (const d of diff.storage_diffs as { storage_entries: unknown[] }[])
      storage += d.storage_entries.length
    Object.assign(header, {
      event_commitment: '0x0',
      transaction_commitment: '0x0',
      receipt_commitment: '0x0',
      state_diff_commitment: '0x0',
      event_count: events,
      transaction_count: block.txHashes.length,
      state_diff_length: storage + len('deployed_contracts') + len('replaced_classes') + len('nonces'),
    })
  }
  return header
}

/** The Starknet version the simulated blocks claim. */
export const STARKNET_VERSION = '0.14.0'

function pricesOf(chain: Chain): JsonObject {
  const p = chain.gasPrices
  return {
    l1_gas_price: { price_in_fri: toHex(p.l1Gas.fri), price_in_wei: toHex(p.l1Gas.wei) },
    l2_gas_price: { price_in_fri: toHex(p.l2Gas.fri), price_in_wei: toHex(p.l2Gas.wei) },
    l1_data_gas_price: { price_in_fri: toHex(p.l1DataGas.fri), price_in_wei: toHex(p.l1DataGas.wei) },
  }
}

/** TXN_RECEIPT_WITH_BLOCK_INFO. */
export function receipt(chain: Chain, rec: TxRecord, withBlock = true): JsonObject {
  const block = rec.blockNumber === null ? undefined : chain.blocks[rec.blockNumber]
  return {
    ...rec.receipt,
    finality_status: chain.finalityOf(rec),
    ...(withBlock
      ? block
        ? { block_hash: block.hash, block_number: block.number }
        : { block_number: chain.blocks.length }
      : {}),
  }
}

/** The transactions of a committed block or of the pending one. */
export function blockTxs(chain: Chain, block: BlockRecord | 'pending'): TxRecord[] {
  const hashes = block === 'pending' ? chain.pendingTxs : block.txHashes
  return hashes.map((h) => chain.txs.get(h)).filter((r): r is TxRecord => r !== undefined)
}

/** Block status: the genesis block, and blocks devnet_acceptOnL1 accepted, count as accepted on L1. */
export const blockStatus = (chain: Chain, block: BlockRecord | 'pending') =>
  block === 'pending'
    ? 'PRE_CONFIRMED'
    : block.number <= chain.l1AcceptedNumber
      ? 'ACCEPTED_ON_L1'
      : 'ACCEPTED_ON_L2'

/**
 * FEE_ESTIMATE (unit FRI: transactions pay STRK) or MESSAGE_FEE_ESTIMATE (unit WEI: a message pays ETH on L1).
 * @example feeEstimateJson(outcome.usage, chain.gasPrices, 'FRI').overall_fee
 */
export function feeEstimateJson(usage: GasUsage, prices: GasPrices, unit: 'FRI' | 'WEI'): JsonObject {
  const k = unit === 'FRI' ? 'fri' : 'wei'
  return {
    l1_gas_consumed: toHex(usage.l1Gas),
    l1_gas_price: toHex(prices.l1Gas[k]),
    l2_gas_consumed: toHex(usage.l2Gas),
    l2_gas_price: toHex(prices.l2Gas[k]),
    l1_data_gas_consumed: toHex(usage.l1DataGas),
    l1_data_gas_price: toHex(prices.l1DataGas[k]),
    overall_fee: toHex(
      usage.l1Gas * prices.l1Gas[k] + usage.l2Gas * prices.l2Gas[k] + usage.l1DataGas * prices.l1DataGas[k],
    ),
    unit,
  }
}
