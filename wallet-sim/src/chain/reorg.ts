// Block abortion (devnet_abortBlocks), as starknet-devnet does it: the blocks from a starting block to the latest
// are forgotten with their transactions, so is the pre_confirmed block, and the state goes back to the starting
// block's parent. The next block continues from there, at the aborted height, with a new hash.
import { pendingBlockHash } from './blockProduction'
import { resolveBlock } from './blockReads'
import type { BlockId, ChainData as Chain } from './chainTypes'
import { RpcCode, RpcError } from './errors'
import { applyDiffJson, type BlockRecord } from './records'

/** What an abort undid. */
export interface Reorg {
  /** Hashes of the aborted blocks, newest first: devnet_abortBlocks' `aborted`. */
  readonly aborted: readonly string[]
  /** The committed blocks removed, oldest first; none when only the pre_confirmed block was dropped. */
  readonly blocks: readonly BlockRecord[]
  /** The transactions forgotten: those of the removed blocks, then those of the pre_confirmed block. */
  readonly txHashes: readonly string[]
}

/**
 * Aborts the blocks from `id` to the latest (and the pre_confirmed block); `pre_confirmed` alone is sealed and
 * aborted as starknet-devnet does, answering the hash it got. Throws 24 for an unknown or aborted block
 * (devnet_abortBlocks answers devnet's -1 "No block found") and -1 for genesis; L1-accepted blocks may go too.
 * @example abortBlocks(chain, { number: 2 }).aborted // [hash of block 3, hash of block 2]
 */
export function abortBlocks(chain: Chain, id: BlockId): Reorg {
  const start = resolveBlock(chain, id)
  if (start === 'pending') {
    const aborted = [pendingBlockHash(chain)]
    const { txHashes } = rollBack(chain, chain.blocks.length)
    chain.abortedBlocks += 1
    return { aborted, blocks: [], txHashes }
  }
  if (start.number === 0)
    throw new RpcError(RpcCode.DEVNET_ERROR, undefined, "Genesis block can't be aborted")
  const { blocks, txHashes } = rollBack(chain, start.number)
  chain.abortedBlocks += blocks.length
  return { aborted: blocks.map((b) => b.hash).reverse(), blocks, txHashes }
}

/**
 * Keeps the first `keep` blocks and forgets the rest, the pre_confirmed block and their transactions; the
 * committed state becomes the state after block `keep - 1`. Journal replay runs it for an abort entry.
 * @example rollBack(chain, chain.blocks.length) // drops the pre_confirmed block only
 */
export function rollBack(chain: Chain, keep: number): { blocks: BlockRecord[]; txHashes: string[] } {
  if (!Number.isInteger(keep) || keep < 1 || keep > chain.blocks.length)
    throw new Error(`cannot roll back to ${keep} blocks of ${chain.blocks.length}`)
  const blocks = chain.blocks.splice(keep)
  chain.l1AcceptedNumber = Math.min(chain.l1AcceptedNumber, keep - 1)
  const txHashes = [...blocks.flatMap((b) => b.txHashes), ...chain.pendingTxs]
  for (const hash of txHashes) chain.txs.delete(hash)
  chain.pending.clear()
  chain.pendingTxs = []
  chain.pendingTimestamp = undefined
  if (blocks.length > 0) {
    // The state keeps no undo log: the kept blocks' diffs, replayed from genesis, are the state after the new head.
    chain.base.clear()
    for (const block of chain.blocks) applyDiffJson(chain.base, block.stateDiff)
  }
  return { blocks, txHashes }
}
