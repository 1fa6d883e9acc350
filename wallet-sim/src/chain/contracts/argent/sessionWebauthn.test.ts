// A session whose key is a P-256 WebAuthn signer (what the SDK's non-extractable WebCrypto session key is):
// the account accepts its signatures and refuses forged ones, as Argent account 0.4 does.
import {
  type Felt,
  P256_ORDER,
  serializeWebauthnSignerSignature,
  type WebauthnSignerSignature,
} from '@webwallet/protocol/session'
import { describe, expect, it } from 'vitest'
import { webauthnTestKey } from '../../webauthn-testing'
import { argentFixture, pay, rejection } from './testing'

async function withWebauthnSession() {
  const f = argentFixture()
  await f.deploy()
  const key = webauthnTestKey()
  const session = { ...f.session, sessionKeyGuid: key.guid }
  /** A token for [pay] whose session signature is `sign(session message)`. */
  const token = (sign: (message: Felt) => readonly Felt[]) => (hash: Felt) =>
    f.sessionSignature([pay], hash, { session, sessionSigner: sign })
  const tampered = (change: (s: WebauthnSignerSignature) => WebauthnSignerSignature) =>
    token((message) => serializeWebauthnSignerSignature(change(key.signerSignature(message))))
  return { f, key, token, tampered }
}

describe('Argent account: session keys that are WebAuthn (P-256) signers', () => {
  it("runs the session's calls signed by the P-256 key and the guardian", async () => {
    const { f, key, token } = await withWebauthnSession()
    f.invoke([pay], token(key.felts))
    f.invoke([pay], token(key.felts))
    expect(f.paid()).toBe(2n)
  })

  it("refuses another P-256 key, whether it names itself or the session's signer", async () => {
    const { f, key, token, tampered } = await withWebauthnSession()
    const other = webauthnTestKey()
    expect(rejection(() => f.invoke([pay], token(other.felts))).data).toContain(
      'session/session-key-mismatch',
    )
    const forged = tampered((s) => ({ ...other.signerSignature(0n), webauthn: s.webauthn }))
    expect(rejection(() => f.invoke([pay], forged)).data).toContain('session/invalid-session-sig')
    // The real key's signature of another message (a replay onto this transaction).
    const replay = tampered((s) => ({ ...key.signerSignature(1n), webauthn: s.webauthn }))
    expect(rejection(() => f.invoke([pay], replay)).data).toContain('session/invalid-session-sig')
    expect(f.paid()).toBe(0n)
  })

  it('refuses a signature whose rebuilt assertion differs: flags, origin, counter, parity, high s', async () => {
    const { f, tampered } = await withWebauthnSession()
    const changes: ((s: WebauthnSignerSignature) => WebauthnSignerSignature)[] = [
      (s) => ({ ...s, signature: { ...s.signature, flags: 0b001 } }), // user not verified
      (s) => ({ ...s, signature: { ...s.signature, signCount: 1 } }),
      (s) => ({ ...s, signature: { ...s.signature, crossOrigin: true } }),
      (s) => ({ ...s, signature: { ...s.signature, yParity: !s.signature.yParity } }),
      (s) => ({
        ...s,
        signature: { ...s.signature, s: P256_ORDER - s.signature.s, yParity: !s.signature.yParity },
      }),
      (s) => ({ ...s, signature: { ...s.signature, sha256Implementation: 0 } }),
    ]
    for (const change of changes) {
      expect(rejection(() => f.invoke([pay], tampered(change))).data).toContain('session/invalid-session-sig')
    }
    // Another origin is another signer: its GUID is not the session's.
    const moved = tampered((s) => ({ ...s, webauthn: { ...s.webauthn, origin: 'http://evil.example' } }))
    expect(rejection(() => f.invoke([pay], moved)).data).toContain('session/session-key-mismatch')
    expect(f.paid()).toBe(0n)
  })
})
