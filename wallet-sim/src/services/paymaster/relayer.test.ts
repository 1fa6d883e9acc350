// The paymaster's relayer (issue 23): an account of the instance's own key, deployed and funded by wallet-sim
// and in no predeployed list; and one serial step from dry run to send, so ten copies of one signed outside
// execution sent at once are relayed once, on the AVNU route and on SNIP-29.
import { publicKeyOf, toHex } from '@webwallet/protocol/session'
import { typedData as td } from 'starknet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OZ_ACCOUNT_CLASS_HASH } from '../../chain/contracts/account'
import { COUNTER_ADDRESS } from '../../chain/contracts/counter'
import { erc20BalanceOf, STRK_ADDRESS } from '../../chain/contracts/erc20'
import { selectorOf } from '../../chain/felt'
import { type RunningSim, startSim } from '../../index'
import { type Served, serve } from '../../infra/http/serve'
import type { ChainAccess } from '../../node/access'
import { builtinAccess } from '../../node/builtin'
import { argentAccountFactory } from '../../wallet/server/account'
import { signAsAccount } from '../../wallet/server/signer'
import { randomStarkKey } from '../keys'
import { createRelayer, RELAYER_FUNDING, relayerAccountOf } from './relayer'
import { createPaymasterRouter } from './router'
import { createSnip29Router } from './snip29/router'

/** This test's own guardian and relayer keys, set as the CLI's flags would. */
const GUARDIAN = randomStarkKey()
const RELAYER = randomStarkKey()
const SPONSOR = { 'api-key': 'wallet-sim-sponsor' }
const increment = { contractAddress: toHex(COUNTER_ADDRESS), entrypoint: 'increment', calldata: [] }

let sim: RunningSim
beforeAll(async () => {
  sim = await startSim({ seed: 23, guardianPrivateKey: GUARDIAN, relayerPrivateKey: RELAYER })
})
afterAll(() => sim?.close())

const relayerFelt = () => BigInt(sim.walletSim.relayer.address)
const nonceOf = (address: bigint) => sim.chain.pending.getNonce(address)
const counterOf = (address: string) =>
  sim.chain.call(
    { to: COUNTER_ADDRESS, selector: selectorOf('get_counter'), calldata: [BigInt(address)] },
    { tag: 'pre_confirmed' },
  )[0]

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(path.startsWith('http') ? path : `${sim.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/** A fresh user of this instance: an Argent account with its guardian, deployed through the paymaster. */
async function deployedUser() {
  const owner = randomStarkKey()
  const deployment = argentAccountFactory(GUARDIAN)(toHex(publicKeyOf(owner)))
  const keys = { ownerPrivateKey: owner, guardianPrivateKey: GUARDIAN }
  const sign = (typedData: object) =>
    signAsAccount(td.getMessageHash(typedData as never, deployment.address), keys)
  const built = await post(
    '/paymaster/v1/build-typed-data',
    { userAddress: deployment.address, calls: [increment] },
    SPONSOR,
  )
  const executed = await post(
    '/paymaster/v1/execute',
    {
      userAddress: deployment.address,
      typedData: JSON.stringify(built.body),
      signature: sign(built.body),
      deploymentData: {
        class_hash: deployment.classHash,
        salt: deployment.salt,
        unique: '0x0',
        calldata: deployment.constructorCalldata,
      },
    },
    SPONSOR,
  )
  expect(executed.status).toBe(200)
  return { address: deployment.address, sign }
}

describe("the relayer is the instance's own account", () => {
  it('is in the genesis, funded, from its own key, and is no predeployed account', async () => {
    const expected = relayerAccountOf(RELAYER)
    expect(sim.walletSim.relayer.address).toBe(expected.address)
    expect(sim.chain.pending.getClassHash(relayerFelt())).toBe(OZ_ACCOUNT_CLASS_HASH)
    // Deployed in block 0 with the other genesis contracts: no transaction, no block of its own.
    expect(sim.chain.latest.number).toBe(0)
    expect(erc20BalanceOf(sim.chain.pending, STRK_ADDRESS, relayerFelt())).toBe(RELAYER_FUNDING)
    const listed = sim.accounts.map((account) => BigInt(account.address))
    expect(listed).not.toContain(relayerFelt())
    expect(sim.accounts.map((account) => account.private_key)).not.toContain(RELAYER)
  })

  it('two instances without keys given have different relayers and guardians', async () => {
    await using a = await startSim({ seed: 23 })
    await using b = await startSim({ seed: 23 })
    expect(a.walletSim.relayer.address).not.toBe(b.walletSim.relayer.address)
    expect(a.walletSim.guardianPublicKey).not.toBe(b.walletSim.guardianPublicKey)
    expect(a.walletSim.relayer.address).not.toBe(sim.walletSim.relayer.address)
  })

  it('is in the genesis again after devnet_restart', async () => {
    const restart = await post('/rpc', { jsonrpc: '2.0', id: 1, method: 'devnet_restart', params: {} })
    expect(restart.body).toMatchObject({ result: {} })
    expect(sim.chain.pending.getClassHash(relayerFelt())).toBe(OZ_ACCOUNT_CLASS_HASH)
    const user = await deployedUser()
    expect(counterOf(user.address)).toBe(1n)
  })

  it('deploys itself, once, funded by the dev mint, on a chain that lacks it (a node, an older dump)', async () => {
    const fresh = relayerAccountOf(randomStarkKey())
    const relayer = createRelayer(
      builtinAccess(() => sim.chain),
      fresh,
    )
    const address = BigInt(fresh.address)
    expect(sim.chain.pending.getClassHash(address)).toBe(0n)
    await Promise.all([relayer.deploy(), relayer.deploy(), relayer.deploy()])
    expect(sim.chain.pending.getClassHash(address)).toBe(OZ_ACCOUNT_CLASS_HASH)
    expect(nonceOf(address)).toBe(1n) // one deploy-account transaction
    const balance = erc20BalanceOf(sim.chain.pending, STRK_ADDRESS, address)
    expect(balance).toBeLessThan(RELAYER_FUNDING)
    expect(balance).toBeGreaterThan(RELAYER_FUNDING - 10n ** 18n)
    // A key whose account is not at that address is not deployed on a guess.
    const stray = createRelayer(
      builtinAccess(() => sim.chain),
      { address: '0x1234', privateKey: randomStarkKey() },
    )
    await expect(stray.deploy()).rejects.toThrow('The paymaster relayer 0x1234 is not deployed on this chain')
  })
})

/**
 * The built-in chain behind a node's latency: every read, simulation and submission waits a few ms, as a
 * round trip to `--node` does, so that concurrent requests interleave between the dry run and the send.
 */
function nodeLike(inner: ChainAccess): ChainAccess {
  const later =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      await new Promise((resolve) => setTimeout(resolve, 3))
      return fn(...args)
    }
  return {
    ...inner,
    now: later(inner.now),
    classHashAt: later(inner.classHashAt),
    nonceOf: later(inner.nonceOf),
    balanceOf: later(inner.balanceOf),
    call: later(inner.call),
    gasPrices: later(inner.gasPrices),
    measure: later(inner.measure),
    submit: later(inner.submit),
    receipt: later(inner.receipt),
  }
}

describe('one signed outside execution sent ten times at once is relayed once (a node-like chain)', () => {
  let avnu: Served
  let snip29: Served
  beforeAll(async () => {
    const deps = {
      chain: nodeLike(builtinAccess(() => sim.chain)),
      relayer: relayerAccountOf(RELAYER),
      apiKeys: ['sponsor'],
    }
    avnu = await serve('/paymaster/v1', createPaymasterRouter(deps))
    snip29 = await serve('/paymaster', createSnip29Router(deps))
  })
  afterAll(async () => {
    await avnu?.close()
    await snip29?.close()
  })
  const SLOW_SPONSOR = { 'api-key': 'sponsor' }

  it('on the AVNU route: one transaction, nine refusals before the relayer pays', async () => {
    const user = await deployedUser()
    const built = await post(
      `${avnu.url}/build-typed-data`,
      { userAddress: user.address, calls: [increment] },
      SLOW_SPONSOR,
    )
    const request = {
      userAddress: user.address,
      typedData: JSON.stringify(built.body),
      signature: user.sign(built.body),
    }
    const nonceBefore = nonceOf(relayerFelt())
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post(`${avnu.url}/execute`, request, SLOW_SPONSOR)),
    )
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1)
    const refused = answers.filter((answer) => answer.status !== 200)
    expect(refused).toHaveLength(9)
    // Refused at the dry run: no transaction hash, nothing sent.
    for (const answer of refused) {
      expect(answer.status).toBe(500)
      expect(answer.body).not.toHaveProperty('transactionHash')
    }
    expect(nonceOf(relayerFelt())).toBe(nonceBefore + 1n)
    expect(counterOf(user.address)).toBe(2n)
  })

  it('on SNIP-29: one transaction, nine errors before the relayer pays', async () => {
    const user = await deployedUser()
    const parameters = { version: '0x1', fee_mode: { mode: 'sponsored' } }
    const rpc = (method: string, params: unknown) =>
      post(snip29.url, { jsonrpc: '2.0', id: 1, method, params }, { 'x-paymaster-api-key': 'sponsor' })
    const calls = [{ to: toHex(COUNTER_ADDRESS), selector: toHex(selectorOf('increment')), calldata: [] }]
    const built = await rpc('paymaster_buildTransaction', {
      transaction: { type: 'invoke', invoke: { user_address: user.address, calls } },
      parameters,
    })
    const typedData = (built.body.result as { typed_data: object }).typed_data
    const executable = {
      transaction: {
        type: 'invoke',
        invoke: { user_address: user.address, typed_data: typedData, signature: user.sign(typedData) },
      },
      parameters,
    }
    const nonceBefore = nonceOf(relayerFelt())
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => rpc('paymaster_executeTransaction', executable)),
    )
    expect(answers.filter((answer) => answer.body.result !== undefined)).toHaveLength(1)
    const errors = answers.filter((answer) => answer.body.error !== undefined)
    expect(errors).toHaveLength(9)
    for (const answer of errors) expect(JSON.stringify(answer.body.error)).not.toContain('transaction_hash')
    expect(nonceOf(relayerFelt())).toBe(nonceBefore + 1n)
    expect(counterOf(user.address)).toBe(2n)
  })
})
