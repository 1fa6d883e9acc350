// A batch holds at most MAX_BATCH_REQUESTS requests, over HTTP and the WebSocket: a 20 MiB body holds ~200,000,
// whose answers can reach gigabytes. And an answer that cannot be serialised is error 63 over HTTP too (it
// used to read as -32700, a parse error of the request).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { startSim } from '../index'
import { MAX_BATCH_REQUESTS } from './handler'
import { connect } from './wsTestHelpers'

const chainId = (id: number) => ({ jsonrpc: '2.0', id, method: 'starknet_chainId' })
const batchOf = (length: number) => JSON.stringify(Array.from({ length }, (_, i) => chainId(i)))
const tooLong = (length: number) => ({
  jsonrpc: '2.0',
  id: null,
  error: {
    code: -32600,
    message: 'Invalid Request',
    data: `a batch may hold at most 1000 requests (got ${length})`,
  },
})
const post = async (url: string, body: string) => {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
  return { status: response.status, body: (await response.json()) as unknown }
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('a batch', () => {
  it('of 1000 requests is answered in full; a longer one with one Invalid Request (HTTP)', async () => {
    expect(MAX_BATCH_REQUESTS).toBe(1000)
    await using sim = await startSim({ accounts: 1 })
    const full = await post(sim.rpcUrl, batchOf(1000))
    expect(full.body).toHaveLength(1000)
    expect((full.body as unknown[])[999]).toMatchObject({ id: 999, result: '0x534e5f5345504f4c4941' })
    expect(await post(sim.rpcUrl, batchOf(1001))).toEqual({ status: 200, body: tooLong(1001) })
    expect((await post(sim.rpcUrl, batchOf(40_000))).body).toEqual(tooLong(40_000))
    expect((await post(`${sim.url}/rpc/v0_9`, batchOf(1001))).body).toEqual(tooLong(1001))
  })

  it('of 1000 requests is answered in full; a longer one with one Invalid Request (WebSocket)', async () => {
    await using sim = await startSim({ accounts: 1 })
    await using rpc = await connect(sim.rpcWsUrl)
    expect(await rpc.raw(batchOf(1000))).toHaveLength(1000)
    expect(await rpc.raw(batchOf(1001))).toEqual(tooLong(1001))
    // Not one of the requests ran: a subscription in a batch too long opens nothing.
    const subscribe = { jsonrpc: '2.0', id: 0, method: 'starknet_subscribeNewHeads' }
    const withSubscribe = JSON.stringify([
      subscribe,
      ...Array.from({ length: 1000 }, (_, i) => chainId(i + 1)),
    ])
    expect(await rpc.raw(withSubscribe)).toEqual(tooLong(1001))
    expect(await rpc.ok('starknet_blockNumber')).toBe(0)
  })
})

describe('an answer that cannot be serialised over HTTP', () => {
  it('is answered with error 63 and a reason, and the server keeps working', async () => {
    await using sim = await startSim({ accounts: 1 })
    const stringify = JSON.stringify
    // The serialisation of this batch's answer fails as a multi-gigabyte one does.
    vi.spyOn(JSON, 'stringify').mockImplementation(
      (value: unknown, replacer?: (string | number)[] | null, space?: string | number) => {
        if (Array.isArray(value) && value.length === 3 && value.every((a) => a?.result !== undefined)) {
          throw new RangeError('Invalid string length')
        }
        return stringify(value, replacer, space)
      },
    )
    expect(await post(sim.rpcUrl, batchOf(3))).toEqual({
      status: 200,
      body: {
        jsonrpc: '2.0',
        id: null,
        error: {
          code: 63,
          message: 'An unexpected error occurred',
          data: 'the answer is too large to send; split the batch',
        },
      },
    })
    vi.restoreAllMocks()
    expect((await post(sim.rpcUrl, stringify(chainId(4)))).body).toMatchObject({
      result: '0x534e5f5345504f4c4941',
    })
  })
})

describe('a request nested deeper than 128 levels', () => {
  const tooDeep = {
    jsonrpc: '2.0',
    id: null,
    error: { code: -32600, message: 'Invalid Request', data: 'the request nests deeper than 128 levels' },
  }
  const nested = (levels: number) =>
    `{"jsonrpc":"2.0","id":1,"method":"starknet_chainId","params":${'['.repeat(levels)}${']'.repeat(levels)}}`

  it('is one Invalid Request before it is parsed, over HTTP and the WebSocket; 128 levels are read', async () => {
    await using sim = await startSim({ accounts: 1 })
    await using rpc = await connect(sim.rpcWsUrl)
    // The request object is one level: params of 127 levels make 128.
    for (const levels of [127, 100_000]) {
      const http = await post(sim.rpcUrl, nested(levels))
      const ws = await rpc.raw(nested(levels))
      if (levels === 127) {
        expect(http.body).toMatchObject({ id: 1 })
        expect(ws).toMatchObject({ id: 1 })
      } else {
        expect(http).toEqual({ status: 200, body: tooDeep })
        expect(ws).toEqual(tooDeep)
      }
    }
    expect(await post(sim.rpcUrl, JSON.stringify(chainId(2)))).toMatchObject({
      body: { result: expect.any(String) },
    })
  })
})
