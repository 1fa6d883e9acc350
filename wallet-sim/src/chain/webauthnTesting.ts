// Test helper: a P-256 session key that signs WebAuthn assertions synchronously with node:crypto, as the
// SDK's WebCrypto key does in the browser (same encodings from protocol), for the account and cosigner tests.
import { createHash, generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import {
  type Felt,
  fromBigEndian,
  normalizeP256Signature,
  serializeWebauthnSignerSignature,
  WEBAUTHN_ASSERTION_DEFAULTS,
  type WebauthnSigner,
  type WebauthnSignerSignature,
  webauthnAuthenticatorData,
  webauthnClientData,
  webauthnSignedBytes,
  webauthnSignerGuid,
} from '@webwallet/protocol/session'

const sha256 = (bytes: Uint8Array) => new Uint8Array(createHash('sha256').update(bytes).digest())

/**
 * A fresh P-256 key as a WebAuthn signer of `origin` (rp id: its host name).
 * @example const key = webauthnTestKey(); buildSession({ … }).sessionKeyGuid = key.guid
 */
export function webauthnTestKey(origin = 'http://localhost:5173') {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = publicKey.export({ format: 'jwk' })
  const signer: WebauthnSigner = {
    origin,
    rpIdHash: fromBigEndian(sha256(new TextEncoder().encode(new URL(origin).hostname))),
    pubkey: fromBigEndian(Buffer.from(jwk.x ?? '', 'base64url')),
  }
  return {
    signer,
    guid: webauthnSignerGuid(signer),
    /** The `SignerSignature::Webauthn` of `messageHash` (a felt) by this key. */
    signerSignature: (messageHash: Felt): WebauthnSignerSignature =>
      signWith(privateKey, signer, messageHash),
    /** The same, serialised as the token carries it. */
    felts: (messageHash: Felt): Felt[] =>
      serializeWebauthnSignerSignature(signWith(privateKey, signer, messageHash)),
  }
}

function signWith(key: KeyObject, signer: WebauthnSigner, messageHash: Felt): WebauthnSignerSignature {
  const defaults = WEBAUTHN_ASSERTION_DEFAULTS
  const clientData = webauthnClientData(messageHash, signer, defaults)
  const signed = webauthnSignedBytes(webauthnAuthenticatorData(signer, defaults), sha256(clientData))
  const rs = sign('sha256', signed, { key, dsaEncoding: 'ieee-p1363' })
  const r = fromBigEndian(rs.subarray(0, 32))
  const s = fromBigEndian(rs.subarray(32))
  const normal = normalizeP256Signature(fromBigEndian(sha256(signed)), r, s, signer.pubkey)
  if (!normal) throw new Error('the P-256 signature does not recover its own key')
  return { webauthn: signer, signature: { ...defaults, ...normal } }
}
