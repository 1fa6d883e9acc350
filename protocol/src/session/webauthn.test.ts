import { createHash, generateKeyPairSync, sign } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { poseidonMany, shortString } from './felt'
import { P256_ORDER, recoverP256 } from './p256'
import { DeserializeError, FeltReader } from './reader'
import { parseSessionToken, SESSION_MAGIC } from './sessionToken'
import {
  FLAGS_UP_UV,
  fromBigEndian,
  isValidWebauthnRecovery,
  normalizeP256Signature,
  readWebauthnSignerSignature,
  serializeWebauthnSignerSignature,
  WEBAUTHN_ASSERTION_DEFAULTS,
  type WebauthnSignerSignature,
  webauthnAuthenticatorData,
  webauthnClientData,
  webauthnSignedBytes,
  webauthnSignerGuid,
} from './webauthn'

const sha256 = (bytes: Uint8Array) => new Uint8Array(createHash('sha256').update(bytes).digest())
const signedHashOf = (hash: bigint, signature: WebauthnSignerSignature) =>
  fromBigEndian(
    sha256(
      webauthnSignedBytes(
        webauthnAuthenticatorData(signature.webauthn, signature.signature),
        sha256(webauthnClientData(hash, signature.webauthn, signature.signature)),
      ),
    ),
  )

// Argent's own WebAuthn test vector (account 0.4's tests: a key of private scalar 1, so its x is the base
// point's): what it signed is what these encodings rebuild, and the key recovers from it.
const ARGENT_VECTOR: WebauthnSignerSignature = {
  webauthn: {
    origin: 'http://localhost:5173',
    rpIdHash: 0x49960de5880e8c687434170f6476605b8fe4aeb9a28632c7995cf3ba831d9763n,
    pubkey: 0x6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296n,
  },
  signature: {
    ...WEBAUTHN_ASSERTION_DEFAULTS,
    r: 17964448168501796902021058754052023747843800978633577064976152434953556917106n,
    s: 24325385074589667029100892281776352749061721889898781064305922798414532583201n,
    yParity: true,
  },
}
const ARGENT_HASH = 0x06fd6673287ba2e4d2975ad878dc26c0a989c549259d87a044a8d37bb9168bb4n

describe('WebAuthn signer (Argent account 0.4)', () => {
  it("rebuilds the client data JSON and verifies Argent's test vector", () => {
    const { webauthn, signature } = ARGENT_VECTOR
    expect(new TextDecoder().decode(webauthnClientData(ARGENT_HASH, webauthn, signature))).toBe(
      '{"type":"webauthn.get","challenge":"Bv1mcyh7ouTSl1rYeNwmwKmJxUklnYegRKjTe7kWi7QB","origin":"http://localhost:5173","crossOrigin":false}',
    )
    const signedHash = signedHashOf(ARGENT_HASH, ARGENT_VECTOR)
    expect(isValidWebauthnRecovery(signedHash, webauthn, signature)).toBe(true)
    expect(recoverP256(signedHash, signature.r, signature.s, false)?.x).not.toBe(webauthn.pubkey)
    expect(isValidWebauthnRecovery(signedHashOf(ARGENT_HASH + 1n, ARGENT_VECTOR), webauthn, signature)).toBe(
      false,
    )
    // The flags must say User Present and User Verified; a high s is refused (malleability).
    expect(isValidWebauthnRecovery(signedHash, webauthn, { ...signature, flags: 0b001 })).toBe(false)
    const high = { ...signature, s: P256_ORDER - signature.s, yParity: false }
    expect(isValidWebauthnRecovery(signedHash, webauthn, high)).toBe(false)
  })

  it('names the signer by poseidon(type, origin length, origin bytes, rp id hash, key) and serialises variant 4', () => {
    const { webauthn, signature } = ARGENT_VECTOR
    const origin = [...new TextEncoder().encode(webauthn.origin)].map(BigInt)
    const low = (v: bigint) => v & ((1n << 128n) - 1n)
    const u256 = (v: bigint) => [low(v), v >> 128n]
    expect(webauthnSignerGuid(webauthn)).toBe(
      poseidonMany([
        shortString('Webauthn Signer'),
        21n,
        ...origin,
        ...u256(webauthn.rpIdHash),
        ...u256(webauthn.pubkey),
      ]),
    )
    expect(serializeWebauthnSignerSignature(ARGENT_VECTOR)).toEqual([
      4n,
      21n,
      ...origin,
      ...u256(webauthn.rpIdHash),
      ...u256(webauthn.pubkey),
      0n, // cross_origin
      0n, // client_data_json_outro: empty
      5n, // flags UP | UV
      0n, // sign_count
      ...u256(signature.r),
      ...u256(signature.s),
      1n, // y_parity
      1n, // Sha256Implementation::Cairo1
    ])
  })

  it('round-trips through a session token, and the reader refuses what Serde refuses', () => {
    const felts = serializeWebauthnSignerSignature(ARGENT_VECTOR)
    const token = [SESSION_MAGIC, 1n, 2n, 3n, 4n, 0n, 0n, ...felts, 0n, 9n, 8n, 7n, 0n]
    expect(parseSessionToken(token).sessionSignature).toEqual(ARGENT_VECTOR)
    const read = (values: bigint[]) => readWebauthnSignerSignature(new FeltReader(values.slice(1)))
    expect(read(felts)).toEqual(ARGENT_VECTOR)
    const at = (index: number, value: bigint) => felts.map((felt, i) => (i === index ? value : felt))
    const outroAt = 2 + 21 + 4 + 1
    for (const bad of [
      at(2, 256n), // an origin byte above 255
      at(2 + 21, 0n).map((felt, i) => (i === 2 + 22 ? 0n : felt)), // a zero rp id hash
      at(outroAt + 1, 256n), // flags: a u8
      at(outroAt + 2, 2n ** 32n), // sign_count: a u32
      at(felts.length - 1, 2n), // no third SHA-256 implementation
      at(felts.length - 2, 2n), // y_parity: a bool
    ]) {
      expect(() => read(bad)).toThrow(DeserializeError)
    }
    expect(() => read(felts.slice(0, -1))).toThrow(DeserializeError)
  })

  it('normalises an ECDSA signature to low s with the y parity that recovers the key', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const x = fromBigEndian(Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url'))
    const webauthn = {
      origin: 'https://app.example',
      rpIdHash: fromBigEndian(sha256(Buffer.from('app.example'))),
      pubkey: x,
    }
    for (let message = 1n; message <= 8n; message++) {
      const clientData = webauthnClientData(message, webauthn, WEBAUTHN_ASSERTION_DEFAULTS)
      const signed = webauthnSignedBytes(
        webauthnAuthenticatorData(webauthn, WEBAUTHN_ASSERTION_DEFAULTS),
        sha256(clientData),
      )
      const rs = sign('sha256', signed, { key: privateKey, dsaEncoding: 'ieee-p1363' })
      const signedHash = fromBigEndian(sha256(signed))
      const normal = normalizeP256Signature(
        signedHash,
        fromBigEndian(rs.subarray(0, 32)),
        fromBigEndian(rs.subarray(32)),
        x,
      )
      expect(normal?.s).toBeLessThanOrEqual(P256_ORDER / 2n)
      const signature = { ...WEBAUTHN_ASSERTION_DEFAULTS, ...normal! }
      expect(isValidWebauthnRecovery(signedHash, webauthn, signature)).toBe(true)
      // Another key's x is not recovered by either parity.
      expect(normalizeP256Signature(signedHash, signature.r, signature.s, x + 1n)).toBeUndefined()
    }
    expect(FLAGS_UP_UV).toBe(0b101)
  })
})
