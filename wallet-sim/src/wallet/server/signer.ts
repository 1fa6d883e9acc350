// Owner + guardian signatures in Argent's `Array<SignerSignature>` form, hex strings on the wire.
import { type FeltLike, serializeSignerSignatures, signHash, toHex } from '@webwallet/protocol/session'

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
    signHash(hash, keys.ownerPrivateKey),
    signHash(hash, keys.guardianPrivateKey),
  ]).map((felt) => toHex(felt))
}
