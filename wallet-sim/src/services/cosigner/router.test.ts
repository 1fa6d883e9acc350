import { publicKeyOf, selectorFromName, signerGuid, toHex } from '@webwallet/protocol/session'
import { shortString, hash as starknetHash } from 'starknet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Served, serve } from '../../infra/http/serve'
import type { SessionRecord } from './checks'
import { createCosignerRouter } from './router'
import {
  ACCOUNT,
  efoBody,
  expectGuardianSignature,
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
  transaction,
} from './testing'

const sessions = new Map<string, SessionRecord>()
let open: Served
let strict: Served
beforeAll(async () => {
  open = await serve('/cosigner', createCosignerRouter({ guardianPrivateKey: GUARDIAN, now: () => NOW }))
  strict = await serve(
    '/cosigner',
    createCosignerRouter({
      guardianPrivateKey: GUARDIAN,
      now: () => NOW,
      lookupSession: (hash) => sessions.get(hash),
    }),
  )
})
afterAll(async () => {
  await open.close()
  await strict.close()
})

describe('signSession', () => {
  it('co-signs a session transaction over poseidon(tx hash, session hash, cache flag)', async () => {
    const tx = play()
    expectGuardianSignature(
      await post(open, '/signSession', { session: session(hashOf(tx)), transaction: tx }),
      hashOf(tx),
    )
  })

  it('accepts r and s beside the signer too', async () => {
    const tx = play()
    const nested = session(hashOf(tx))
    const { publicKey, r, s } = nested.sessionSignature.signer
    const flat = { ...nested, sessionSignature: { type: 'StarknetKey', signer: { publicKey }, r, s } }
    expectGuardianSignature(await post(open, '/signSession', { session: flat, transaction: tx }), hashOf(tx))
  })

  // x-sessions 7 (invisible-sdk 1.0.0, starknet.js 6) sends spec 0.7's V3: two bounds, no l1_data_gas.
  // Starknet hashed those with their two bounds (SNIP-8 before 0.13.4), and so does the chain at /rpc/v0_7.
  it('hashes a V3 without l1_data_gas with its two bounds, as starknet.js 6 does', async () => {
    const { l1_data_gas: _, ...bounds } = play().resource_bounds
    const tx = {
      ...play(),
      resource_bounds: { ...bounds, l2_gas: { max_amount: '0', max_price_per_unit: '0' } },
    }
    // SNIP-8's invoke hash with the fee fields of spec 0.7: poseidon(tip, L1_GAS bound, L2_GAS bound).
    const poseidon = (felts: (string | bigint)[]) => BigInt(starknetHash.computePoseidonHashOnElements(felts))
    const bound = (name: string, amount: bigint, price: bigint) =>
      (BigInt(shortString.encodeShortString(name)) << 192n) + (amount << 128n) + price
    const hash = poseidon([
      shortString.encodeShortString('invoke'),
      3n,
      tx.sender_address,
      poseidon([0n, bound('L1_GAS', 0x1000n, 0x10n), bound('L2_GAS', 0n, 0n)]),
      poseidon([]),
      SN_SEPOLIA,
      tx.nonce,
      0n,
      poseidon([]),
      poseidon(tx.calldata),
    ])
    expectGuardianSignature(
      await post(open, '/signSession', { session: session(hash), transaction: tx }),
      hash,
    )
    // x-sessions 7 sends l2_gas = l1_gas beside what its session key signed: not that transaction.
    const copied = { ...tx, resource_bounds: { l1_gas: bounds.l1_gas, l2_gas: bounds.l1_gas } }
    const refused = await post(open, '/signSession', { session: session(hash), transaction: copied })
    expect(refused).toMatchObject({ status: 403, body: { status: 'invalidSessionSignature' } })
  })

  it('refuses a session signature over another transaction', async () => {
    const answer = await post(open, '/signSession', {
      session: session(hashOf(play()) + 1n),
      transaction: play(),
    })
    expect(answer).toMatchObject({ status: 403, body: { status: 'invalidSessionSignature' } })
  })

  it('refuses a session the guardian did not authorise', async () => {
    const answer = await post(open, '/signSession', {
      session: session(hashOf(play()), [OWNER, '0x99']),
      transaction: play(),
    })
    expect(answer).toMatchObject({ status: 403, body: { status: 'invalidSessionAuthorisation' } })
    const alone = await post(open, '/signSession', {
      session: session(hashOf(play()), [GUARDIAN]),
      transaction: play(),
    })
    expect(alone.body.status).toBe('invalidSessionAuthorisation')
  })

  it('refuses a call to the account itself and malformed calldata', async () => {
    const self = play(BigInt(ACCOUNT))
    expect(
      (await post(open, '/signSession', { session: session(hashOf(self)), transaction: self })).body.status,
    ).toBe('forbiddenCall')
    const broken = transaction([2n, BigInt(GAME), 1n, 5n])
    expect(
      (await post(open, '/signSession', { session: session(hashOf(broken)), transaction: broken })).body
        .status,
    ).toBe('invalidCalldata')
  })

  it('refuses another chain and answers 400 for a malformed body', async () => {
    const mainnetTx = { ...play(), chain_id: '0x1234' }
    expect(
      (await post(open, '/signSession', { session: session(0n), transaction: mainnetTx })).body.status,
    ).toBe('unsupportedChain')
    expect(
      (await post(open, '/signSession', { session: { sessionHash: 'x' }, transaction: play() })).status,
    ).toBe(400)
  })

  it('with registered sessions, checks the session exists, is live and allows each call', async () => {
    const tx = play()
    const body = { session: session(hashOf(tx)), transaction: tx }
    expect((await post(strict, '/signSession', body)).body.status).toBe('unknownSession')
    sessions.set(SESSION_HASH, {
      allowedMethods: [{ contractAddress: GAME, selector: 'other' }],
      expiresAt: NOW + 60,
    })
    expect((await post(strict, '/signSession', body)).body.status).toBe('methodNotAllowed')
    sessions.set(SESSION_HASH, {
      allowedMethods: [{ contractAddress: GAME, selector: 'play' }],
      expiresAt: NOW,
    })
    expect((await post(strict, '/signSession', body)).body.status).toBe('sessionExpired')
    sessions.set(SESSION_HASH, {
      allowedMethods: [{ contractAddress: GAME, selector: toHex(selectorFromName('play')) }],
      expiresAt: NOW + 60,
    })
    expectGuardianSignature(await post(strict, '/signSession', body), hashOf(tx))
  })
})

describe('the session key', () => {
  it("with the session's key recorded, co-signs only for that key", async () => {
    const tx = play()
    sessions.set(SESSION_HASH, {
      allowedMethods: [{ contractAddress: GAME, selector: 'play' }],
      expiresAt: NOW + 60,
      sessionKeyGuid: toHex(signerGuid(publicKeyOf(SESSION_KEY))),
    })
    expectGuardianSignature(
      await post(strict, '/signSession', { session: session(hashOf(tx)), transaction: tx }),
      hashOf(tx),
    )
    // Anyone who saw the (public) session authorisation, signing with a key of their own.
    const other = session(hashOf(tx), undefined, '0x4e4e4e4e')
    expect(await post(strict, '/signSession', { session: other, transaction: tx })).toMatchObject({
      status: 403,
      body: { status: 'invalidSessionSignature', message: 'The session signature is not by the session key' },
    })
  })
})

describe('the recorded account and chain', () => {
  const SN_MAIN = '0x534e5f4d41494e'
  const record = (scope: Pick<SessionRecord, 'account' | 'chainId'>) =>
    sessions.set(SESSION_HASH, {
      allowedMethods: [{ contractAddress: GAME, selector: 'play' }],
      expiresAt: NOW + 60,
      sessionKeyGuid: toHex(signerGuid(publicKeyOf(SESSION_KEY))),
      ...scope,
    })
  const hashOn = hashOf

  it("co-signs only the recorded account's transactions", async () => {
    record({ account: toHex(BigInt(ACCOUNT)), chainId: SN_SEPOLIA })
    const own = play()
    expectGuardianSignature(
      await post(strict, '/signSession', { session: session(hashOn(own)), transaction: own }),
      hashOn(own),
    )
    // The session key holder (an app) signs a transaction of another account with this session.
    const other = { ...play(), sender_address: '0xb0b' }
    expect(
      await post(strict, '/signSession', { session: session(hashOn(other)), transaction: other }),
    ).toMatchObject({
      status: 403,
      body: { status: 'unknownSession', message: 'The cosigner does not know this session for this account' },
    })
  })

  it('co-signs only on the chain the session was signed for', async () => {
    record({ account: toHex(BigInt(ACCOUNT)), chainId: SN_SEPOLIA })
    const mainnet = { ...play(), chain_id: SN_MAIN }
    expect(
      await post(strict, '/signSession', { session: session(hashOn(mainnet)), transaction: mainnet }),
    ).toMatchObject({
      status: 403,
      body: { status: 'unknownSession', message: 'The cosigner does not know this session on this chain' },
    })
  })

  it('checks the account of an outside execution too', async () => {
    record({ account: '0xb0b', chainId: SN_SEPOLIA })
    const { hash, body } = efoBody([{ contractAddress: GAME, entrypoint: 'play', calldata: ['0x7'] }], {
      nonce: '0x44',
    })
    expect((await post(strict, '/signSessionEFO', body)).body.status).toBe('unknownSession')
    record({ account: ACCOUNT, chainId: SN_SEPOLIA })
    expectGuardianSignature(await post(strict, '/signSessionEFO', body), hash)
  })
})

describe('signSessionEFO', () => {
  // starknet.js computes the SNIP-12 hash independently of the protocol code the cosigner uses.
  const efo = (executeBefore?: number) =>
    efoBody([{ contractAddress: GAME, entrypoint: 'play', calldata: ['0x7'] }], {
      ...(executeBefore === undefined ? {} : { executeBefore }),
    })

  it('co-signs an outside execution', async () => {
    const { hash, body } = efo()
    expectGuardianSignature(await post(open, '/signSessionEFO', body), hash)
  })

  it('refuses an outside execution past its window', async () => {
    const { body } = efo(NOW)
    expect(await post(open, '/signSessionEFO', body)).toMatchObject({
      status: 403,
      body: { status: 'outsideExecutionExpired' },
    })
  })
})
