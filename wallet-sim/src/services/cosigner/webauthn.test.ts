// The cosigner and a WebAuthn (P-256) session key, e.g. the SDK's non-extractable WebCrypto key: it
// co-signs what the key really signed (P-256 checked with node:crypto, as the account checks it) and
// refuses forged, replayed and malformed signatures and another key than the session's.
import {
  serializeWebauthnSignerSignature,
  sessionMessageHash,
  toHex,
  type WebauthnSignerSignature,
} from '@webwallet/protocol/session'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webauthnTestKey } from '../../chain/webauthn-testing'
import { type Served, serve } from '../http/serve'
import type { SessionRecord } from './checks'
import { createCosignerRouter } from './router'
import {
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

const refused = { status: 403, body: { status: 'invalidSessionSignature' } }

describe('cosigner: WebAuthn (P-256) session keys', () => {
  it("co-signs a transaction the session's P-256 key signed", async () => {
    const tx = play()
    expectGuardianSignature(await post(served, '/signSession', body(tx)), hashOf(tx))
  })

  it('refuses a signature over another transaction, or by another key', async () => {
    const tx = play()
    const replayed = key.signerSignature(
      sessionMessageHash(hashOf(play(BigInt(GAME) + 1n)), SESSION_HASH, false),
    )
    expect(await post(served, '/signSession', body(tx, replayed))).toMatchObject(refused)
    const message = sessionMessageHash(hashOf(tx), SESSION_HASH, false)
    const other = webauthnTestKey()
    // Another key, naming itself: not the session's key.
    expect(await post(served, '/signSession', body(tx, other.signerSignature(message)))).toMatchObject(
      refused,
    )
    // Another key's signature under the session's signer: the P-256 check fails.
    const forged = { ...other.signerSignature(message), webauthn: key.signer }
    expect(await post(served, '/signSession', body(tx, forged))).toMatchObject(refused)
    // The right key's signature with r and s swapped.
    const real = key.signerSignature(message)
    const swapped = { ...real, signature: { ...real.signature, r: real.signature.s, s: real.signature.r } }
    expect(await post(served, '/signSession', body(tx, swapped))).toMatchObject(refused)
  })

  it('refuses felts that are no WebAuthn signer signature', async () => {
    const tx = play()
    const good = body(tx)
    const felts = good.session.sessionSignature.signerSignature
    for (const signerSignature of [['0x0', ...felts.slice(1)], felts.slice(0, -1), [...felts, '0x0']]) {
      const bad = {
        ...good,
        session: { ...good.session, sessionSignature: { type: 'Webauthn', signerSignature } },
      }
      expect(await post(served, '/signSession', bad)).toMatchObject(refused)
    }
  })
})
