// A session the wallet revoked on the account is refused by the cosigner too (issue 18's attacker cross-check:
// before, it co-signed a revoked session and only the account refused it): a real Argent account on the
// built-in chain revokes it with owner + guardian.
import {
  buildOutsideExecution,
  outsideExecutionHash,
  outsideExecutionTypedData,
  selectorFromName,
  toHex,
} from '@webwallet/protocol/session'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { argentFixture, signByOwnerAndGuardian } from '../../chain/contracts/argent/testing'
import { type Served, serve } from '../../infra/http/serve'
import { builtinAccess } from '../../node/builtin'
import { chainRevocations } from './revocations'
import { createCosignerRouter } from './router'
import { GAME, GUARDIAN, hashOf, NOW, post, SESSION_HASH, session, transaction } from './testing'

const f = argentFixture()
let served: Served
beforeAll(async () => {
  await f.deploy()
  served = await serve(
    '/cosigner',
    createCosignerRouter({
      guardianPrivateKey: GUARDIAN,
      now: () => NOW,
      isSessionRevoked: chainRevocations(builtinAccess(() => f.chain)),
    }),
  )
})
afterAll(() => served.close())

const play = () => ({
  ...transaction([1n, BigInt(GAME), selectorFromName('play'), 1n, 7n]),
  sender_address: toHex(f.address),
})
const outside = () => {
  const calls = [{ contractAddress: GAME, entrypoint: 'play', calldata: ['0x7'] }]
  const execution = buildOutsideExecution({ calls, nonce: '0x42', nowMs: NOW * 1000 })
  const message = outsideExecutionTypedData(execution, 'SN_SEPOLIA')
  const hash = outsideExecutionHash(execution, f.address, 'SN_SEPOLIA')
  return {
    session: session(hash),
    message: {
      type: 'eip712',
      accountAddress: toHex(f.address),
      chain: 'starknet',
      network: 'sepolia',
      message,
    },
  }
}

describe('a revoked session', () => {
  it('is co-signed until the account revokes it, then refused as sessionRevoked (invoke and outside execution)', async () => {
    const tx = play()
    expect(
      (await post(served, '/signSession', { session: session(hashOf(tx)), transaction: tx })).status,
    ).toBe(200)
    f.invoke(
      [{ contractAddress: toHex(f.address), entrypoint: 'revoke_session', calldata: [BigInt(SESSION_HASH)] }],
      signByOwnerAndGuardian,
    )
    const refused = await post(served, '/signSession', { session: session(hashOf(tx)), transaction: tx })
    expect(refused).toMatchObject({ status: 403, body: { status: 'sessionRevoked' } })
    expect(await post(served, '/signSessionEFO', outside())).toMatchObject({
      status: 403,
      body: { status: 'sessionRevoked' },
    })
  })

  it('is not asked of an account that is not deployed (nothing to revoke yet)', async () => {
    expect(await chainRevocations(builtinAccess(() => f.chain))(0xabcn, BigInt(SESSION_HASH))).toBe(false)
  })
})
