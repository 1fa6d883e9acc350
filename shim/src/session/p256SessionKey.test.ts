// Spike for docs/security/session-key.md: a non-extractable WebCrypto P-256 key can make the `Webauthn`
// session signature Argent's account v0.4 checks (clientDataJSON challenge = the session message hash,
// authenticatorData with the RP id hash and the UP|UV flags, a P-256 signature over
// SHA-256(authenticatorData ‖ SHA-256(clientDataJSON))), and its signer GUID is computed as the account does.
// Not wired into the SDK: see the document for what the cosigner and wallet-sim's account would need.
import { poseidonMany, sessionMessageHash, shortString } from '@webwallet/protocol/session'
import { describe, expect, it } from 'vitest'

const subtle = globalThis.crypto.subtle
const sha256 = async (bytes: Uint8Array) =>
  new Uint8Array(await subtle.digest('SHA-256', Uint8Array.from(bytes)))
const toBig = (bytes: Uint8Array) => BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`)
const u256 = (value: bigint) => [value & ((1n << 128n) - 1n), value >> 128n] // Cairo's (low, high)
const concat = (...parts: Uint8Array[]): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(parts.flatMap((part) => [...part]))
const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')

/** The assertion the SDK would build for `messageHash`, signed by `key` (no authenticator involved). */
async function assertion(key: CryptoKey, messageHash: bigint, origin: string, rpIdHash: Uint8Array) {
  const challenge = base64url(Buffer.from(messageHash.toString(16).padStart(64, '0'), 'hex'))
  const clientDataJSON = new TextEncoder().encode(
    JSON.stringify({ type: 'webauthn.get', challenge, origin, crossOrigin: false }),
  )
  const FLAGS_UP_UV = 0x05
  const authenticatorData = concat(rpIdHash, Uint8Array.of(FLAGS_UP_UV), new Uint8Array(4))
  const signed = concat(authenticatorData, await sha256(clientDataJSON))
  const signature = new Uint8Array(await subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key, signed))
  return {
    clientDataJSON,
    authenticatorData,
    signed,
    r: toBig(signature.slice(0, 32)),
    s: toBig(signature.slice(32)),
  }
}

describe('non-extractable WebCrypto P-256 session key (spike)', () => {
  it('signs what the account verifies, and its private key cannot be read', async () => {
    const pair = await subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])
    expect(pair.privateKey.extractable).toBe(false)
    await expect(subtle.exportKey('pkcs8', pair.privateKey)).rejects.toThrow()

    const origin = 'http://localhost:5173'
    const rpIdHash = await sha256(new TextEncoder().encode('localhost'))
    const publicKey = new Uint8Array(await subtle.exportKey('raw', pair.publicKey)) // 04 ‖ x ‖ y
    const x = toBig(publicKey.slice(1, 33))
    // The GUID the session typed data names: poseidon('Webauthn Signer', origin, rp_id_hash, pubkey).
    const guid = poseidonMany([
      shortString('Webauthn Signer'),
      shortString(origin),
      ...u256(toBig(rpIdHash)),
      ...u256(x),
    ])
    expect(guid).toBeGreaterThan(0n)

    const messageHash = sessionMessageHash('0x1234', '0x5678', false)
    const made = await assertion(pair.privateKey, messageHash, origin, rpIdHash)
    // verify_client_data_json: the challenge decodes to the message hash, type and origin are the signer's.
    const client = JSON.parse(new TextDecoder().decode(made.clientDataJSON))
    expect(toBig(Buffer.from(client.challenge, 'base64url'))).toBe(messageHash)
    expect(client).toMatchObject({ type: 'webauthn.get', origin })
    // verify_authenticator_data: the RP id hash, then User Present and User Verified.
    expect(made.authenticatorData.slice(0, 32)).toEqual(rpIdHash)
    expect(made.authenticatorData[32]! & 0x05).toBe(0x05)
    // get_webauthn_hash + the P-256 check: a valid signature over SHA-256(authData ‖ SHA-256(clientData)).
    const raw = concat(
      Buffer.from(made.r.toString(16).padStart(64, '0'), 'hex'),
      Buffer.from(made.s.toString(16).padStart(64, '0'), 'hex'),
    )
    expect(await subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, pair.publicKey, raw, made.signed)).toBe(
      true,
    )
    // Another transaction's hash is not covered.
    const other = await assertion(pair.privateKey, messageHash + 1n, origin, rpIdHash)
    expect(await subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, pair.publicKey, raw, other.signed)).toBe(
      false,
    )
  })
})
