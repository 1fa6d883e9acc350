// What a transaction's state diff costs, as blockifier 0.20 counts it (`count_for_fee_charge`,
// `get_onchain_data_segment_length`, `AllocatedKeys`): only entries whose value really changed, the
// sender's fee-token balance although the fee transfer has not run yet, never the sequencer's balance nor
// the fee token as a modified contract (both are paid once per block), and storage keys going from zero
// to non-zero counted apart (they also pay `ALLOCATION`).
import type { Felt } from './contract'
import { DATA_GAS_PER_FIELD_ELEMENT } from './gas'
import type { StateDiff } from './state'

/** blockifier's `StateChangesCount`. */
export interface StateChangesCount {
  readonly storageUpdates: number
  readonly classHashUpdates: number
  readonly compiledClassHashUpdates: number
  readonly modifiedContracts: number
}

/** The state a transaction started from. */
export interface PriorState {
  getStorage(address: Felt, key: Felt): Felt
  getClassHash(address: Felt): Felt
  getNonce(address: Felt): Felt
}

/**
 * Felts the transaction adds to the OS's data-availability output: per modified contract its address and
 * one word (class flag, number of updates, nonce); 1 per class update; key and value per storage update;
 * class hash and compiled class hash per declared class.
 * @example onchainDataSegmentLength({ storageUpdates: 7, classHashUpdates: 11, compiledClassHashUpdates: 13, modifiedContracts: 17 }) // 85
 */
export const onchainDataSegmentLength = (c: StateChangesCount): number =>
  c.modifiedContracts * 2 + c.classHashUpdates + c.storageUpdates * 2 + c.compiledClassHashUpdates * 2

/** L1 data gas of the data-availability output with blobs (KZG): 32 per felt. */
export const daGas = (c: StateChangesCount): bigint =>
  BigInt(onchainDataSegmentLength(c)) * DATA_GAS_PER_FIELD_ELEMENT

/** What the fee charges of a transaction's state diff. */
export interface FeeStateChanges {
  readonly count: StateChangesCount
  /** Storage keys whose value was 0 before the transaction and is not 0 after it. */
  readonly allocatedKeys: number
}

/** The fee-charged part of a transaction's fee transfer, for account transactions. */
export interface FeeTransferOf {
  readonly feeToken: Felt
  readonly sender: Felt
  /** The storage key of the sender's balance (its low word) in the fee token. */
  readonly senderBalanceKey: Felt
}

/**
 * Counts the changes of `layers` (applied in order) against `prior`, as blockifier charges them.
 * @example stateChangesForFee([txLayer, executeLayer], txLayer.parent, { feeToken, sender, senderBalanceKey })
 */
export function stateChangesForFee(
  layers: readonly StateDiff[],
  prior: PriorState,
  feeTransfer?: FeeTransferOf,
): FeeStateChanges {
  const storage = new Map<Felt, Map<Felt, Felt>>()
  const classHashes = new Map<Felt, Felt>()
  const nonces = new Map<Felt, Felt>()
  for (const layer of layers) {
    for (const [address, entries] of layer.storage) {
      const m = storage.get(address) ?? new Map<Felt, Felt>()
      storage.set(address, m)
      for (const [key, value] of entries) m.set(key, value)
    }
    for (const [address, classHash] of layer.classHashes) classHashes.set(address, classHash)
    for (const [address, nonce] of layer.nonces) nonces.set(address, nonce)
  }
  const modified = new Set<Felt>()
  let storageUpdates = 0
  let allocatedKeys = 0
  let senderBalanceChanged = false
  for (const [address, entries] of storage) {
    for (const [key, value] of entries) {
      const before = prior.getStorage(address, key)
      if (value === before) continue
      storageUpdates++
      modified.add(address)
      if (before === 0n) allocatedKeys++
      if (feeTransfer && address === feeTransfer.feeToken && key === feeTransfer.senderBalanceKey) {
        senderBalanceChanged = true
      }
    }
  }
  let classHashUpdates = 0
  for (const [address, classHash] of classHashes) {
    if (classHash === prior.getClassHash(address)) continue
    classHashUpdates++
    modified.add(address)
  }
  for (const [address, nonce] of nonces) if (nonce !== prior.getNonce(address)) modified.add(address)
  if (feeTransfer) {
    if (!senderBalanceChanged) storageUpdates++
    modified.delete(feeTransfer.feeToken)
  }
  return {
    count: {
      storageUpdates,
      classHashUpdates,
      compiledClassHashUpdates: 0,
      modifiedContracts: modified.size,
    },
    allocatedKeys,
  }
}
