// A session revokes itself at the cosigner (POST /cosigner/revokeSession, the SDK's revokeSession()): its key
// signs poseidon('session-revocation', session hash), and from then on the cosigner co-signs nothing for it.
// The attacks: a stolen key of another session, a transaction signature replayed as a revocation, a session the
// cosigner does not know, an authorisation the guardian did not sign.
import {
  publicKeyOf,
  sessionMessageHash,
  sessionRevocationHash,
  signerGuid,
  signHash,
  toHex,
} from '@webwallet/protocol/session'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Served, serve } from '../../infra/http/serve'
import type { SessionRecord } from './checks'
import { createRevocationList, type RevocationList } from './revocations'
import { createCosignerRouter } from './router'
import {
  ACCOUNT,
  efoBody,
  GAME,
  GUARDIAN,
  hashOf,
  NOW,
  OWNER,
  play,
  post,
  SESSION_HASH,
  SESSION_KEY,
  SN_SEPOLIA,
  session,
} from './testing'

const RECORD: SessionRecord = {
  allowedMethods: [{ contractAddress: GAME, selector: 'play' }],
  expiresAt: NOW + 3_600,
  sessionKeyGuid: toHex(signerGuid(publicKeyOf(SESSION_KEY))),
  account: ACCOUNT,
  chainId: SN_SEPOLIA,
}

/** The session part of a revocation: the key signs the revocation message, not a transaction. */
function revocation(
  key = SESSION_KEY,
  message = sessionRevocationHash(SESSION_HASH),
  keys = [OWNER, GUARDIAN],
) {
  const signed = signHash(message, key)
  return {
    session: {
      ...session(0n, keys),
      sessionSignature: {
        type: 'StarknetKey',
        signer: { publicKey: toHex(signed.signer), r: `${signed.r}`, s: `${signed.s}` },
      },
    },
  }
}

let served: Served
let revocations: RevocationList
beforeEach(async () => {
  revocations = createRevocationList()
  const records = new Map([[SESSION_HASH, RECORD]])
  served = await serve(
    '/cosigner',
    createCosignerRouter({
      guardianPrivateKey: GUARDIAN,
      now: () => NOW,
      lookupSession: (hash) => records.get(toHex(BigInt(hash))) ?? records.get(hash),
      revocations,
    }),
  )
})
afterEach(() => served.close())

describe('POST /cosigner/revokeSession', () => {
  it('revokes the session its key signed for: every later co-signing is refused as sessionRevoked', async () => {
    const tx = play()
    expect(
      (await post(served, '/signSession', { session: session(hashOf(tx)), transaction: tx })).status,
    ).toBe(200)
    expect(await post(served, '/revokeSession', revocation())).toEqual({
      status: 200,
      body: { sessionHash: SESSION_HASH, revoked: true },
    })
    expect(revocations.has(SESSION_HASH)).toBe(true)
    const refused = await post(served, '/signSession', { session: session(hashOf(tx)), transaction: tx })
    expect(refused).toMatchObject({ status: 403, body: { status: 'sessionRevoked' } })
    const outside = efoBody([{ contractAddress: GAME, entrypoint: 'play', calldata: ['0x7'] }]).body
    expect(await post(served, '/signSessionEFO', outside)).toMatchObject({
      status: 403,
      body: { status: 'sessionRevoked' },
    })
    // Again: the same answer (a retry after a lost answer), never an undo.
    expect((await post(served, '/revokeSession', revocation())).status).toBe(200)
  })

  it("refuses another session's key (a stolen key revokes its own session only)", async () => {
    const answer = await post(served, '/revokeSession', revocation('0x1234567'))
    expect(answer).toMatchObject({ status: 403, body: { status: 'invalidSessionSignature' } })
    expect(revocations.snapshot()).toEqual([])
  })

  it("refuses a transaction's session signature replayed as a revocation", async () => {
    const txSigned = revocation(SESSION_KEY, sessionMessageHash(hashOf(play()), SESSION_HASH, false))
    const answer = await post(served, '/revokeSession', txSigned)
    expect(answer).toMatchObject({ status: 403, body: { status: 'invalidSessionSignature' } })
    expect(revocations.snapshot()).toEqual([])
  })

  it('refuses a session it does not know, and an authorisation the guardian did not sign', async () => {
    const unknown = revocation()
    unknown.session.sessionHash = '0x42'
    expect(await post(served, '/revokeSession', unknown)).toMatchObject({ status: 403 })
    const notGuardian = revocation(SESSION_KEY, undefined, [OWNER, '0x99'])
    expect(await post(served, '/revokeSession', notGuardian)).toMatchObject({
      status: 403,
      body: { status: 'invalidSessionAuthorisation' },
    })
    expect(revocations.snapshot()).toEqual([])
  })

  it('refuses a body that is no revocation with a coded 400', async () => {
    const answer = await post(served, '/revokeSession', { session: { sessionHash: 'nope' } })
    expect(answer.status).toBe(400)
    expect(answer.body.code).toBeTypeOf('string')
  })

  it('keeps its list across a restart (the state store saves the snapshot)', () => {
    revocations.revoke(SESSION_HASH)
    const restored = createRevocationList(revocations.snapshot())
    expect(restored.has(SESSION_HASH)).toBe(true)
    expect(restored.revoke(BigInt(SESSION_HASH))).toBe(false)
  })
})
