// WebAuthn session signers (a P-256 key, `SignerSignature::Webauthn`) checked as Argent account 0.4 checks
// them: the client data JSON and authenticator data are rebuilt from the signature's fields and the message
// hash (the challenge), the flags must say User Present and Verified, and the P-256 key recovered from
// SHA-256(authenticator data ‖ SHA-256(client data JSON)) must be the signer's. The recovery (protocol's
// bigint arithmetic, what the account does) and an independent ECDSA verification by node:crypto with the
// recovered key must both pass, so neither implementation alone decides.
import { createHash, createPublicKey, verify } from 'node:crypto'
import {
  bigEndian,
  type Felt,
  fromBigEndian,
  isValidWebauthnRecovery,
  recoverP256,
  type WebauthnSignerSignature,
  webauthnAuthenticatorData,
  webauthnClientData,
  webauthnSignedBytes,
} from '@webwallet/protocol/session'

const sha256 = (bytes: Uint8Array) => new Uint8Array(createHash('sha256').update(bytes).digest())
const base64url = (value: bigint) => Buffer.from(bigEndian(value, 32)).toString('base64url')

/**
 * True when `signerSignature` is a valid WebAuthn signature of `messageHash` (a felt) by its signer.
 * Malformed values fail, never throw.
 * @example verifyWebauthnSignature(sessionMessageHash(txHash, sessionHash, false), token.sessionSignature)
 */
export function verifyWebauthnSignature(messageHash: Felt, { webauthn, signature }: WebauthnSignerSignature) {
  try {
    const clientData = webauthnClientData(messageHash, webauthn, signature)
    const signed = webauthnSignedBytes(webauthnAuthenticatorData(webauthn, signature), sha256(clientData))
    const signedHash = fromBigEndian(sha256(signed))
    if (!isValidWebauthnRecovery(signedHash, webauthn, signature)) return false
    const key = recoverP256(signedHash, signature.r, signature.s, signature.yParity)
    if (!key) return false
    const publicKey = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: base64url(key.x), y: base64url(key.y) },
      format: 'jwk',
    })
    const rs = Buffer.concat([bigEndian(signature.r, 32), bigEndian(signature.s, 32)])
    return verify('sha256', signed, { key: publicKey, dsaEncoding: 'ieee-p1363' }, rs)
  } catch {
    return false
  }
}
