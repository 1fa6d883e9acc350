// Argent signers: a Starknet-key signer's GUID and the `SignerSignature` enum as Cairo serialises it.
// Only the Starknet variant (index 0) is produced and verified; other variants are refused explicitly.
import { ec } from 'starknet'
import { type Felt, type FeltLike, poseidonPair, shortString, toFelt, toHex } from './felt'

/** `SignerType::Starknet`, the enum variant index of a Stark-curve signer. */
export const STARKNET_SIGNER_VARIANT = 0n

/** The magic value hashed with a Starknet public key to form its GUID. */
export const STARKNET_SIGNER_TYPE = shortString('Starknet Signer')

/** A Stark-curve signature by `signer` (its public key), i.e. `SignerSignature::Starknet((signer, (r, s)))`. */
export interface StarknetSignerSignature {
  readonly signer: Felt
  readonly r: Felt
  readonly s: Felt
}

/**
 * The GUID of a Starknet-key signer: the two-input poseidon hades(Starknet Signer, pubkey, 2)[0], not poseidon_hash_span.
 * @example signerGuid(ec.starkCurve.getStarkKey(privateKey))
 */
export function signerGuid(publicKey: FeltLike): Felt {
  return poseidonPair(STARKNET_SIGNER_TYPE, toFelt(publicKey))
}

/**
 * The Stark public key (x coordinate) of a private key.
 * @example publicKeyOf('0x1234')
 */
export function publicKeyOf(privateKey: FeltLike): Felt {
  return BigInt(ec.starkCurve.getStarkKey(toHex(privateKey)))
}

/**
 * Signs `hash` with a Stark private key (RFC 6979, so the result is deterministic); `publicKey`, when the
 * caller knows it, saves deriving it again (a curve multiplication).
 * @example signHash(txHash, ownerPrivateKey) // { signer, r, s }
 */
export function signHash(
  hash: FeltLike,
  privateKey: FeltLike,
  publicKey: Felt = publicKeyOf(privateKey),
): StarknetSignerSignature {
  const signature = ec.starkCurve.sign(toHex(hash), toHex(privateKey))
  return { signer: publicKey, r: signature.r, s: signature.s }
}

/**
 * Checks a Stark-curve signature the way Cairo's `check_ecdsa_signature` does: the public key is only an x
 * coordinate, so either point with that x may have signed. Malformed values fail, never throw.
 * @example verifySignerSignature(hash, { signer, r, s }) // true
 */
export function verifySignerSignature(hash: FeltLike, { signer, r, s }: StarknetSignerSignature): boolean {
  const x = signer.toString(16).padStart(64, '0')
  return ['02', '03'].some((prefix) => {
    try {
      return ec.starkCurve.verify(new ec.starkCurve.Signature(r, s), toHex(hash), `${prefix}${x}`)
    } catch {
      return false
    }
  })
}

/**
 * The Cairo serialisation of `SignerSignature::Starknet`: [0, pubkey, r, s].
 * @example serializeSignerSignature({ signer, r, s }) // [0n, signer, r, s]
 */
export function serializeSignerSignature({ signer, r, s }: StarknetSignerSignature): Felt[] {
  return [STARKNET_SIGNER_VARIANT, signer, r, s]
}

/**
 * The `Array<SignerSignature>` form accounts take as a transaction signature: [len, ...signatures].
 * @example serializeSignerSignatures([owner, guardian]) // [2n, 0n, ownerKey, r1, s1, 0n, guardianKey, r2, s2]
 */
export function serializeSignerSignatures(signatures: readonly StarknetSignerSignature[]): Felt[] {
  return [BigInt(signatures.length), ...signatures.flatMap(serializeSignerSignature)]
}
