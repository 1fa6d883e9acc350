import {
  buildOutsideExecution,
  outsideExecutionTypedData,
  publicKeyOf,
  selectorFromName,
  serializeSignerSignatures,
  sessionMessageHash,
  signerGuid,
  signHash,
  toHex,
  verifySignerSignature,
} from '@webwallet/protocol/session'
import { typedData } from 'starknet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseTransaction, transactionHash } from '../../chain/transaction'
import { type Served, serve } from '../http/serve'
import type { SessionRecord } from './checks'
import { createCosignerRouter } from './router'

const GUARDIAN = '0x3f6d0f1c1e1c2b5a7c5d9e3b2a1f0e4d5c6b7a8f9e0d1c2b3a4f5e6d7c8b9a0'
const OWNER = '0x5a5a5a5a'
const SESSION_KEY = '0x7b7b7b7b'
const ACCOUNT = '0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'
const GAME = '0xa11ce'
const SESSION_HASH = '0x2d3b4c5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0a'
const SN_SEPOLIA = '0x534e5f5345504f4c4941'
const NOW = 1_750_000_000

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

const authorisation = (keys = [OWNER, GUARDIAN]) =>
  serializeSignerSignatures(keys.map((key) => signHash(SESSION_HASH, key))).map(toHex)

function transaction(calldata: bigint[]) {
  const bound = { max_amount: '0x1000', max_price_per_unit: '0x10' }
  return {
    sender_address: ACCOUNT,
    calldata: calldata.map((felt) => felt.toString()),
    nonce: '1',
    version: '0x3',
    chain_id: SN_SEPOLIA,
    resource_bounds: { l1_gas: bound, l2_gas: bound, l1_data_gas: bound },
    tip: '0',
    paymaster_data: [],
    account_deployment_data: [],
    nonce_data_availability_mode: 'L1' as const,
    fee_data_availability_mode: 'L1' as const,
  }
}
const play = (to = BigInt(GAME)) => transaction([1n, to, selectorFromName('play'), 1n, 7n])

/** The session part, signed over `hash` by the session key, in x-sessions' nested form. */
function session(hash: bigint, keys?: string[], sessionKey = SESSION_KEY) {
  const signature = signHash(sessionMessageHash(hash, SESSION_HASH, false), sessionKey)
  return {
    sessionHash: SESSION_HASH,
    sessionAuthorisation: authorisation(keys),
    cacheAuthorisation: false,
    sessionSignature: {
      type: 'StarknetKey',
      signer: { publicKey: toHex(signature.signer), r: signature.r.toString(), s: signature.s.toString() },
    },
  }
}
const hashOf = (tx: ReturnType<typeof transaction>) =>
  transactionHash(parseTransaction({ ...tx, type: 'INVOKE' }, 'INVOKE'), BigInt(SN_SEPOLIA))

async function post(served: Served, path: string, body: unknown) {
  const response = await fetch(`${served.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

function expectGuardianSignature(answer: { status: number; body: Record<string, unknown> }, hash: bigint) {
  expect(answer.status).toBe(200)
  const { publicKey, r, s } = answer.body.signature as { publicKey: string; r: string; s: string }
  expect(BigInt(publicKey)).toBe(publicKeyOf(GUARDIAN))
  const message = sessionMessageHash(hash, SESSION_HASH, false)
  expect(verifySignerSignature(message, { signer: BigInt(publicKey), r: BigInt(r), s: BigInt(s) })).toBe(true)
}

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

  it("refuses a transaction whose maximum fee exceeds the session's STRK fee cap", async () => {
    const tx = play() // three resources of 0x1000 units at 0x10 each: at most 0x30000 FRI
    const body = { session: session(hashOf(tx)), transaction: tx }
    const allowedMethods = [{ contractAddress: GAME, selector: 'play' }]
    const strk = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
    sessions.set(SESSION_HASH, {
      allowedMethods,
      expiresAt: NOW + 60,
      txFees: [{ tokenAddress: strk, maxAmount: '196607' }],
    })
    expect(await post(strict, '/signSession', body)).toMatchObject({
      status: 403,
      body: { status: 'feeCapExceeded' },
    })
    sessions.set(SESSION_HASH, {
      allowedMethods,
      expiresAt: NOW + 60,
      txFees: [{ tokenAddress: strk, maxAmount: '196608' }],
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
  const hashOn = (tx: ReturnType<typeof transaction>) =>
    transactionHash(parseTransaction({ ...tx, type: 'INVOKE' }, 'INVOKE'), BigInt(tx.chain_id))

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
    const execution = buildOutsideExecution({
      calls: [{ contractAddress: GAME, entrypoint: 'play', calldata: ['0x7'] }],
      nonce: '0x44',
      nowMs: NOW * 1000,
    })
    const message = outsideExecutionTypedData(execution, 'SN_SEPOLIA')
    const hash = BigInt(typedData.getMessageHash(message, ACCOUNT))
    const body = { session: session(hash), message: { accountAddress: ACCOUNT, message } }
    expect((await post(strict, '/signSessionEFO', body)).body.status).toBe('unknownSession')
    record({ account: ACCOUNT, chainId: SN_SEPOLIA })
    expectGuardianSignature(await post(strict, '/signSessionEFO', body), hash)
  })
})

describe('signSessionEFO', () => {
  const efo = (executeBefore?: number) => {
    const execution = buildOutsideExecution({
      calls: [{ contractAddress: GAME, entrypoint: 'play', calldata: ['0x7'] }],
      nonce: '0x42',
      nowMs: NOW * 1000,
      ...(executeBefore === undefined ? {} : { executeBefore }),
    })
    const message = outsideExecutionTypedData(execution, 'SN_SEPOLIA')
    // starknet.js computes the SNIP-12 hash independently of the protocol code the cosigner uses.
    const hash = BigInt(typedData.getMessageHash(message, ACCOUNT))
    const body = {
      session: session(hash),
      message: { type: 'eip712', accountAddress: ACCOUNT, chain: 'starknet', network: 'sepolia', message },
    }
    return { hash, body }
  }

  it('co-signs an outside execution', async () => {
    const { hash, body } = efo()
    expectGuardianSignature(await post(open, '/signSessionEFO', body), hash)
  })

  it("refuses a gas-token transfer to the relayer above the session's fee cap", async () => {
    const strk = '0x4718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
    const relayer = '0x5e1a7'
    const feeCall = (amount: string) => ({
      contractAddress: strk,
      entrypoint: 'transfer',
      calldata: [relayer, amount, '0x0'],
    })
    const bodyFor = (amount: string) => {
      const execution = buildOutsideExecution({
        calls: [{ contractAddress: GAME, entrypoint: 'play', calldata: ['0x7'] }, feeCall(amount)],
        nonce: '0x43',
        nowMs: NOW * 1000,
        caller: relayer,
      })
      const message = outsideExecutionTypedData(execution, 'SN_SEPOLIA')
      const hash = BigInt(typedData.getMessageHash(message, ACCOUNT))
      return {
        hash,
        body: { session: session(hash), message: { accountAddress: ACCOUNT, network: 'sepolia', message } },
      }
    }
    sessions.set(SESSION_HASH, {
      allowedMethods: [
        { contractAddress: GAME, selector: 'play' },
        { contractAddress: strk, selector: 'transfer' },
      ],
      expiresAt: NOW + 60,
      txFees: [{ tokenAddress: strk, maxAmount: '1000' }],
    })
    expect(await post(strict, '/signSessionEFO', bodyFor('1001').body)).toMatchObject({
      status: 403,
      body: { status: 'feeCapExceeded' },
    })
    const within = bodyFor('1000')
    expectGuardianSignature(await post(strict, '/signSessionEFO', within.body), within.hash)
  })

  it('refuses an outside execution past its window', async () => {
    const { body } = efo(NOW)
    expect(await post(open, '/signSessionEFO', body)).toMatchObject({
      status: 403,
      body: { status: 'outsideExecutionExpired' },
    })
  })
})
