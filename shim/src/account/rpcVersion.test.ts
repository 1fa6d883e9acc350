// The SDK asks a node's starknet_specVersion with its first call (same round trip, once per node URL)
// and refuses a node it cannot speak with a coded error, instead of a TypeError in the middle of execute.
import { describe, expect, it } from 'vitest'
import { createRpc } from './rpc'

/** A JSON-RPC node double of one spec version: it answers specVersion and chainId, batched or not. */
function node(version: string) {
  const seen: string[][] = []
  const answer = (call: { id: number; method: string }) =>
    call.method === 'starknet_specVersion'
      ? { jsonrpc: '2.0', id: call.id, result: version }
      : call.method === 'starknet_chainId'
        ? { jsonrpc: '2.0', id: call.id, result: '0x534e5f5345504f4c4941' }
        : { jsonrpc: '2.0', id: call.id, error: { code: 32, message: 'Method not found' } }
  const fetch = (async (_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body))
    seen.push((Array.isArray(body) ? body : [body]).map((c: { method: string }) => c.method))
    return Response.json(Array.isArray(body) ? body.map(answer) : answer(body))
  }) as typeof globalThis.fetch
  return { fetch, seen }
}

describe('the node spec-version check', () => {
  it.each(['0.9.0', '0.10.0'])(
    'works with a node of RPC %s, asking once per node URL in the first batch',
    async (version) => {
      const { fetch, seen } = node(version)
      const nodeUrl = `https://node.example/${version}`
      const rpc = createRpc({ nodeUrl, fetch, checkSpecVersion: true })
      expect(await rpc.request('starknet_chainId')).toBe('0x534e5f5345504f4c4941')
      expect(await rpc.batch([{ method: 'starknet_chainId', params: [] }])).toEqual([
        '0x534e5f5345504f4c4941',
      ])
      // Another client of the same node (a new session account) does not ask again.
      await createRpc({ nodeUrl, fetch, checkSpecVersion: true }).request('starknet_chainId')
      expect(seen).toEqual([
        ['starknet_specVersion', 'starknet_chainId'],
        ['starknet_chainId'],
        ['starknet_chainId'],
      ])
      expect(rpc.roundTrips()).toBe(2)
    },
  )

  it.each(['0.7.1', '0.8.1', ''])(
    'refuses a node of RPC "%s" with UNSUPPORTED_RPC_VERSION, and keeps refusing',
    async (version) => {
      const { fetch } = node(version)
      const nodeUrl = `https://old-node.example/rpc/v0_7/${version}`
      const rpc = createRpc({ nodeUrl, fetch, checkSpecVersion: true })
      for (let i = 0; i < 2; i++) {
        await expect(rpc.request('starknet_chainId')).rejects.toMatchObject({
          code: 'UNSUPPORTED_RPC_VERSION',
          data: { nodeUrl, version },
        })
      }
    },
  )

  it('refuses a node that answers no batch (no version to read)', async () => {
    const fetch = (async () =>
      Response.json({
        jsonrpc: '2.0',
        id: 0,
        error: { code: -32600, message: 'no batch' },
      })) as typeof globalThis.fetch
    await expect(
      createRpc({ nodeUrl: 'https://nobatch.example', fetch, checkSpecVersion: true }).request(
        'starknet_chainId',
      ),
    ).rejects.toMatchObject({ code: 'UNSUPPORTED_RPC_VERSION' })
  })
})
