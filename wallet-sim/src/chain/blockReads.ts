// Reads at a block id: which block an id names, and the state that block's reads and calls see.
import type { BlockId, ChainData as Chain } from './chainTypes'
import { RpcCode, RpcError } from './errors'
import { toHex } from './felt'
import { applyDiffJson, type BlockRecord } from './records'
import { State } from './state'

/**
 * The committed block of an id, or 'pending' for pre_confirmed; throws 24 when unknown.
 * @example resolveBlock(chain, { number: 1 }).hash
 */
export function resolveBlock(chain: Chain, id: BlockId): BlockRecord | 'pending' {
  if ('tag' in id) {
    if (id.tag === 'pre_confirmed') return 'pending'
    // Nothing is proven on L1 here: the genesis block, and blocks devnet_acceptOnL1 accepted, count as on L1.
    if (id.tag === 'l1_accepted') return found(chain.blocks[chain.l1AcceptedNumber])
    return chain.latest
  }
  if ('number' in id) return found(chain.blocks[id.number])
  const hex = toHex(id.hash)
  return found(chain.blocks.find((x) => x.hash === hex))
}

function found(block: BlockRecord | undefined): BlockRecord {
  if (!block) throw new RpcError(RpcCode.BLOCK_NOT_FOUND)
  return block
}

/**
 * The state a block id reads: pre_confirmed sees pending writes, the latest block the committed state, an
 * older block the state after it.
 * @example stateAt(chain, { number: 0 }).getNonce(account)
 */
export function stateAt(chain: Chain, id: BlockId): State {
  const block = resolveBlock(chain, id)
  if (block === 'pending') return chain.pending
  if (block.number === chain.latest.number) return chain.base
  return historicState(chain, block)
}

// The state after an older block: the blocks' state diffs replayed from genesis. The last one asked is kept,
// per chain and by block hash, so an aborted block's state is never served for the block built in its place.
const historic = new WeakMap<Chain, { hash: string; state: State }>()

function historicState(chain: Chain, block: BlockRecord): State {
  const cached = historic.get(chain)
  if (cached?.hash === block.hash) return cached.state
  const state = new State()
  for (const b of chain.blocks.slice(0, block.number + 1)) applyDiffJson(state, b.stateDiff)
  historic.set(chain, { hash: block.hash, state })
  return state
}
