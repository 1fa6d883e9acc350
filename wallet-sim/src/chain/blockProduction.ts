// Block production: a transaction that ran joins the pre_confirmed block as a record, and the pre_confirmed
// block is sealed into a committed block (hash, state root, state diff) whose writes move into the base state.
import { createHash } from 'node:crypto'
import type { ChainData as Chain } from './chainTypes'
import type { Felt } from './contract'
import { toHex } from './felt'
import {
  type BlockRecord,
  gasPricesJson,
  type JsonObject,
  type L1MessageInfo,
  receiptJson,
  stateDiffJson,
  type TxRecord,
  traceJson,
} from './records'
import { toRpcTransaction } from './rpcTransaction'
import { mergeDiff, realChanges, type State } from './state'
import type { TxOutcome } from './txOutcome'

/**
 * Records a transaction that ran on `layer` (a child of the pre_confirmed state) into the pre_confirmed block,
 * committing its writes there; the caller tells the listeners.
 * @example const record = recordAdmitted(chain, layer, runTransaction(layer, tx, hash, options))
 */
export function recordAdmitted(
  chain: Chain,
  layer: State,
  outcome: TxOutcome,
  l1Message?: L1MessageInfo,
): TxRecord {
  const { tx } = outcome
  const wasDeployed = (a: Felt) => chain.pending.getClassHash(a) !== 0n
  // The transaction's own diff, as blockifier's: what it really changed against the state before it.
  const diffJson = stateDiffJson(realChanges(layer, chain.pending), wasDeployed)
  layer.commit()
  const hash = toHex(outcome.hash)
  const record: TxRecord = {
    hash,
    transaction: { transaction_hash: hash, ...(toRpcTransaction(tx) as JsonObject) },
    receipt: receiptJson(outcome, tx.type === 'DEPLOY_ACCOUNT' ? tx.contractAddress : undefined),
    trace: traceJson(outcome, diffJson),
    blockNumber: null,
    index: chain.pendingTxs.length,
    ...(l1Message ? { l1Message } : {}),
  }
  chain.txs.set(record.hash, record)
  chain.pendingTxs.push(record.hash)
  return record
}

/**
 * Seals the pre_confirmed block (even when empty) into the next committed block and starts an empty one;
 * the caller tells the listeners.
 * @example const block = sealBlock(chain)
 */
export function sealBlock(chain: Chain): BlockRecord {
  const header = nextBlockHeader(chain)
  const { number, parentHash, timestamp } = header
  const wasDeployed = (a: Felt) => chain.base.getClassHash(a) !== 0n
  storeOldBlockHash(chain, number)
  // Only real changes, as on devnet: what some transaction of the block changed (pending.changed, marked as
  // each committed) or what differs from the block's start (writes not made by transactions: genesis, 0x1,
  // a pre_confirmed block restored from a snapshot, which keeps no marks).
  const changes = realChanges(chain.pending, chain.base, chain.pending.changed)
  const stateDiff = stateDiffJson(changes, wasDeployed)
  // As on starknet-devnet, a devnet_setGasPrice change shows first in the header of the block that commits next
  // (its transactions ran at the old prices); the pre_confirmed block after it runs at the new ones.
  if (chain.nextGasPrices) {
    chain.gasPrices = chain.nextGasPrices
    chain.nextGasPrices = undefined
  }
  const hash = blockHash(chain, header)
  const newRoot = digestFelt(`root:${BigInt(hash)}:${JSON.stringify(stateDiff)}`)
  const block: BlockRecord = {
    number,
    hash,
    parentHash,
    newRoot: toHex(newRoot),
    timestamp,
    sequencerAddress: toHex(chain.sequencerAddress),
    gasPrices: gasPricesJson(chain.gasPrices),
    txHashes: chain.pendingTxs,
    stateDiff,
  }
  for (const h of chain.pendingTxs) {
    const rec = chain.txs.get(h)
    if (rec) rec.blockNumber = number
  }
  // The base takes the changes only, so it holds what a replay of the blocks' state diffs gives (reorg, journal).
  mergeDiff(chain.base, changes)
  chain.pending.clear()
  chain.pendingTxs = []
  chain.pendingTimestamp = undefined
  chain.blocks.push(block)
  return block
}

/** The OS's block-hash contract, and how many blocks back the hash it holds for a block is from. */
export const BLOCK_HASH_CONTRACT = 0x1n
export const STORED_BLOCK_HASH_BUFFER = 10

/**
 * As blockifier's `pre_process_block` on starknet-devnet: from block 10 on, each block writes the hash of the
 * block 10 below it into contract 0x1 at the key of that block's number (what the `get_block_hash` syscall
 * reads), so its state diff lists it. devnet writes it when the block opens; here it joins when it is sealed.
 */
function storeOldBlockHash(chain: Chain, number: number): void {
  const old = chain.blocks[number - STORED_BLOCK_HASH_BUFFER]
  if (old) chain.pending.setStorage(BLOCK_HASH_CONTRACT, BigInt(old.number), BigInt(old.hash))
}

/**
 * The hash the pre_confirmed block gets if it is sealed now. Block hashes and state roots are the simulator's
 * own (no Patricia tries): unique and stable. After devnet_abortBlocks the count of aborted blocks joins the
 * input, so a block built again at an aborted height has a new hash.
 * @example devnet_abortBlocks('pre_confirmed') answers [pendingBlockHash(chain)]
 */
export const pendingBlockHash = (chain: Chain): string => blockHash(chain, nextBlockHeader(chain))

type Header = { number: number; parentHash: string; timestamp: number }

function blockHash(chain: Chain, { number, parentHash, timestamp }: Header): string {
  const aborted = chain.abortedBlocks > 0 ? `:aborted:${chain.abortedBlocks}` : ''
  return toHex(
    digestFelt(`block:${number}:${parentHash}:${timestamp}:${chain.pendingTxs.join(',')}${aborted}`),
  )
}

function nextBlockHeader(chain: Chain): Header {
  const number = chain.blocks.length
  const parent = chain.blocks[number - 1]
  return {
    number,
    parentHash: parent?.hash ?? '0x0',
    timestamp: Math.max(chain.pendingTimestamp ?? chain.now(), parent?.timestamp ?? 0),
  }
}

/** sha256 of a text, cut to 250 bits so that it is a felt. */
const digestFelt = (text: string): bigint =>
  BigInt(`0x${createHash('sha256').update(text).digest('hex')}`) >> 6n
