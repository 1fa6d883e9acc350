// A session whose key is a P-256 WebAuthn signer (what the SDK's non-extractable WebCrypto session key is),
// as Argent account 0.4 treats it on Starknet: the WebAuthn check (SHA-256 and secp256r1 in Cairo) needs more
// steps than a validation may use, so a direct invoke is refused (55, out of steps) whatever its signature;
// an outside execution (SNIP-9, run in `__execute__`, ten times the steps) carries it, pays for it, accepts
// the key's signatures and refuses forged ones.
import {
  buildOutsideExecution,
  type Felt,
  outsideExecutionCalldata,
  outsideExecutionHash,
  P256_ORDER,
  serializeWebauthnSignerSignature,
  type WebauthnSignerSignature,
} from '@webwallet/protocol/session'
import { describe, expect, it } from 'vitest'
import { selectorOf, toHex } from '../../felt'
import { DEFAULT_GAS_PRICES } from '../../gas'
import { OUT_OF_STEPS, VALIDATE_MAX_L2_GAS, WEBAUTHN_VERIFY_L2_GAS } from '../../limits'
import { GENEROUS_BOUNDS, signedInvoke } from '../../testHelpers'
import { webauthnTestKey } from '../../webauthnTesting'
import { argentFixture, NOW, pay, rejection } from './testing'

// Room for the WebAuthn check in the relayer's transaction (the helpers' usual 20M L2 gas is a Stark session's).
const RELAY_BOUNDS = {
  ...GENEROUS_BOUNDS,
  l2_gas: { max_amount: toHex(300_000_000n), max_price_per_unit: toHex(DEFAULT_GAS_PRICES.l2Gas.fri * 2n) },
}

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
  let nonce = 0n
  /** [pay] as an outside execution signed by `sign`, relayed by a dev account: its receipt. */
  const relay = (sign: (hash: Felt) => Felt[]) => {
    const execution = buildOutsideExecution({ calls: [pay], nonce: ++nonce, nowMs: NOW * 1000 })
    const calldata = outsideExecutionCalldata(
      execution,
      sign(outsideExecutionHash(execution, f.address, f.chain.chainId)),
    )
    const { hash } = f.chain.addTransaction(
      signedInvoke({
        sender: f.relayer.address,
        privateKey: f.relayer.key,
        nonce: f.chain.base.getNonce(f.relayer.address),
        calls: [{ to: f.address, selector: selectorOf('execute_from_outside_v2'), calldata }],
        chainId: f.chain.chainId,
        resourceBounds: RELAY_BOUNDS,
      }),
    )
    return f.chain.getTx(hash).receipt as {
      execution_status: string
      revert_reason?: string
      execution_resources: { l2_gas: number }
    }
  }
  return { f, key, token, tampered, relay }
}

describe('Argent account: session keys that are WebAuthn (P-256) signers', () => {
  it('refuses a direct invoke as the real account does: validation runs out of steps (55)', async () => {
    const { f, key, token } = await withWebauthnSession()
    expect(WEBAUTHN_VERIFY_L2_GAS).toBeGreaterThan(VALIDATE_MAX_L2_GAS)
    const refused = rejection(() => f.invoke([pay], token(key.felts)))
    expect(refused.code).toBe(55)
    expect(refused.data).toMatch(
      /^Transaction validation has failed:\n0: Error in the called contract \(contract address: 0x[0-9a-f]+, class hash: 0x[0-9a-f]+, selector: 0x[0-9a-f]+\):\n/,
    )
    expect(refused.data.endsWith(`${OUT_OF_STEPS}\n`)).toBe(true)
    // A forged signature too: the account runs out of steps before it can tell.
    expect(rejection(() => f.invoke([pay], token(webauthnTestKey().felts))).data).toContain(
      'session/session-key-mismatch',
    )
    expect(
      rejection(() =>
        f.invoke(
          [pay],
          token(() => key.felts(1n)),
        ),
      ).data,
    ).toContain(OUT_OF_STEPS)
    expect(f.paid()).toBe(0n)
  })

  it("runs the session's calls signed by the P-256 key and the guardian in an outside execution, at its cost", async () => {
    const { f, key, token, relay } = await withWebauthnSession()
    for (const _ of [1, 2]) {
      const receipt = relay(token(key.felts))
      expect(receipt.execution_status).toBe('SUCCEEDED')
      expect(BigInt(receipt.execution_resources.l2_gas)).toBeGreaterThan(WEBAUTHN_VERIFY_L2_GAS)
    }
    expect(f.paid()).toBe(2n)
  })

  it("refuses another P-256 key, whether it names itself or the session's signer", async () => {
    const { f, key, token, tampered, relay } = await withWebauthnSession()
    const other = webauthnTestKey()
    expect(relay(token(other.felts)).revert_reason).toContain('session/session-key-mismatch')
    const forged = tampered((s) => ({ ...other.signerSignature(0n), webauthn: s.webauthn }))
    expect(relay(forged).revert_reason).toContain('session/invalid-session-sig')
    // The real key's signature of another message (a replay onto this execution).
    const replay = tampered((s) => ({ ...key.signerSignature(1n), webauthn: s.webauthn }))
    expect(relay(replay).revert_reason).toContain('session/invalid-session-sig')
    expect(f.paid()).toBe(0n)
  })

  it('refuses a signature whose rebuilt assertion differs: flags, origin, counter, parity, high s', async () => {
    const { f, tampered, relay } = await withWebauthnSession()
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
      expect(relay(tampered(change)).revert_reason).toContain('session/invalid-session-sig')
    }
    // Another origin is another signer: its GUID is not the session's.
    const moved = tampered((s) => ({ ...s, webauthn: { ...s.webauthn, origin: 'http://evil.example' } }))
    expect(relay(moved).revert_reason).toContain('session/session-key-mismatch')
    expect(f.paid()).toBe(0n)
  })
})
