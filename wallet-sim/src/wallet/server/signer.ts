// Owner + guardian signatures in Argent's `Array<SignerSignature>` form, hex strings on the wire.
import {
  type Felt,
  type FeltLike,
  publicKeyOf,
  serializeSignerSignatures,
  signHash,
  toHex,
} from '@webwallet/protocol/session'

/** The keys that sign for a wallet user's account. */
export interface AccountKeys {
  readonly ownerPrivateKey: string
  readonly guardianPrivateKey: string
}

/**
 * Signs `hash` with the owner then the guardian key: `[2, 0, owner, r, s, 0, guardian, r, s]`.
 *
 * @example
 * signAsAccount(messageHash, { ownerPrivateKey, guardianPrivateKey }) // 9 hex felts
 */
export function signAsAccount(hash: FeltLike, keys: AccountKeys): string[] {
  return serializeSignerSignatures([
    signHash(hash, keys.ownerPrivateKey, starkKey(keys.ownerPrivateKey)),
    signHash(hash, keys.guardianPrivateKey, starkKey(keys.guardianPrivateKey)),
  ]).map((felt) => toHex(felt))
}

// Each signature named its signer by deriving the public key again: a curve multiplication per key and
// transaction (about 0.9 of a hands-free execute's 11 ms of CPU). The server holds these private keys anyway.
const starkKeys = new Map<string, Felt>()
const STARK_KEYS_KEPT = 1_000

/** The public key of `privateKey`, derived once. */
function starkKey(privateKey: string): Felt {
  let key = starkKeys.get(privateKey)
  if (key === undefined) {
    if (starkKeys.size >= STARK_KEYS_KEPT) starkKeys.clear()
    key = publicKeyOf(privateKey)
    starkKeys.set(privateKey, key)
  }
  return key
}
