// A transaction whose answer is lost (issue 36, item 1), against a scripted node: the SDK asks the node for
// the hash it signed and answers it, or says the outcome is unknown, never "failed" for one that was taken.
// The chain-verified journeys (one transaction on chain, the hash returned) are in e2e/tests/sdk/lostAnswer.

import { afterEach, describe, expect, it, vi } from 'vitest'
import { createRpc } from './rpc'
import { SessionAccount } from './SessionAccount'
import {
  ACCOUNT,
  argentCalls,
  createWorld,
  ESTIMATE,
  GAME,
  paymasterTypedData,
  testContext,
  testPaymaster,
  type World,
} from './testing'

const play = { contractAddress: GAME, entrypoint: 'play', calldata: ['0x1'] }

type Loss = 'network' | 'status 502' | 'garbled'

/**
 * A node whose invoke answer is lost the way `loss` says: the invoke is taken (`taken`) or not before the
 * answer is lost; `starknet_getTransactionStatus` knows only a taken one, or fails itself (`statusDown`).
 */
function deployedNode(world: World) {
  world.node.starknet_getClassHashAt = () => '0x1'
  world.node.starknet_getNonce = () => '0x4'
  world.node.starknet_estimateFee = () => [ESTIMATE]
  world.node.starknet_call = argentCalls(['0x0', '0x0'])
  world.node.__lastTxHash = () => '0x0'
}

function lossyNode(world: World, loss: Loss, taken: boolean, statusDown = false) {
  const asked: string[] = []
  deployedNode(world)
  const inner = testContext(world).fetch
  let sent = 0
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const body = String(init?.body ?? '')
    if (body.includes('starknet_addInvokeTransaction')) {
      sent++
      if (taken) await inner(input, init)
      if (loss === 'network') throw new TypeError('Failed to fetch')
      if (loss === 'garbled') return new Response('{"jsonrpc": "2.0", "res', { status: 200 })
      return new Response('bad gateway', { status: 502, statusText: 'Bad Gateway' })
    }
    if (body.includes('starknet_getTransactionStatus')) {
      const { params } = JSON.parse(body) as { params: { transaction_hash: string } }
      asked.push(params.transaction_hash)
      if (statusDown) throw new TypeError('Failed to fetch')
    }
    return inner(input, init)
  }
  world.node.starknet_addInvokeTransaction = () => ({ transaction_hash: '0x1' })
  world.node.starknet_getTransactionStatus = () => {
    if (!taken) throw { code: 29, message: 'Transaction hash not found' }
    return { finality_status: 'RECEIVED' }
  }
  const account = new SessionAccount(testContext(world, { fetch, rpc: rpcWith(fetch) }))
  return { account, asked, sends: () => sent }
}

const rpcWith = (fetch: typeof globalThis.fetch) => createRpc({ nodeUrl: 'http://node', fetch })

describe('a lost invoke answer', () => {
  it.each<Loss>(['network', 'status 502', 'garbled'])(
    'taken by the node (%s): the hash the SDK signed is answered, sent once',
    async (loss) => {
      const { account, asked, sends } = lossyNode(createWorld(), loss, true)
      const { transaction_hash } = await account.execute(play)
      expect(asked).toEqual([transaction_hash])
      expect(transaction_hash).toMatch(/^0x[0-9a-f]+$/)
      expect(sends()).toBe(1)
    },
  )

  it.each<[Loss, string]>([
    ['network', 'POST_URL'],
    ['status 502', 'NODE_ERROR'],
  ])(
    'not taken (%s): the send’s own error, retry-safe, after the node said it does not know the hash',
    async (loss, code) => {
      const { account, asked, sends } = lossyNode(createWorld(), loss, false)
      const error = (await account.execute(play).catch((e: unknown) => e)) as { code: string }
      expect(error.code).toBe(code)
      expect(asked).toHaveLength(1)
      expect(sends()).toBe(1)
    },
  )

  it('the node cannot say either: TRANSACTION_OUTCOME_UNKNOWN with the hash, the lost answer as cause', async () => {
    const { account, asked } = lossyNode(createWorld(), 'network', true, true)
    const error = (await account.execute(play).catch((e: unknown) => e)) as {
      code: string
      data: { transactionHash: string; service: string; url: string }
      cause: { code: string }
    }
    expect(error.code).toBe('TRANSACTION_OUTCOME_UNKNOWN')
    expect(error.data).toEqual({ service: 'node', url: 'http://node', transactionHash: asked[0] })
    expect(error.cause.code).toBe('POST_URL')
  })

  it('a refusal is an answer: no status question, the node’s error', async () => {
    const world = createWorld()
    deployedNode(world)
    world.node.starknet_addInvokeTransaction = () => {
      throw { code: 52, message: 'Invalid transaction nonce' }
    }
    const account = new SessionAccount(testContext(world))
    await expect(account.execute(play)).rejects.toMatchObject({ code: 'NODE_ERROR', data: { rpcCode: 52 } })
    expect(world.log).not.toContain('starknet_getTransactionStatus')
  })
})

describe('a deadline after the send', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('an abort once the invoke left is TRANSACTION_OUTCOME_UNKNOWN with the hash (cause OPERATION_ABORTED)', async () => {
    const world = createWorld()
    deployedNode(world)
    const controller = new AbortController()
    // The invoke's request never answers until the signal stops it.
    const hanging = testContext(world).fetch
    const fetch: typeof globalThis.fetch = (input, init) =>
      String(init?.body ?? '').includes('starknet_addInvokeTransaction')
        ? new Promise((_, reject) => {
            controller.abort(new Error('user left'))
            init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))
          })
        : hanging(input, init)
    const aborted = new SessionAccount(testContext(world, { fetch, rpc: rpcWith(fetch) }))
    const error = (await aborted.execute(play, { signal: controller.signal }).catch((e: unknown) => e)) as {
      code: string
      data: { transactionHash?: string }
      cause: { code: string }
    }
    expect(error.code).toBe('TRANSACTION_OUTCOME_UNKNOWN')
    expect(error.data.transactionHash).toMatch(/^0x/)
    expect(error.cause.code).toBe('OPERATION_ABORTED')
    expect(world.log).not.toContain('starknet_getTransactionStatus')
  })

  it.each([
    [true, 'the hash'],
    [false, 'TRANSACTION_OUTCOME_UNKNOWN (not known yet is no proof: it may still be on its way)'],
  ])('a time limit once the invoke left (taken: %s) asks the node once more: %s', async (taken, _) => {
    vi.useFakeTimers()
    const world = createWorld()
    deployedNode(world)
    world.node.starknet_getTransactionStatus = () => {
      if (!taken) throw { code: 29, message: 'Transaction hash not found' }
      return { finality_status: 'ACCEPTED_ON_L2', execution_status: 'SUCCEEDED' }
    }
    const inner = testContext(world).fetch
    const fetch: typeof globalThis.fetch = (input, init) =>
      String(init?.body ?? '').includes('starknet_addInvokeTransaction')
        ? new Promise((_, reject) =>
            init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
          )
        : inner(input, init)
    const account = new SessionAccount(testContext(world, { fetch, rpc: rpcWith(fetch) }))
    const outcome = account.execute(play, { timeoutMs: 1000 }).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(1000)
    const result = (await outcome) as { transaction_hash?: string; code?: string; cause?: { code: string } }
    if (taken) expect(result.transaction_hash).toMatch(/^0x/)
    else
      expect([result.code, result.cause?.code]).toEqual(['TRANSACTION_OUTCOME_UNKNOWN', 'OPERATION_TIMEOUT'])
    expect(world.log.filter((m) => m === 'starknet_getTransactionStatus')).toHaveLength(1)
  })

  it('an abort before anything was sent stays OPERATION_ABORTED', async () => {
    const { account } = lossyNode(createWorld(), 'network', true)
    const controller = new AbortController()
    controller.abort()
    await expect(account.execute(play, { signal: controller.signal })).rejects.toMatchObject({
      code: 'OPERATION_ABORTED',
    })
  })
})

describe('a lost paymaster answer', () => {
  it('is TRANSACTION_OUTCOME_UNKNOWN with the outside execution’s nonce and window, sent once', async () => {
    const world = createWorld()
    world.node.starknet_getClassHashAt = () => '0x1'
    world.node.starknet_call = argentCalls(['0x0', '0x0'])
    let executes = 0
    world.paymaster[`/accounts/${ACCOUNT}/compatible`] = () =>
      Response.json({ isCompatible: true, gasConsumedOverhead: '0x0', dataGasConsumedOverhead: '0x0' })
    world.paymaster['/build-typed-data'] = (body: { calls: (typeof play)[] }) =>
      Response.json(paymasterTypedData(body.calls))
    world.paymaster['/execute'] = () => {
      executes++
      return new Response('upstream timed out', { status: 504, statusText: 'Gateway Timeout' })
    }
    const account = new SessionAccount(testContext(world), { paymaster: testPaymaster(world, 'sponsor') })
    const error = (await account.execute(play).catch((e: unknown) => e)) as {
      code: string
      data: Record<string, unknown>
      cause: { code: string }
    }
    expect(error.code).toBe('TRANSACTION_OUTCOME_UNKNOWN')
    expect(error.data).toMatchObject({
      service: 'paymaster',
      url: 'http://paymaster/paymaster/v1/execute',
      outsideExecutionNonce: '0x77',
    })
    expect(error.data.executeBefore).toBeGreaterThan(1_800_000_000)
    expect(error.cause.code).toBe('PAYMASTER_HTTP')
    expect(executes).toBe(1)
  })
})

describe('a wrongly shaped node answer', () => {
  it.each([
    ['a batch answered short', (ids: number[]) => [{ jsonrpc: '2.0', id: ids[0], result: '0x1' }]],
    ['an object for a batch', () => ({ jsonrpc: '2.0', id: 1, result: '0x1' })],
    ['null', () => null],
  ])(
    '%s is UNEXPECTED_ANSWER naming the method, as docs/sdk-errors.md says (not NODE_ERROR)',
    async (_name, answer) => {
      const fetch: typeof globalThis.fetch = async (_url, init) => {
        const calls = JSON.parse(String(init?.body)) as { id: number }[]
        return Response.json(answer(calls.map((c) => c.id)))
      }
      const rpc = createRpc({ nodeUrl: 'http://node', fetch })
      const results = await rpc.settle([
        { method: 'starknet_getNonce', params: {} },
        { method: 'starknet_blockNumber', params: [] },
      ])
      const last = results.at(-1) as PromiseRejectedResult
      expect(last.reason).toMatchObject({
        code: 'UNEXPECTED_ANSWER',
        data: { what: 'starknet_blockNumber answer' },
      })
    },
  )
})
