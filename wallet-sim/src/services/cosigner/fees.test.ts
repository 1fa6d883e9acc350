// The session's fee caps at the cosigner: fee-token transfers only to the paymaster's fee recipient, and
// every fee (maximum fee with its tip, fee transfers) counted against the caps over the session's life.
import { selectorFromName } from '@webwallet/protocol/session'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type Served, serve } from '../../infra/http/serve'
import type { SessionRecord } from './checks'
import { maxFeeOf } from './fees'
import { createCosignerRouter } from './router'
import { createSpendingLedger, type SpendingLedger } from './spending'
import {
  efoBody,
  expectGuardianSignature,
  GAME,
  GUARDIAN,
  hashOf,
  NOW,
  post,
  SESSION_HASH,
  STRK,
  signSessionBody,
  transaction,
} from './testing'

const ETH = '0x049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7'
const FEE_RECIPIENT = `0x${'5e1a7'.padStart(64, '0')}`
const ATTACKER = '0xbad'
const STRK_UNIT = 10n ** 18n
const TRANSFER = selectorFromName('transfer')

const sessions = new Map<string, SessionRecord>()
let spending: SpendingLedger
let cosigner: Served
let withoutPaymaster: Served
beforeAll(async () => {
  const routerWith = (feeRecipient?: string) =>
    createCosignerRouter({
      guardianPrivateKey: GUARDIAN,
      now: () => NOW,
      lookupSession: (hash) => sessions.get(hash),
      ...(feeRecipient === undefined ? {} : { feeRecipient }),
      spending: current,
    })
  cosigner = await serve('/cosigner', routerWith(FEE_RECIPIENT))
  withoutPaymaster = await serve('/cosigner', routerWith())
})
afterAll(async () => {
  await cosigner.close()
  await withoutPaymaster.close()
})
// Each test starts with a fresh ledger; the routers reach it through this one.
const current: SpendingLedger = {
  spent: (...args) => spending.spent(...args),
  pending: (...args) => spending.pending(...args),
  isPending: (...args) => spending.isPending(...args),
  charge: (...args) => spending.charge(...args),
  settle: (...args) => spending.settle(...args),
  snapshot: () => spending.snapshot(),
  onChange: (listener) => spending.onChange(listener),
}
beforeEach(() => {
  spending = createSpendingLedger()
})

const allowed = [
  { contractAddress: GAME, selector: 'play' },
  { contractAddress: STRK, selector: 'transfer' },
  { contractAddress: ETH, selector: 'transfer' },
]
const capped = (strkCap: bigint, more: Partial<SessionRecord> = {}) =>
  sessions.set(SESSION_HASH, {
    allowedMethods: allowed,
    expiresAt: NOW + 60,
    txFees: [
      { tokenAddress: STRK, maxAmount: strkCap.toString() },
      { tokenAddress: ETH, maxAmount: (STRK_UNIT / 10n).toString() },
    ],
    ...more,
  })

const playCall = [GAME, selectorFromName('play'), 1n, 7n].map(BigInt)
const transferCall = (token: string, to: string, amount: bigint) => [
  BigInt(token),
  TRANSFER,
  3n,
  BigInt(to),
  amount % 2n ** 128n,
  amount >> 128n,
]
/** A self-paid invoke of `calls` whose maximum fee is 3 × 0x1000 × 0x10 = 196,608 FRI (plus any tip). */
const invoke = (calls: bigint[][], fee: Parameters<typeof transaction>[1] = {}) =>
  transaction([BigInt(calls.length), ...calls.flat()], fee)
const MAX_FEE = 196_608n
const efoPaying = (token: string, to: string, amount: bigint, nonce = '0x42') =>
  efoBody(
    [
      { contractAddress: GAME, entrypoint: 'play', calldata: ['0x7'] },
      { contractAddress: token, entrypoint: 'transfer', calldata: [to, `0x${amount.toString(16)}`, '0x0'] },
    ],
    { caller: FEE_RECIPIENT, nonce },
  )

describe('fee-token transfers', () => {
  it('refuses a transfer of a fee token to anyone but the fee recipient, on both routes, charging nothing', async () => {
    capped(10n * STRK_UNIT)
    const drain = invoke([transferCall(STRK, ATTACKER, 800n * STRK_UNIT)])
    const refusal = {
      status: 403,
      body: {
        status: 'feeTransferNotAllowed',
        code: 'FORBIDDEN',
        message: `A session may transfer fee token ${STRK} only to the paymaster's fee recipient ${FEE_RECIPIENT}`,
      },
    }
    expect(await post(cosigner, '/signSession', signSessionBody(drain))).toMatchObject(refusal)
    const small = invoke([playCall, transferCall(STRK, ATTACKER, 1n)])
    expect(await post(cosigner, '/signSession', signSessionBody(small))).toMatchObject(refusal)
    expect(await post(cosigner, '/signSessionEFO', efoPaying(STRK, ATTACKER, 1n).body)).toMatchObject(refusal)
    const eth = await post(cosigner, '/signSessionEFO', efoPaying(ETH, ATTACKER, 1n).body)
    expect(eth.body.status).toBe('feeTransferNotAllowed')
    expect(spending.spent(SESSION_HASH, STRK)).toBe(0n)
  })

  it('co-signs a fee transfer to the fee recipient within the cap and counts it', async () => {
    capped(10n * STRK_UNIT)
    const pay = efoPaying(STRK, FEE_RECIPIENT, 4n * STRK_UNIT)
    expectGuardianSignature(await post(cosigner, '/signSessionEFO', pay.body), pay.hash)
    expect(spending.spent(SESSION_HASH, STRK)).toBe(4n * STRK_UNIT)
    const eth = efoPaying(ETH, FEE_RECIPIENT, STRK_UNIT / 10n, '0x43')
    expectGuardianSignature(await post(cosigner, '/signSessionEFO', eth.body), eth.hash)
    expect(spending.spent(SESSION_HASH, ETH)).toBe(STRK_UNIT / 10n)
  })

  it('refuses a fee transfer that is not (recipient, u256 amount)', async () => {
    capped(10n * STRK_UNIT)
    const extra = invoke([[BigInt(STRK), TRANSFER, 4n, BigInt(FEE_RECIPIENT), 1n, 0n, 9n]])
    expect(await post(cosigner, '/signSession', signSessionBody(extra))).toMatchObject({
      status: 403,
      body: {
        status: 'feeTransferNotAllowed',
        message: `A transfer of fee token ${STRK} must be (recipient, amount)`,
      },
    })
    const wide = invoke([[BigInt(STRK), TRANSFER, 3n, BigInt(FEE_RECIPIENT), 2n ** 128n, 0n]])
    expect((await post(cosigner, '/signSession', signSessionBody(wide))).body.status).toBe(
      'feeTransferNotAllowed',
    )
  })

  it('without a paymaster, refuses every fee-token transfer', async () => {
    capped(10n * STRK_UNIT)
    const pay = efoPaying(STRK, FEE_RECIPIENT, 1n)
    expect(await post(withoutPaymaster, '/signSessionEFO', pay.body)).toMatchObject({
      status: 403,
      body: { message: `A session may not transfer fee token ${STRK}: no paymaster is set up` },
    })
  })

  it('restricts STRK and ETH transfers of a session recorded without fee caps, whose fees are not capped', async () => {
    sessions.set(SESSION_HASH, { allowedMethods: allowed, expiresAt: NOW + 60 })
    const drain = invoke([transferCall(STRK, ATTACKER, 800n * STRK_UNIT)])
    expect((await post(cosigner, '/signSession', signSessionBody(drain))).body.status).toBe(
      'feeTransferNotAllowed',
    )
    const expensive = invoke([playCall], { tip: (10n ** 18n).toString() })
    expectGuardianSignature(
      await post(cosigner, '/signSession', signSessionBody(expensive)),
      hashOf(expensive),
    )
  })
})

describe('cumulative fee caps', () => {
  it("refuses the transaction that would take the session's spending past its cap", async () => {
    capped(3n * MAX_FEE)
    for (let nonce = 1; nonce <= 3; nonce++) {
      const tx = invoke([playCall], { nonce: String(nonce) })
      expectGuardianSignature(await post(cosigner, '/signSession', signSessionBody(tx)), hashOf(tx))
    }
    expect(spending.spent(SESSION_HASH, STRK)).toBe(3n * MAX_FEE)
    const fourth = invoke([playCall], { nonce: '4' })
    expect(await post(cosigner, '/signSession', signSessionBody(fourth))).toMatchObject({
      status: 403,
      body: {
        status: 'feeCapExceeded',
        code: 'FORBIDDEN',
        message: `The fee (196608 of token ${STRK}) exceeds what is left of the session's cap: 0 of 589824`,
      },
    })
    expect(spending.spent(SESSION_HASH, STRK)).toBe(3n * MAX_FEE)
  })

  it('counts small fee transfers to the paymaster until the cap is reached', async () => {
    capped(10n * STRK_UNIT)
    for (let i = 0; i < 5; i++) {
      const pay = efoPaying(STRK, FEE_RECIPIENT, 2n * STRK_UNIT, `0x${(100 + i).toString(16)}`)
      expectGuardianSignature(await post(cosigner, '/signSessionEFO', pay.body), pay.hash)
    }
    const sixth = efoPaying(STRK, FEE_RECIPIENT, 1n, '0x200')
    expect((await post(cosigner, '/signSessionEFO', sixth.body)).body.status).toBe('feeCapExceeded')
  })

  it('counts a self-paid fee and a fee transfer in one transaction together', async () => {
    capped(STRK_UNIT)
    const both = invoke([playCall, transferCall(STRK, FEE_RECIPIENT, STRK_UNIT - MAX_FEE + 1n)])
    expect((await post(cosigner, '/signSession', signSessionBody(both))).body.status).toBe('feeCapExceeded')
    const exact = invoke([playCall, transferCall(STRK, FEE_RECIPIENT, STRK_UNIT - MAX_FEE)])
    expectGuardianSignature(await post(cosigner, '/signSession', signSessionBody(exact)), hashOf(exact))
    expect(spending.spent(SESSION_HASH, STRK)).toBe(STRK_UNIT)
  })

  it('counts the tip: a 50 STRK maximum fee is refused under a 10 STRK cap', async () => {
    capped(10n * STRK_UNIT)
    // Resource bounds of 196,608 FRI, and a tip of 5·10^13 FRI per unit of 10^6 L2 gas: 50 STRK.
    const bound = { max_amount: '1000000', max_price_per_unit: '0' }
    const tipped = invoke([playCall], { bound, tip: (5n * 10n ** 13n).toString() })
    expect(maxFeeOf({ resourceBounds: tipped.resource_bounds, tip: tipped.tip })).toBe(50n * STRK_UNIT)
    expect(await post(cosigner, '/signSession', signSessionBody(tipped))).toMatchObject({
      status: 403,
      body: { status: 'feeCapExceeded' },
    })
    const untipped = invoke([playCall], { bound })
    expectGuardianSignature(await post(cosigner, '/signSession', signSessionBody(untipped)), hashOf(untipped))
  })

  it('has nothing to spend in a fee token the session lists no cap for, and STRK and ETH are fee tokens always', async () => {
    sessions.set(SESSION_HASH, {
      allowedMethods: allowed,
      expiresAt: NOW + 60,
      txFees: [{ tokenAddress: ETH, maxAmount: STRK_UNIT.toString() }],
    })
    const tx = invoke([playCall])
    expect((await post(cosigner, '/signSession', signSessionBody(tx))).body.status).toBe('feeCapExceeded')
    // STRK is a fee token all the same: a session cannot send it to anyone but the paymaster.
    const drain = efoPaying(STRK, ATTACKER, 1n)
    expect((await post(cosigner, '/signSessionEFO', drain.body)).body.status).toBe('feeTransferNotAllowed')
    sessions.set(SESSION_HASH, { allowedMethods: allowed, expiresAt: NOW + 60, txFees: [] })
    expect((await post(cosigner, '/signSessionEFO', drain.body)).body.status).toBe('feeTransferNotAllowed')
  })

  it('charges a transaction asked for again (a retry) once: it can run only once', async () => {
    capped(2n * MAX_FEE)
    const tx = invoke([playCall])
    for (let i = 0; i < 3; i++) {
      expectGuardianSignature(await post(cosigner, '/signSession', signSessionBody(tx)), hashOf(tx))
    }
    expect(spending.spent(SESSION_HASH, STRK)).toBe(MAX_FEE)
  })

  it('lets concurrent requests spend what is left of a cap once only', async () => {
    capped(2n * MAX_FEE)
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((nonce) =>
        post(cosigner, '/signSession', signSessionBody(invoke([playCall], { nonce: String(nonce) }))),
      ),
    )
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2)
    expect(spending.spent(SESSION_HASH, STRK)).toBe(2n * MAX_FEE)
  })
})

describe('maxFeeOf', () => {
  it('is the sum of max amount × max price per unit, plus the tip per unit of L2 gas', () => {
    const resourceBounds = {
      l1_gas: { max_amount: '0x2', max_price_per_unit: '0x3' },
      l2_gas: { max_amount: '0x10', max_price_per_unit: '0x2' },
      l1_data_gas: { max_amount: '0x5', max_price_per_unit: '0x7' },
    }
    expect(maxFeeOf({ resourceBounds })).toBe(6n + 32n + 35n)
    expect(maxFeeOf({ resourceBounds, tip: '0x4' })).toBe(6n + 32n + 35n + 64n)
  })
})
