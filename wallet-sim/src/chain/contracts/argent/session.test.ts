import {
  parseSessionToken,
  type StarknetSignerSignature,
  serializeSessionToken,
  sessionHash,
} from '@webwallet/protocol/session'
import { describe, expect, it } from 'vitest'
import { RpcCode } from '../../errors'
import { toHex } from '../../felt'
import { approveStrk, argentFixture, keys, NOW, pay, rejection, signByOwnerAndGuardian } from './testing'

async function deployed() {
  const f = argentFixture()
  await f.deploy()
  return f
}

describe('Argent account: session-token invoke', () => {
  it('runs calls inside the allowed methods, signed by the session key and the guardian', async () => {
    const f = await deployed()
    f.invoke([pay, pay], (hash) => f.sessionSignature([pay, pay], hash))
    expect(f.paid()).toBe(2n)
  })

  it('fails validation (55) when a call is outside the allowed methods', async () => {
    const f = await deployed()
    // The dapp cannot build a proof for approve; it reuses the transfer proof, which does not match.
    const forged = (hash: bigint) => f.sessionSignature([pay, pay], hash)
    const result = rejection(() => f.invoke([pay, approveStrk], forged))
    expect(result).toEqual({
      code: RpcCode.VALIDATION_FAILURE,
      data: expect.stringContaining('session/invalid-call'),
    })
    expect(rejection(() => f.invoke([pay], (hash) => f.sessionSignature([pay, pay], hash))).data).toContain(
      'session/unaligned-proofs',
    )
    expect(f.paid()).toBe(0n)
  })

  it('fails validation once the session has expired', async () => {
    const f = await deployed()
    f.chain.setTime(NOW + 3601)
    expect(rejection(() => f.invoke([pay], (hash) => f.sessionSignature([pay], hash))).data).toContain(
      'session/expired',
    )
  })

  it('fails validation without a valid guardian signature', async () => {
    const f = await deployed()
    const bySessionKeyOnly = (hash: bigint) => f.sessionSignature([pay], hash, { guardianKey: keys.session })
    expect(rejection(() => f.invoke([pay], bySessionKeyOnly)).data).toContain('session/guardian-key-mismatch')
    const wrongGuardianSignature = (hash: bigint) => {
      const token = parseSessionToken(f.sessionSignature([pay], hash))
      const { r, s } = token.guardianSignature
      return serializeSessionToken({
        ...token,
        sessionSignature: token.sessionSignature as StarknetSignerSignature,
        guardianSignature: { ...token.guardianSignature, r: s, s: r },
      })
    }
    expect(rejection(() => f.invoke([pay], wrongGuardianSignature)).data).toContain(
      'session/invalid-backend-sig',
    )
    const withoutGuardian = (hash: bigint) => {
      const felts = f.sessionSignature([pay], hash)
      const proofsLength = 1 + parseSessionToken(felts).proofs.reduce((n, proof) => n + 1 + proof.length, 0)
      const guardianStart = felts.length - proofsLength - 4
      return [...felts.slice(0, guardianStart), ...felts.slice(guardianStart + 4)]
    }
    expect(rejection(() => f.invoke([pay], withoutGuardian)).data).toContain('session/invalid-calldata')
  })

  it('refuses a session the owner did not authorise, or one for another session key', async () => {
    const f = await deployed()
    const strangerAuthorisation = (hash: bigint) =>
      f.sessionSignature([pay], hash, { authorization: signByOwnerAndGuardian(0xbadn) })
    expect(rejection(() => f.invoke([pay], strangerAuthorisation)).data).toContain(
      'session/invalid-account-sig',
    )
    const otherKey = { ...f.session, sessionKeyGuid: f.session.sessionKeyGuid + 1n }
    const mismatched = (hash: bigint) => f.sessionSignature([pay], hash, { session: otherKey })
    expect(rejection(() => f.invoke([pay], mismatched)).data).toContain('session/session-key-mismatch')
  })

  it('caches the authorisation when asked, so later tokens may leave it out', async () => {
    const f = await deployed()
    const hashOfSession = sessionHash(f.session, f.address, f.chain.chainId)
    expect(f.view('is_session_authorization_cached', [hashOfSession])).toEqual([0n])
    f.invoke([pay], (hash) => f.sessionSignature([pay], hash, { cache: true }))
    expect(f.view('is_session_authorization_cached', [hashOfSession])).toEqual([1n])
    f.invoke([pay], (hash) => f.sessionSignature([pay], hash, { cache: true, authorization: [] }))
    expect(f.paid()).toBe(2n)
    // Without the cache flag, an empty authorisation is checked and refused.
    expect(
      rejection(() => f.invoke([pay], (hash) => f.sessionSignature([pay], hash, { authorization: [] }))).data,
    ).toContain('argent/invalid-signature-format')
  })

  it('refuses a revoked session', async () => {
    const f = await deployed()
    const hashOfSession = sessionHash(f.session, f.address, f.chain.chainId)
    const revoke = {
      contractAddress: toHex(f.address),
      entrypoint: 'revoke_session',
      calldata: [hashOfSession],
    }
    f.invoke([revoke], signByOwnerAndGuardian)
    expect(f.view('is_session_revoked', [hashOfSession])).toEqual([1n])
    expect(rejection(() => f.invoke([pay], (hash) => f.sessionSignature([pay], hash))).data).toContain(
      'session/revoked',
    )
  })
})
