import { publicKeyOf, verifySignerSignature } from '@webwallet/protocol/session'
import { typedData as td } from 'starknet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import '../../chain/contracts/argent'
import type { Chain } from '../../chain/chain'
import { COUNTER_ADDRESS } from '../../chain/contracts/counter'
import { erc20BalanceOf, erc20Mint, STRK_ADDRESS } from '../../chain/contracts/erc20'
import { selectorOf } from '../../chain/felt'
import { createChain } from '../../chain/genesis'
import { type Served, serve } from '../../infra/http/serve'
import { builtinAccess } from '../../node/builtin'
import { argentAccountFactory } from '../../wallet/server/account'
import { signAsAccount } from '../../wallet/server/signer'
import { randomStarkKey } from '../keys'
import { createPaymasterRouter } from './router'
import { answerDigest } from './signature'

const NOW = 1_767_225_600
const SERVER_KEY = '0x5e7e7'
const OWNER = '0x0123abc'
const STRK = `0x${STRK_ADDRESS.toString(16).padStart(64, '0')}`
const E18 = 10n ** 18n

let chain: Chain
let relayer: string
let served: Served
/** This test's own guardian, as each wallet-sim has its own. */
const GUARDIAN = randomStarkKey()
const deployment = argentAccountFactory(GUARDIAN)(`0x${publicKeyOf(OWNER).toString(16)}`)
const user = deployment.address
const keys = { ownerPrivateKey: OWNER, guardianPrivateKey: GUARDIAN }

beforeAll(async () => {
  const created = createChain({ accounts: 2, clock: () => NOW * 1000 })
  chain = created.chain
  const account = created.accounts[1]!
  relayer = account.address
  erc20Mint(chain.pending, STRK_ADDRESS, BigInt(user), 100n * E18)
  served = await serve(
    '/paymaster/v1',
    createPaymasterRouter({
      chain: builtinAccess(() => chain),
      relayer: { address: account.address, privateKey: account.private_key },
      serverPrivateKey: SERVER_KEY,
      apiKeys: ['sponsor'],
    }),
  )
})
afterAll(() => served.close())

async function call(path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${served.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await response.text()
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: JSON.parse(text) as Record<string, unknown> & unknown[],
  }
}

const increment = {
  contractAddress: `0x${COUNTER_ADDRESS.toString(16)}`,
  entrypoint: 'increment',
  calldata: [],
}
const counterOf = (address: string) =>
  chain.call(
    { to: COUNTER_ADDRESS, selector: selectorOf('get_counter'), calldata: [BigInt(address)] },
    { tag: 'pre_confirmed' },
  )[0]
/** The account's owner + guardian signature over the typed data, hashed by starknet.js. */
const sign = (typedData: object) => signAsAccount(td.getMessageHash(typedData as never, user), keys)

describe('reads', () => {
  it('is up while the relayer holds STRK, and down once it holds none', async () => {
    expect((await call('/status')).body).toEqual({ status: true })
    const balance = erc20BalanceOf(chain.pending, STRK_ADDRESS, BigInt(relayer))
    erc20Mint(chain.pending, STRK_ADDRESS, BigInt(relayer), -balance)
    try {
      expect((await call('/status')).body).toEqual({ status: false })
    } finally {
      erc20Mint(chain.pending, STRK_ADDRESS, BigInt(relayer), balance)
    }
  })

  it('lists no sponsor rewards (sponsoring is by api key) and refuses a bad address', async () => {
    expect((await call(`/accounts/${user}/rewards`)).body).toEqual([])
    expect((await call('/accounts/0xzz/rewards')).status).toBe(400)
  })

  it('reports counterfactual Argent accounts compatible and other classes not', async () => {
    expect((await call(`/accounts/${user}/compatible`)).body).toEqual({
      isCompatible: true,
      // The relayer's part on top of the account's own calls (RELAY_OVERHEAD: 2,000,000 and 256 gas).
      gasConsumedOverhead: '0x1e8480',
      dataGasConsumedOverhead: '0x100',
    })
    expect((await call(`/accounts/${relayer}/compatible`)).body).toMatchObject({ isCompatible: false })
    expect((await call('/accounts/zz/compatible')).status).toBe(400)
  })

  it('lists gas token prices, signed when asked', async () => {
    const answer = await call('/gas-token-prices', undefined, { 'ask-signature': 'true' })
    expect(answer.body).toContainEqual({ tokenAddress: STRK, decimals: 18, priceInETH: '0x5af3107a4000' })
    const [r, s] = (answer.headers.get('signature') ?? '').split(',').map((part) => BigInt(part))
    expect(
      verifySignerSignature(answerDigest(answer.text), {
        signer: publicKeyOf(SERVER_KEY),
        r: r ?? 0n,
        s: s ?? 0n,
      }),
    ).toBe(true)
    expect((await call('/gas-token-prices')).headers.get('signature')).toBeNull()
  })
})

describe('gasless execution', () => {
  it('deploys the account and runs its calls, paid in STRK to the relayer', async () => {
    const fee = 2n * E18
    const built = await call('/build-typed-data', {
      userAddress: user,
      calls: [increment],
      gasTokenAddress: STRK,
      maxGasTokenAmount: `0x${fee.toString(16)}`,
      accountClassHash: deployment.classHash,
    })
    expect(built.status).toBe(200)
    const calls = (
      built.body as unknown as { message: { Calls: { To: string; Selector: string; Calldata: string[] }[] } }
    ).message.Calls
    expect(calls).toHaveLength(2)
    expect(BigInt(calls[1]!.Selector)).toBe(selectorOf('transfer'))
    const relayerBefore = erc20BalanceOf(chain.pending, STRK_ADDRESS, BigInt(relayer))

    const executed = await call('/execute', {
      userAddress: user,
      typedData: JSON.stringify(built.body),
      signature: sign(built.body),
      deploymentData: {
        class_hash: deployment.classHash,
        salt: deployment.salt,
        unique: '0x0',
        calldata: deployment.constructorCalldata,
      },
    })
    expect(executed.status).toBe(200)
    expect(executed.body.transactionHash).toMatch(/^0x[0-9a-f]+$/)
    expect(chain.pending.getClassHash(BigInt(user))).not.toBe(0n)
    expect(counterOf(user)).toBe(1n)
    expect(erc20BalanceOf(chain.pending, STRK_ADDRESS, BigInt(user))).toBe(98n * E18)
    // The relayer received the fee and paid the gas, which costs far less than the fee here.
    expect(erc20BalanceOf(chain.pending, STRK_ADDRESS, BigInt(relayer))).toBeGreaterThan(relayerBefore)
  })

  it('runs sponsored calls without a fee transfer when an api key is sent', async () => {
    const headers = { 'api-key': 'sponsor' }
    const built = await call('/build-typed-data', { userAddress: user, calls: [increment] }, headers)
    expect((built.body as unknown as { message: { Calls: unknown[] } }).message.Calls).toHaveLength(1)
    const executed = await call(
      '/execute',
      { userAddress: user, typedData: JSON.stringify(built.body), signature: sign(built.body) },
      headers,
    )
    expect(executed.status).toBe(200)
    expect(counterOf(user)).toBe(2n)
  })

  it('deploys alone when the calls are none (sponsored), and refuses no calls for a deployed account', async () => {
    const headers = { 'api-key': 'sponsor' }
    const other = argentAccountFactory(GUARDIAN)(`0x${publicKeyOf('0x0456def').toString(16)}`)
    const built = await call('/build-typed-data', { userAddress: other.address, calls: [] }, headers)
    expect(built.status).toBe(200)
    expect((built.body as unknown as { message: { Calls: unknown[] } }).message.Calls).toEqual([])
    const deploymentData = {
      class_hash: other.classHash,
      salt: other.salt,
      unique: '0x0',
      calldata: other.constructorCalldata,
    }
    const body = { userAddress: other.address, typedData: JSON.stringify(built.body), signature: ['0x1'] }
    const executed = await call('/execute', { ...body, deploymentData }, headers)
    expect(executed.status).toBe(200)
    expect(chain.pending.getClassHash(BigInt(other.address))).not.toBe(0n)
    // Deployed now: the same request has nothing left to run.
    const again = await call('/execute', { ...body, deploymentData }, headers)
    expect(again).toMatchObject({ status: 400 })
    expect(again.text).toContain('nothing to execute')
    // Unsponsored, no calls is the fee transfer alone: the paymaster is still paid.
    const paid = await call('/build-typed-data', {
      userAddress: user,
      calls: [],
      gasTokenAddress: STRK,
      maxGasTokenAmount: '0x1',
    })
    const paidCalls = (paid.body as unknown as { message: { Calls: { Selector: string }[] } }).message.Calls
    expect(paidCalls.map((c) => BigInt(c.Selector))).toEqual([selectorOf('transfer')])
  })
})

describe('refusals', () => {
  it('needs a gas token without an api key, and refuses unknown keys and tokens', async () => {
    expect((await call('/build-typed-data', { userAddress: user, calls: [increment] })).body).toMatchObject({
      messages: ['gasTokenAddress and maxGasTokenAmount are required without an api key'],
    })
    expect(
      (await call('/build-typed-data', { userAddress: user, calls: [increment] }, { 'api-key': 'nope' }))
        .status,
    ).toBe(401)
    const unknown = await call('/build-typed-data', {
      userAddress: user,
      calls: [increment],
      gasTokenAddress: '0x1234',
      maxGasTokenAmount: '1',
    })
    expect(unknown).toMatchObject({
      status: 400,
      body: {
        messages: [
          'Unsupported gas token 0x0000000000000000000000000000000000000000000000000000000000001234',
        ],
      },
    })
    expect((await call('/build-typed-data', { userAddress: user, calls: [] })).status).toBe(400)
  })

  it('refuses a fee the account cannot pay, and typed data that does not pay', async () => {
    const tooMuch = await call('/build-typed-data', {
      userAddress: user,
      calls: [increment],
      gasTokenAddress: STRK,
      maxGasTokenAmount: (1000n * E18).toString(),
    })
    expect(tooMuch).toMatchObject({
      status: 400,
      body: {
        messages: ['Not enough balance in any gas token - please fund your wallet with a valid gas token'],
      },
    })
    const free = await call(
      '/build-typed-data',
      { userAddress: user, calls: [increment] },
      { 'api-key': 'sponsor' },
    )
    const unpaid = await call('/execute', {
      userAddress: user,
      typedData: JSON.stringify(free.body),
      signature: sign(free.body),
    })
    expect(unpaid.status).toBe(400)
    expect(counterOf(user)).toBe(2n)
  })

  it('refuses malformed typed data and a deployment that is not the user', async () => {
    expect(
      (await call('/execute', { userAddress: user, typedData: '{', signature: ['0x1'] })).body,
    ).toMatchObject({ messages: ['typedData is not JSON'] })
    const free = await call(
      '/build-typed-data',
      { userAddress: relayer, calls: [increment] },
      { 'api-key': 'sponsor' },
    )
    const wrong = await call(
      '/execute',
      {
        userAddress: '0x1234',
        typedData: JSON.stringify(free.body),
        signature: ['0x1'],
        deploymentData: {
          class_hash: deployment.classHash,
          salt: deployment.salt,
          unique: '0x0',
          calldata: deployment.constructorCalldata,
        },
      },
      { 'api-key': 'sponsor' },
    )
    expect(wrong.body).toMatchObject({ messages: ['deploymentData does not deploy userAddress'] })
  })
})

/** What the relayer has spent so far: its nonce and STRK balance (the gas it pays lowers the balance). */
const relayerState = () => ({
  nonce: chain.pending.getNonce(BigInt(relayer)),
  strk: erc20BalanceOf(chain.pending, STRK_ADDRESS, BigInt(relayer)),
})
const sponsor = { 'api-key': 'sponsor' }
const buildSponsored = async (calls: unknown[] = [increment]) =>
  (await call('/build-typed-data', { userAddress: user, calls }, sponsor)).body as object
const execute = (typedData: object, signature: string[], headers: Record<string, string> = sponsor) =>
  call('/execute', { userAddress: user, typedData: JSON.stringify(typedData), signature }, headers)

describe('simulated before it is sent (nothing reaches the chain when it would fail)', () => {
  it('refuses a bogus signature as a 500 contract error, and the relayer pays nothing', async () => {
    const built = await buildSponsored()
    const before = relayerState()
    const executed = await execute(built, signAsAccount(1n, keys))
    expect(executed.status).toBe(500)
    expect(executed.body).toMatchObject({ code: 'CONTRACT_ERROR', revertError: expect.any(String) })
    expect((executed.body.messages as string[])[0]).toMatch(/^Contract error: .*argent\/invalid-owner-sig/s)
    expect(executed.body).not.toHaveProperty('transactionHash')
    expect(relayerState()).toEqual(before)
    expect(counterOf(user)).toBe(2n)
  })

  it('refuses a replayed execution and a call that reverts, sending nothing', async () => {
    const built = await buildSponsored()
    expect((await execute(built, sign(built))).status).toBe(200)
    const before = relayerState()
    const replayed = await execute(built, sign(built))
    expect(replayed.status).toBe(500)
    expect(replayed.body.revertError).toMatch(/argent\/duplicated-outside-nonce/)
    const tooMuch = {
      contractAddress: STRK,
      entrypoint: 'transfer',
      calldata: [relayer, `${E18 * E18}`, '0'],
    }
    const failing = await buildSponsored([tooMuch])
    const reverted = await execute(failing, sign(failing))
    expect(reverted.status).toBe(500)
    expect((reverted.body.messages as string[])[0]).toMatch(/^Contract error/)
    expect(relayerState()).toEqual(before)
    expect(counterOf(user)).toBe(3n)
  })

  it('refuses a gas-token fee below the simulated cost, and takes one that covers it exactly', async () => {
    const paying = async (fee: bigint) => {
      const body = {
        userAddress: user,
        calls: [increment],
        gasTokenAddress: STRK,
        maxGasTokenAmount: `${fee}`,
      }
      return (await call('/build-typed-data', body)).body as object
    }
    const before = relayerState()
    const cheap = await paying(1n)
    const refused = await execute(cheap, sign(cheap), {})
    expect(refused.status).toBe(400)
    const [, worth, cost] = /is worth (\d+) FRI; the transaction costs (\d+) FRI$/.exec(
      (refused.body.messages as string[])[0] ?? '',
    ) ?? ['', '0', '0']
    expect(BigInt(worth)).toBe(1n)
    expect(BigInt(cost)).toBeGreaterThan(10n ** 12n)
    const short = await paying(BigInt(cost) - 1n)
    expect((await execute(short, sign(short), {})).status).toBe(400)
    expect(relayerState()).toEqual(before)
    // The relayer is the fee recipient: paid exactly the gas it spends, its balance does not move.
    const exact = await paying(BigInt(cost))
    expect((await execute(exact, sign(exact), {})).status).toBe(200)
    expect(relayerState()).toEqual({ nonce: before.nonce + 1n, strk: before.strk })
    expect(counterOf(user)).toBe(4n)
  })

  it('refuses an execution whose window has passed', async () => {
    const built = await buildSponsored()
    const before = relayerState()
    chain.increaseTime(1_200)
    const late = await execute(built, sign(built))
    expect(late.status).toBe(500)
    expect(late.body.revertError).toMatch(/argent\/invalid-timestamp/)
    expect(relayerState()).toEqual(before)
  })
})
