// @webwallet/shim/p256: session keys that are non-extractable WebCrypto P-256 keys, opt-in with
// `WebWallet.init({ sessionKey: p256SessionKey() })`. The account knows such a key as a WebAuthn signer
// (Argent's `SignerSignature::Webauthn`); the SDK makes the assertion itself (no authenticator: the account
// trusts the key, not a device), so page script can use the key while the page is open but never read it,
// and nothing can carry it off the device. Kept out of the main entry for its size budget.

import { bytesToHex } from '@webwallet/protocol/constants'
import { InvalidOptionsError, ValidationError } from '@webwallet/protocol/errors'
import {
  type Felt,
  fromBigEndian,
  normalizeP256Signature,
  serializeWebauthnSignerSignature,
  toHex,
  WEBAUTHN_ASSERTION_DEFAULTS,
  type WebauthnSigner,
  webauthnAuthenticatorData,
  webauthnClientData,
  webauthnSignedBytes,
  webauthnSignerGuid,
} from '@webwallet/protocol/session'
import type { SessionKeyKind } from '../session/keyKind'
import type { SessionKeyPair } from '../session/request'
import { indexedDbP256KeyStore, memoryP256KeyStore, type P256KeyStore } from './keys'

export { indexedDbP256KeyStore, memoryP256KeyStore, type P256KeyStore } from './keys'

/** Options of {@link p256SessionKey}. */
export interface P256SessionKeyOptions {
  /** The origin the signer is bound to (part of its GUID); default the page's `location.origin`. */
  readonly origin?: string
  /** The relying-party id whose SHA-256 the signer names; default the origin's host name. */
  readonly rpId?: string
  /** Where keys are kept; default IndexedDB when the page has it, else memory. */
  readonly store?: P256KeyStore
}

const PREFIX = 'webauthn-p256:'
const KEY_PREFIX = 'webcrypto:'
const subtle = () => globalThis.crypto.subtle
const sha256 = async (bytes: Uint8Array) =>
  new Uint8Array(await subtle().digest('SHA-256', Uint8Array.from(bytes)))

/**
 * The stored public form of a P-256 session key: 'webauthn-p256:' + rp id hash (64 hex) + ':' + the key's x
 * (64 hex) + ':' + origin — everything the signer's GUID is made of, so it can be computed without hashing.
 * @example parseP256PublicKey(stored.sessionKey.publicKey).origin
 */
export function parseP256PublicKey(publicKey: string): WebauthnSigner {
  const match = /^webauthn-p256:([0-9a-f]{64}):([0-9a-f]{64}):(.+)$/.exec(publicKey)
  if (!match) invalid('publicKey', 'Not a P-256 session public key')
  return { rpIdHash: BigInt(`0x${match[1]}`), pubkey: BigInt(`0x${match[2]}`), origin: match[3]! }
}

/** Coded (VALIDATION, wallet-API 114) like every SDK error, the field named in `data.issues[0].path`. */
function invalid(field: string, message: string): never {
  throw new ValidationError([{ path: [field], message }])
}

const hex64 = (value: bigint) => value.toString(16).padStart(64, '0')

/**
 * Session keys that are non-extractable WebCrypto P-256 keys (see docs/security/session-key.md).
 * @example WebWallet.init({ appName, sessionParams, sessionKey: p256SessionKey() })
 */
export function p256SessionKey(options: P256SessionKeyOptions = {}): SessionKeyKind {
  const origin = options.origin ?? globalThis.location?.origin
  if (!origin)
    throw new InvalidOptionsError('origin', 'p256SessionKey needs an origin outside a browser page')
  const rpId = options.rpId ?? new URL(origin).hostname
  const idb = globalThis.indexedDB
  const store = options.store ?? (idb ? indexedDbP256KeyStore(idb) : memoryP256KeyStore())
  return {
    async generate(): Promise<SessionKeyPair> {
      const pair = await subtle().generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign'])
      const raw = new Uint8Array(await subtle().exportKey('raw', pair.publicKey)) // 04 ‖ x ‖ y
      const id = bytesToHex(globalThis.crypto.getRandomValues(new Uint8Array(16)))
      await store.put(id, pair.privateKey)
      const rpIdHash = fromBigEndian(await sha256(new TextEncoder().encode(rpId)))
      const x = fromBigEndian(raw.subarray(1, 33))
      return {
        publicKey: `${PREFIX}${hex64(rpIdHash)}:${hex64(x)}:${origin}`,
        privateKey: `${KEY_PREFIX}${id}`,
      }
    },
    guid: (publicKey) => webauthnSignerGuid(parseP256PublicKey(publicKey)),
    // Argent 0.4.0's WebAuthn check: 134M L2 gas on starknet-devnet (SHA-256 in Cairo), above validation's
    // 100M (1M steps); with a margin. Its executes go through the paymaster, whose fee covers this.
    verifyGas: 150_000_000n,
    async sign(key, message: Felt) {
      const signer = parseP256PublicKey(key.publicKey)
      const cryptoKey = key.privateKey.startsWith(KEY_PREFIX)
        ? await store.get(key.privateKey.slice(KEY_PREFIX.length))
        : undefined
      // The device's key store lost it (site data cleared) or it was made elsewhere: a new session is needed.
      if (!cryptoKey) invalid('privateKey', 'The P-256 session key is not on this device')
      const defaults = WEBAUTHN_ASSERTION_DEFAULTS
      const clientData = webauthnClientData(message, signer, defaults)
      const signed = webauthnSignedBytes(
        webauthnAuthenticatorData(signer, defaults),
        await sha256(clientData),
      )
      // WebCrypto hashes `signed` with SHA-256 and signs the digest: the hash the account recovers from.
      const rs = new Uint8Array(
        await subtle().sign({ name: 'ECDSA', hash: 'SHA-256' }, cryptoKey, Uint8Array.from(signed)),
      )
      const signedHash = fromBigEndian(await sha256(signed))
      const normal = normalizeP256Signature(
        signedHash,
        fromBigEndian(rs.subarray(0, 32)),
        fromBigEndian(rs.subarray(32)),
        signer.pubkey,
      )
      if (!normal) invalid('publicKey', 'The P-256 session key does not match its public key')
      const felts = serializeWebauthnSignerSignature({
        webauthn: signer,
        signature: { ...defaults, ...normal },
      })
      return { felts, cosigner: { type: 'Webauthn', signerSignature: felts.map(toHex) } }
    },
  }
}
