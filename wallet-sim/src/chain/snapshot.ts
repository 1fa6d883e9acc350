// JSON-safe snapshots of a chain (felts as hex strings), for `--state FILE`, devnet_dump / devnet_load.
import type { ChainData, ChainOptions } from './chainTypes'
import { toHex } from './felt'
import type { GasPrices } from './gas'
import type { BlockRecord, TxRecord } from './records'
import type { State } from './state'

type GasPricesEntry = Record<'l1Gas' | 'l2Gas' | 'l1DataGas', { fri: string; wei: string }>

/** `[address, classHash, nonce, [[key, value], ...]]` per contract of a state layer. */
type ContractEntry = [string, string, string, [string, string][]]

export interface ChainSnapshot {
  readonly format: 'wallet-sim/chain@1'
  readonly chainId: string
  readonly gasPrices: GasPricesEntry
  /** devnet_setGasPrice prices waiting for the next block (absent in snapshots written before them). */
  readonly nextGasPrices?: GasPricesEntry | null
  /** The newest block accepted on L1 (absent before devnet_acceptOnL1 existed: the genesis block). */
  readonly l1AcceptedNumber?: number
  /** How many blocks devnet_abortBlocks aborted (absent before it existed: none). */
  readonly abortedBlocks?: number
  readonly blockTime: number
  readonly timeOffset: number
  readonly blocks: BlockRecord[]
  readonly txs: TxRecord[]
  readonly base: ContractEntry[]
  readonly pending: ContractEntry[]
  readonly pendingTxs: string[]
  readonly pendingTimestamp: number | null
}

function layerEntries(layer: State): ContractEntry[] {
  const addresses = new Set([...layer.storage.keys(), ...layer.classHashes.keys(), ...layer.nonces.keys()])
  return [...addresses].map((a) => [
    toHex(a),
    toHex(layer.classHashes.get(a) ?? 0n),
    toHex(layer.nonces.get(a) ?? 0n),
    [...(layer.storage.get(a) ?? new Map<bigint, bigint>())].map(([k, v]) => [toHex(k), toHex(v)]),
  ])
}

function loadLayer(layer: State, entries: readonly ContractEntry[]): void {
  for (const [a, classHash, nonce, storage] of entries) {
    const address = BigInt(a)
    if (BigInt(classHash) !== 0n) layer.setClassHash(address, BigInt(classHash))
    if (BigInt(nonce) !== 0n) layer.setNonce(address, BigInt(nonce))
    for (const [k, v] of storage) layer.setStorage(address, BigInt(k), BigInt(v))
  }
}

const pricesOut = (p: GasPrices): GasPricesEntry => ({
  l1Gas: { fri: p.l1Gas.fri.toString(), wei: p.l1Gas.wei.toString() },
  l2Gas: { fri: p.l2Gas.fri.toString(), wei: p.l2Gas.wei.toString() },
  l1DataGas: { fri: p.l1DataGas.fri.toString(), wei: p.l1DataGas.wei.toString() },
})

const pricesIn = (g: GasPricesEntry): GasPrices => ({
  l1Gas: { fri: BigInt(g.l1Gas.fri), wei: BigInt(g.l1Gas.wei) },
  l2Gas: { fri: BigInt(g.l2Gas.fri), wei: BigInt(g.l2Gas.wei) },
  l1DataGas: { fri: BigInt(g.l1DataGas.fri), wei: BigInt(g.l1DataGas.wei) },
})

/** A deep, JSON-safe copy of the chain. */
export function snapshotChain(chain: ChainData): ChainSnapshot {
  return structuredClone({
    format: 'wallet-sim/chain@1',
    chainId: toHex(chain.chainId),
    gasPrices: pricesOut(chain.gasPrices),
    nextGasPrices: chain.nextGasPrices ? pricesOut(chain.nextGasPrices) : null,
    l1AcceptedNumber: chain.l1AcceptedNumber,
    abortedBlocks: chain.abortedBlocks,
    blockTime: chain.blockTime,
    timeOffset: chain.timeOffset,
    blocks: chain.blocks,
    txs: [...chain.txs.values()],
    base: layerEntries(chain.base),
    pending: layerEntries(chain.pending),
    pendingTxs: chain.pendingTxs,
    pendingTimestamp: chain.pendingTimestamp ?? null,
  })
}

/**
 * The options to build the chain of a snapshot with (`options` override its clock and block time); throws
 * when `snap` is not a chain snapshot. `Chain.fromSnapshot` builds it, then `restoreSnapshot` fills it.
 */
export function snapshotOptions(snap: ChainSnapshot, options: ChainOptions = {}): ChainOptions {
  if (snap.format !== 'wallet-sim/chain@1') throw new Error('not a wallet-sim chain snapshot')
  return {
    chainId: BigInt(snap.chainId),
    gasPrices: pricesIn(snap.gasPrices),
    blockTime: snap.blockTime,
    ...options,
  }
}

/** Fills a new, empty chain with what `snapshotChain` wrote: blocks, transactions, state, prices, clock. */
export function restoreSnapshot(chain: ChainData, snap: ChainSnapshot): void {
  const copy = structuredClone(snap)
  chain.timeOffset = copy.timeOffset
  if (copy.nextGasPrices) chain.nextGasPrices = pricesIn(copy.nextGasPrices)
  chain.l1AcceptedNumber = copy.l1AcceptedNumber ?? 0
  chain.abortedBlocks = copy.abortedBlocks ?? 0
  chain.blocks.push(...copy.blocks)
  for (const t of copy.txs) chain.txs.set(t.hash, t)
  loadLayer(chain.base, copy.base)
  loadLayer(chain.pending, copy.pending)
  chain.pendingTxs = copy.pendingTxs
  chain.pendingTimestamp = copy.pendingTimestamp ?? undefined
}
