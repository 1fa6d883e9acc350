// The cosigner and a WebAuthn (P-256) session key, e.g. the SDK's non-extractable WebCrypto key: it
// co-signs the outside executions the key really signed (P-256 checked with node:crypto, as the account
// checks it), refuses forged, replayed and malformed signatures and another key than the session's, and
// refuses the key's self-paid invokes, which the account refuses too (validation step limit).
import {
  serializeWebauthnSignerSignature,
  sessionMessageHash,
  toHex,
  type WebauthnSignerSignature,
} from '@webwallet/protocol/session'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webauthnTestKey } from '../../chain/webauthnTesting'
import { type Served, serve } from '../../infra/http/serve'
import { P256_INVOKE_REFUSAL, type SessionRecord } from './checks'
import { createCosignerRouter } from './router'
import {
  efoBody,
  expectGuardianSignature,
  GAME,
  GUARDIAN,
  hashOf,
  NOW,
  play,
  post,
  SESSION_HASH,
  session,
} from './testing'

const key = webauthnTestKey()
const sessions = new Map<string, SessionRecord>()
let served: Served
beforeAll(async () => {
  served = await serve(
    '/cosigner',
    createCosignerRouter({
      guardianPrivateKey: GUARDIAN,
      now: () => NOW,
      lookupSession: (h) => sessions.get(h),
    }),
  )
  sessions.set(SESSION_HASH, {
    allowedMethods: [{ contractAddress: GAME, selector: 'play' }],
    expiresAt: NOW + 60,
    sessionKeyGuid: toHex(key.guid),
  })
})
afterAll(async () => {
  await served.close()
})

/** A signSession body for `tx` whose session signature is `signature` (the key's over the tx by default). */
function body(tx: ReturnType<typeof play>, signature?: WebauthnSignerSignature) {
  const signed = signature ?? key.signerSignature(sessionMessageHash(hashOf(tx), SESSION_HASH, false))
  const signerSignature = serializeWebauthnSignerSignature(signed).map(toHex)
  return {
    session: { ...session(hashOf(tx)), sessionSignature: { type: 'Webauthn', signerSignature } },
    transaction: tx,
  }
}

/** An outside execution of play(7) (`to`: its contract) and a signSessionEFO body the key signed, or `signature`. */
function efo(to = GAME, signature?: (message: bigint) => WebauthnSignerSignature) {
  const { hash, body } = efoBody([{ contractAddress: to, entrypoint: 'play', calldata: ['0x7'] }])
  const message = sessionMessageHash(hash, SESSION_HASH, false)
  const signed = signature?.(message) ?? key.signerSignature(message)
  const signerSignature = serializeWebauthnSignerSignature(signed).map(toHex)
  return {
    hash,
    message,
    body: { ...body, session: { ...body.session, sessionSignature: { type: 'Webauthn', signerSignature } } },
  }
}

const refused = { status: 403, body: { status: 'invalidSessionSignature' } }

describe('cosigner: WebAuthn (P-256) session keys', () => {
  it("co-signs an outside execution the session's P-256 key signed", async () => {
    const { hash, body } = efo()
    expectGuardianSignature(await post(served, '/signSessionEFO', body), hash)
  })

  it('refuses a self-paid invoke the key really signed: the account could not validate it', async () => {
    const answer = await post(served, '/signSession', body(play()))
    expect(answer).toEqual({
      status: 403,
      body: expect.objectContaining({
        status: 'p256InvokeNotAllowed',
        code: 'FORBIDDEN',
        message: P256_INVOKE_REFUSAL,
      }),
    })
    expect(P256_INVOKE_REFUSAL).toMatch(/^A P-256 session key can only sign outside executions/)
  })

  it('refuses a signature over another execution or transaction, or by another key', async () => {
    const other = efo(toHex(BigInt(GAME) + 1n))
    const { body: replayed } = efo(GAME, () => key.signerSignature(other.message))
    expect(await post(served, '/signSessionEFO', replayed)).toMatchObject(refused)
    const another = webauthnTestKey()
    // Another key, naming itself: not the session's key.
    expect(
      await post(served, '/signSessionEFO', efo(GAME, (m) => another.signerSignature(m)).body),
    ).toMatchObject(refused)
    // Another key's signature under the session's signer: the P-256 check fails.
    const forged = efo(GAME, (m) => ({ ...another.signerSignature(m), webauthn: key.signer }))
    expect(await post(served, '/signSessionEFO', forged.body)).toMatchObject(refused)
    // The right key's signature with r and s swapped.
    const swapped = efo(GAME, (m) => {
      const real = key.signerSignature(m)
      return { ...real, signature: { ...real.signature, r: real.signature.s, s: real.signature.r } }
    })
    expect(await post(served, '/signSessionEFO', swapped.body)).toMatchObject(refused)
    // On an invoke, a bad signature is refused as such before the kind of key is.
    const tx = play()
    const wrong = key.signerSignature(
      sessionMessageHash(hashOf(play(BigInt(GAME) + 1n)), SESSION_HASH, false),
    )
    expect(await post(served, '/signSession', body(tx, wrong))).toMatchObject(refused)
  })

  it('refuses felts that are no WebAuthn signer signature', async () => {
    const good = efo().body
    const felts = good.session.sessionSignature.signerSignature
    for (const signerSignature of [['0x0', ...felts.slice(1)], felts.slice(0, -1), [...felts, '0x0']]) {
      const bad = {
        ...good,
        session: { ...good.session, sessionSignature: { type: 'Webauthn', signerSignature } },
      }
      expect(await post(served, '/signSessionEFO', bad)).toMatchObject(refused)
    }
  })
})
