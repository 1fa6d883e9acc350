// The SNIP-29 endpoint on the wire: JSON-RPC framing (parse errors, batches, positional params) and the
// refusals a client library does not reach by itself, each with its SNIP-29 code.
import { randomBytes } from 'node:crypto'
import { type outsideExecutionTypedData, publicKeyOf, toHex } from '@webwallet/protocol/session'
import { hash } from 'starknet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ARGENT_ACCOUNT_CLASS_HASH } from '../../../chain/contracts/argent/account'
import { COUNTER_ADDRESS } from '../../../chain/contracts/counter'
import { selectorOf } from '../../../chain/felt'
import { type RunningSim, startSim } from '../../../index'

let sim: RunningSim
beforeAll(async () => {
  sim = await startSim({ seed: 31 })
})
afterAll(() => sim?.close())

async function rpc(body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${sim.url}/paymaster`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  expect(response.status).toBe(200)
  return response.json() as Promise<Record<string, unknown> & { error?: { code: number; data?: unknown } }>
}
const call = (method: string, params?: unknown, headers?: Record<string, string>) =>
  rpc({ jsonrpc: '2.0', id: 7, method, ...(params === undefined ? {} : { params }) }, headers)

const sponsored = { version: '0x1', fee_mode: { mode: 'sponsored' } }
const SPONSOR = { 'x-paymaster-api-key': 'wallet-sim-sponsor' }
const incrementCall = { to: toHex(COUNTER_ADDRESS), selector: toHex(selectorOf('increment')), calldata: [] }

function argentDeployment() {
  const publicKey = toHex(publicKeyOf(`0x${randomBytes(31).toString('hex')}`))
  const calldata = ['0x0', publicKey, '0x1']
  const classHash = toHex(ARGENT_ACCOUNT_CLASS_HASH)
  const address = hash.calculateContractAddressFromHash(publicKey, classHash, calldata, 0)
  return { address, class_hash: classHash, salt: publicKey, calldata, version: 1 }
}

describe('JSON-RPC framing', () => {
  it('answers each request of a batch, by id', async () => {
    const answers = await rpc([
      { jsonrpc: '2.0', id: 1, method: 'paymaster_isAvailable' },
      { jsonrpc: '2.0', id: 'b', method: 'paymaster_nope' },
    ])
    expect(answers).toEqual([
      { jsonrpc: '2.0', id: 1, result: true },
      {
        jsonrpc: '2.0',
        id: 'b',
        error: { code: -32601, message: 'Method not found', data: 'No method paymaster_nope' },
      },
    ])
  })

  it.each([
    ['a body that is no JSON', '{"jsonrpc":', -32700],
    ['an empty batch', [], -32600],
    ['no jsonrpc version', { id: 1, method: 'paymaster_isAvailable' }, -32600],
  ])('%s: %s', async (_name, body, code) => {
    expect((await rpc(body)).error?.code).toBe(code)
  })

  it('params that do not match: -32602 naming each issue', async () => {
    const answer = await call('paymaster_buildTransaction', {
      transaction: { type: 'invoke' },
      parameters: sponsored,
    })
    expect(answer.error).toEqual({
      code: -32602,
      message: 'Invalid params',
      data: ['params.transaction.invoke: Required'],
    })
  })

  it('takes params by position too (transaction, parameters)', async () => {
    const deployment = argentDeployment()
    const answer = await call(
      'paymaster_buildTransaction',
      [{ type: 'deploy', deployment }, sponsored],
      SPONSOR,
    )
    expect(answer.result).toMatchObject({ type: 'deploy', deployment, parameters: sponsored })
  })
})

describe('refusals', () => {
  it('an account without outside execution (the OpenZeppelin dev accounts): 155', async () => {
    const invoke = { user_address: sim.accounts[0]!.address, calls: [incrementCall] }
    const answer = await call(
      'paymaster_buildTransaction',
      { transaction: { type: 'invoke', invoke }, parameters: sponsored },
      SPONSOR,
    )
    expect(answer.error?.code).toBe(155)
  })

  it('time bounds already over, or inverted: 157', async () => {
    const deployment = argentDeployment()
    const now = sim.chain.now()
    for (const time_bounds of [
      { execute_after: now - 100, execute_before: now - 1 },
      { execute_after: now + 100, execute_before: now + 50 },
    ]) {
      const parameters = { ...sponsored, time_bounds }
      const invoke = { user_address: deployment.address, calls: [incrementCall] }
      const transaction = { type: 'deploy_and_invoke', deployment, invoke }
      expect(
        (await call('paymaster_buildTransaction', { transaction, parameters }, SPONSOR)).error?.code,
      ).toBe(157)
    }
  })

  it('typed data for another chain: 163; a signature not by the owner: 153', async () => {
    const deployment = argentDeployment()
    const invoke = { user_address: deployment.address, calls: [incrementCall] }
    const built = await call(
      'paymaster_buildTransaction',
      { transaction: { type: 'deploy_and_invoke', deployment, invoke }, parameters: sponsored },
      SPONSOR,
    )
    const typedData = (built.result as { typed_data: ReturnType<typeof outsideExecutionTypedData> })
      .typed_data
    const mainnet = { ...typedData, domain: { ...typedData.domain, chainId: '0x534e5f4d41494e' } }
    const executable = (typed_data: unknown) => ({
      transaction: {
        type: 'deploy_and_invoke',
        deployment,
        invoke: { user_address: deployment.address, typed_data, signature: ['0x1', '0x2'] },
      },
      parameters: sponsored,
    })
    const wrongChain = await call('paymaster_executeTransaction', executable(mainnet), SPONSOR)
    expect(wrongChain.error).toMatchObject({ code: 163, data: 'typedData is for chain 0x534e5f4d41494e' })
    const badSignature = await call('paymaster_executeTransaction', executable(typedData), SPONSOR)
    expect(badSignature.error?.code).toBe(153)
  })

  it('deploying an account that is deployed: 158', async () => {
    const deployment = argentDeployment()
    const deploy = { transaction: { type: 'deploy', deployment }, parameters: sponsored }
    const executed = await call('paymaster_executeTransaction', deploy, SPONSOR)
    expect(executed.result).toMatchObject({ transaction_hash: expect.stringMatching(/^0x/) })
    expect(sim.chain.pending.getClassHash(BigInt(deployment.address))).toBe(ARGENT_ACCOUNT_CLASS_HASH)
    expect((await call('paymaster_executeTransaction', deploy, SPONSOR)).error?.code).toBe(158)
    expect((await call('paymaster_buildTransaction', deploy, SPONSOR)).error?.code).toBe(158)
  })
})
