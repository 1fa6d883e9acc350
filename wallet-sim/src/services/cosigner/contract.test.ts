// The cosigner's real answers read by protocol's contract (`cosigner` of @webwallet/protocol/services): a
// co-signature is its Response, every refusal its Refusal, and the bodies the tests send are its Requests.
import { cosigner } from '@webwallet/protocol/services'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type Served, serve } from '../../infra/http/serve'
import { createCosignerRouter } from './router'
import {
  efoBody,
  GAME,
  GUARDIAN,
  hashOf,
  NOW,
  play,
  post,
  SESSION_HASH,
  session,
  signSessionBody,
} from './testing'

let served: Served
beforeAll(async () => {
  served = await serve(
    '/cosigner',
    createCosignerRouter({
      guardianPrivateKey: GUARDIAN,
      now: () => NOW,
      // One known session, so that an unknown one is refused too.
      lookupSession: (hash) =>
        hash === SESSION_HASH
          ? { allowedMethods: [{ contractAddress: GAME, selector: 'play' }], expiresAt: NOW + 60 }
          : undefined,
    }),
  )
})
afterAll(() => served.close())

const route = (path: string) => path.replace('/cosigner', '')

it('co-signs: both answers are the Response of their route', async () => {
  const invoke = signSessionBody(play())
  expect(cosigner.signSession.Request.safeParse(invoke).success).toBe(true)
  const signed = await post(served, route(cosigner.signSession.path), invoke)
  expect(signed.status).toBe(200)
  expect(cosigner.signSession.Response.parse(signed.body).signature.publicKey).toMatch(/^0x/)

  const { body } = efoBody([{ contractAddress: GAME, entrypoint: 'play', calldata: ['0x7'] }])
  expect(cosigner.signSessionEFO.Request.safeParse(body).success).toBe(true)
  const outside = await post(served, route(cosigner.signSessionEFO.path), body)
  expect(outside.status).toBe(200)
  expect(cosigner.signSessionEFO.Response.safeParse(outside.body).success).toBe(true)
})

it('refuses: each 403 is a Refusal whose status names the reason', async () => {
  const tx = play()
  const cases: [unknown, string][] = [
    [{ session: session(hashOf(tx) + 1n), transaction: tx }, 'invalidSessionSignature'],
    [{ session: session(hashOf(tx), ['0x99']), transaction: tx }, 'invalidSessionAuthorisation'],
    [{ session: session(0n), transaction: { ...tx, chain_id: '0x1234' } }, 'unsupportedChain'],
    [signSessionBody(play(BigInt('0xb0b'))), 'methodNotAllowed'],
  ]
  for (const [body, status] of cases) {
    const answer = await post(served, route(cosigner.signSession.path), body)
    expect(answer.status).toBe(403)
    expect(cosigner.Refusal.parse(answer.body).status).toBe(status)
  }
})

it('answers 400, not a Refusal, to a body its Request schema refuses', async () => {
  const bad = { session: { sessionHash: 'x' }, transaction: play() }
  expect(cosigner.signSession.Request.safeParse(bad).success).toBe(false)
  const answer = await post(served, route(cosigner.signSession.path), bad)
  expect(answer.status).toBe(400)
  expect(cosigner.Refusal.safeParse(answer.body).success).toBe(false)
})
