// The `Webauthn` variant (index 4) of Argent's `SignerSignature` as account 0.4 serialises and checks it:
// WebauthnSigner { origin: Span<u8>, rp_id_hash: u256, pubkey: u256 } and WebauthnSignature { cross_origin,
// client_data_json_outro: Span<u8>, flags: u8, sign_count: u32, ec_signature: (r, s, y_parity),
// sha256_implementation: Cairo0 | Cairo1 }. The account rebuilds the client data JSON and the authenticator
// data from these fields, so only what it cannot know travels. (Accounts 0.5+ drop cross_origin and
// sha256_implementation and sign the bare hash: another layout, not produced here.)
// SHA-256 is left to the caller (WebCrypto in the browser, node:crypto in wallet-sim): these are encodings.
import { type Felt, poseidonMany, shortString } from './felt'
import { P256_ORDER, recoverP256 } from './p256'
import { DeserializeError, type FeltReader } from './reader'

/** `SignerType::Webauthn`, the enum variant index of a WebAuthn signer. */
export const WEBAUTHN_SIGNER_VARIANT = 4n

/** The magic value hashed with a WebAuthn signer's fields to form its GUID. */
export const WEBAUTHN_SIGNER_TYPE = shortString('Webauthn Signer')

/** `Sha256Implementation::Cairo1`: the challenge's last byte, and the account hashes in Cairo 1. */
export const SHA256_CAIRO1 = 1

/** The User Present and User Verified flags the account requires in the authenticator data. */
export const FLAGS_UP_UV = 0b101

/** A WebAuthn (P-256) signer as the Argent account knows it: origin, relying-party id hash, public key. @example webauthnSignerGuid(signer) */
export interface WebauthnSigner {
  /** The origin the key signs for, e.g. 'http://localhost:5173' (bytes of its text). */
  readonly origin: string
  /** SHA-256 of the relying-party id (a host name). */
  readonly rpIdHash: bigint
  /** The x coordinate of the P-256 public key. */
  readonly pubkey: bigint
}

/** A WebAuthn assertion in the account's format: the client data's tail, flags, counter and the P-256 signature. @example serializeWebauthnSignerSignature({ webauthn: signer, signature }) */
export interface WebauthnSignature {
  readonly crossOrigin: boolean
  /** The client data JSON after the crossOrigin value; empty when it is just '}'. */
  readonly clientDataJsonOutro: Uint8Array
  readonly flags: number
  readonly signCount: number
  readonly r: bigint
  readonly s: bigint
  readonly yParity: boolean
  readonly sha256Implementation: 0 | 1
}

/** `SignerSignature::Webauthn((signer, signature))`. */
export interface WebauthnSignerSignature {
  readonly webauthn: WebauthnSigner
  readonly signature: WebauthnSignature
}

const LOW = (1n << 128n) - 1n
const u256 = (value: bigint): Felt[] => [value & LOW, value >> 128n]
const encoder = new TextEncoder()
const bytesOf = (text: string) => encoder.encode(text)

/** Big-endian bytes of `value` in `length` bytes. */
export function bigEndian(value: bigint, length: number): Uint8Array {
  const out = new Uint8Array(length)
  for (let i = length - 1, v = value; i >= 0; i--, v >>= 8n) out[i] = Number(v & 0xffn)
  return out
}

/** The unsigned integer of big-endian `bytes`. */
export function fromBigEndian(bytes: Uint8Array): bigint {
  return bytes.reduce((value, byte) => (value << 8n) | BigInt(byte), 0n)
}

/**
 * The GUID an account knows a WebAuthn signer by: poseidon('Webauthn Signer', origin length, origin bytes…,
 * rp_id_hash (low, high), pubkey (low, high)). A session names its key by this GUID.
 * @example webauthnSignerGuid({ origin: 'http://localhost:5173', rpIdHash, pubkey })
 */
export function webauthnSignerGuid(signer: WebauthnSigner): Felt {
  const origin = bytesOf(signer.origin)
  return poseidonMany([
    WEBAUTHN_SIGNER_TYPE,
    BigInt(origin.length),
    ...[...origin].map(BigInt),
    ...u256(signer.rpIdHash),
    ...u256(signer.pubkey),
  ])
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')

/**
 * The client data JSON the account rebuilds for `hash` (a felt): type, challenge = base64url(hash as 32 bytes
 * ‖ the SHA-256 implementation byte), origin, crossOrigin, then the outro or '}'. What the key signs covers it.
 * @example new TextDecoder().decode(webauthnClientData(hash, signer, signature))
 */
export function webauthnClientData(
  hash: Felt,
  signer: WebauthnSigner,
  signature: Pick<WebauthnSignature, 'crossOrigin' | 'clientDataJsonOutro' | 'sha256Implementation'>,
): Uint8Array {
  const challenge = new Uint8Array(33)
  challenge.set(bigEndian(hash, 32))
  challenge[32] = signature.sha256Implementation
  const head = `{"type":"webauthn.get","challenge":"${base64url(challenge)}","origin":"${signer.origin}","crossOrigin":${signature.crossOrigin}`
  const outro = signature.clientDataJsonOutro.length ? signature.clientDataJsonOutro : bytesOf('}')
  return Uint8Array.from([...bytesOf(head), ...outro])
}

/**
 * The authenticator data the account rebuilds: rp_id_hash (32 bytes) ‖ flags ‖ sign_count (u32, big-endian).
 * @example webauthnAuthenticatorData(signer, { flags: FLAGS_UP_UV, signCount: 0 })
 */
export function webauthnAuthenticatorData(
  signer: WebauthnSigner,
  signature: Pick<WebauthnSignature, 'flags' | 'signCount'>,
): Uint8Array {
  return Uint8Array.from([
    ...bigEndian(signer.rpIdHash, 32),
    signature.flags,
    ...bigEndian(BigInt(signature.signCount), 4),
  ])
}

/**
 * What the P-256 key signs with ECDSA/SHA-256: authenticator data ‖ SHA-256(client data JSON). Its SHA-256
 * is the hash the account recovers the key from.
 * @example await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key, webauthnSignedBytes(authData, clientDataHash))
 */
export function webauthnSignedBytes(authenticatorData: Uint8Array, clientDataHash: Uint8Array): Uint8Array {
  return Uint8Array.from([...authenticatorData, ...clientDataHash])
}

/**
 * The account's acceptance rules that need no hashing: UP and UV flags, r and s in range, low s (accounts
 * after 0.4 refuse high s; the SDK always sends low s), and the key recovered from `signedHash` (SHA-256 of
 * {@link webauthnSignedBytes}) has the signer's x coordinate.
 * @example isValidWebauthnRecovery(signedHash, signer, signature)
 */
export function isValidWebauthnRecovery(
  signedHash: bigint,
  signer: WebauthnSigner,
  signature: WebauthnSignature,
): boolean {
  if ((signature.flags & FLAGS_UP_UV) !== FLAGS_UP_UV) return false
  if (signature.s > P256_ORDER / 2n) return false
  const key = recoverP256(signedHash, signature.r, signature.s, signature.yParity)
  return key !== undefined && key.x === signer.pubkey
}

const byteSpan = (bytes: Uint8Array): Felt[] => [BigInt(bytes.length), ...[...bytes].map(BigInt)]

/**
 * The Cairo serialisation of `SignerSignature::Webauthn((signer, signature))`.
 * @example serializeWebauthnSignerSignature({ webauthn: signer, signature }) // [4n, origin length, …]
 */
export function serializeWebauthnSignerSignature({ webauthn, signature }: WebauthnSignerSignature): Felt[] {
  return [
    WEBAUTHN_SIGNER_VARIANT,
    ...byteSpan(bytesOf(webauthn.origin)),
    ...u256(webauthn.rpIdHash),
    ...u256(webauthn.pubkey),
    signature.crossOrigin ? 1n : 0n,
    ...byteSpan(signature.clientDataJsonOutro),
    BigInt(signature.flags),
    BigInt(signature.signCount),
    ...u256(signature.r),
    ...u256(signature.s),
    signature.yParity ? 1n : 0n,
    BigInt(signature.sha256Implementation),
  ]
}

/**
 * Reads the fields after the variant index 4 (the reader is past it). Throws DeserializeError for values
 * the account's Serde refuses: bytes above 255, a u8/u32/u128 out of range, a zero rp id hash or key, an
 * unknown SHA-256 implementation.
 * @example readWebauthnSignerSignature(reader)
 */
export function readWebauthnSignerSignature(reader: FeltReader): WebauthnSignerSignature {
  const bytes = () => Uint8Array.from(reader.array(), (b) => Number(uint(b, 8)))
  const readU256 = () => uint(reader.felt(), 128) | (uint(reader.felt(), 128) << 128n)
  const origin = new TextDecoder('utf-8', { fatal: true })
  let originText: string
  try {
    originText = origin.decode(bytes())
  } catch {
    throw new DeserializeError('Invalid origin')
  }
  const rpIdHash = readU256()
  const pubkey = readU256()
  if (rpIdHash === 0n || pubkey === 0n) throw new DeserializeError('Zero WebAuthn signer field')
  const crossOrigin = reader.bool()
  const clientDataJsonOutro = bytes()
  const flags = Number(uint(reader.felt(), 8))
  const signCount = Number(uint(reader.felt(), 32))
  const r = readU256()
  const s = readU256()
  const yParity = reader.bool()
  const implementation = reader.felt()
  if (implementation > 1n) throw new DeserializeError('Invalid SHA-256 implementation')
  return {
    webauthn: { origin: originText, rpIdHash, pubkey },
    signature: {
      crossOrigin,
      clientDataJsonOutro,
      flags,
      signCount,
      r,
      s,
      yParity,
      sha256Implementation: Number(implementation) as 0 | 1,
    },
  }
}

function uint(value: bigint, bits: number): bigint {
  if (value >= 1n << BigInt(bits)) throw new DeserializeError(`Invalid u${bits}`)
  return value
}

/** What the SDK puts in every assertion it makes itself: same origin, no outro, UP|UV, no counter, Cairo 1. */
export const WEBAUTHN_ASSERTION_DEFAULTS = {
  crossOrigin: false,
  clientDataJsonOutro: new Uint8Array(0),
  flags: FLAGS_UP_UV,
  signCount: 0,
  sha256Implementation: SHA256_CAIRO1,
} as const

/**
 * Turns an ECDSA signature (r, s) of `signedHash` by the key whose x coordinate is `pubkey` into the account's
 * form: low s (n − s otherwise) and the y parity that recovers that key. Undefined when neither parity
 * recovers it (not this key's signature).
 * @example normalizeP256Signature(signedHash, r, s, signer.pubkey) // { r, s, yParity }
 */
export function normalizeP256Signature(
  signedHash: bigint,
  r: bigint,
  s: bigint,
  pubkey: bigint,
): Pick<WebauthnSignature, 'r' | 's' | 'yParity'> | undefined {
  const low = s > P256_ORDER / 2n ? P256_ORDER - s : s
  for (const yParity of [false, true]) {
    if (recoverP256(signedHash, r, low, yParity)?.x === pubkey) return { r, s: low, yParity }
  }
  return undefined
}
