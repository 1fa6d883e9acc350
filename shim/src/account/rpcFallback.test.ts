// Issue 35 item 6: a list of public nodes per network; the client moves on only when a node cannot be reached.
import { ENVIRONMENTS, getEnvironment, PUBLIC_NODE_URLS } from '@webwallet/protocol'
import { describe, expect, it, vi } from 'vitest'
import { nodeFallbacks } from '../sdk/nodes'
import { createRpc } from './rpc'

const A = 'https://a.example/rpc'
const B = 'https://b.example/rpc'

/** A fetch whose nodes answer as told: 'down' (no answer), an HTTP status, or a JSON-RPC result or error. */
function nodes(answers: Record<string, 'down' | number | { result?: unknown; error?: unknown }>) {
  return vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const answer = answers[String(url)]
    if (answer === undefined || answer === 'down') throw new TypeError('fetch failed')
    if (typeof answer === 'number') return new Response('', { status: answer })
    const body = JSON.parse(String(init?.body)) as { id: number }
    return Response.json({ jsonrpc: '2.0', id: body.id, ...answer })
  }) as unknown as typeof fetch & ReturnType<typeof vi.fn>
}

describe('createRpc with fallback nodes', () => {
  it('moves to the next node when one cannot be reached, and stays there', async () => {
    const fetch = nodes({ [A]: 'down', [B]: { result: '0x534e5f5345504f4c4941' } })
    const rpc = createRpc({ nodeUrl: A, fallbackUrls: [B], fetch })
    expect(await rpc.request('starknet_chainId')).toBe('0x534e5f5345504f4c4941')
    expect(rpc.nodeUrl).toBe(B)
    await rpc.request('starknet_chainId')
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([A, B, B])
  })

  it.each([
    ['an HTTP error', 503, 'NODE_ERROR'],
    ['a JSON-RPC error', { error: { code: 24, message: 'Block not found' } }, 'NODE_ERROR'],
  ] as const)('never leaves a node for %s (its own answer)', async (_name, answer, code) => {
    const fetch = nodes({ [A]: answer, [B]: { result: '0x1' } })
    const rpc = createRpc({ nodeUrl: A, fallbackUrls: [B], fetch })
    await expect(rpc.request('starknet_blockNumber')).rejects.toMatchObject({ code })
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([A])
  })

  it('fails with the last node it tried when none can be reached (SERVICE_UNREACHABLE), each tried once', async () => {
    const fetch = nodes({})
    const rpc = createRpc({ nodeUrl: A, fallbackUrls: [B, A], fetch })
    await expect(rpc.request('starknet_blockNumber')).rejects.toMatchObject({
      code: 'SERVICE_UNREACHABLE',
      data: { service: 'node', url: B },
    })
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([A, B])
  })

  it('does not fall back on an abort', async () => {
    const controller = new AbortController()
    const fetch = vi.fn(async () => {
      controller.abort()
      throw new DOMException('aborted', 'AbortError')
    }) as unknown as typeof globalThis.fetch & ReturnType<typeof vi.fn>
    const rpc = createRpc({ nodeUrl: A, fallbackUrls: [B], fetch, signal: controller.signal })
    await expect(rpc.request('starknet_blockNumber')).rejects.toMatchObject({ name: 'AbortError' })
    expect(fetch).toHaveBeenCalledTimes(1)
  })
})

describe('nodeFallbacks', () => {
  it("lists the network's other public nodes for the environment's own node only", () => {
    expect(nodeFallbacks(getEnvironment('sepolia'))).toEqual(PUBLIC_NODE_URLS.sepolia.slice(1))
    expect(nodeFallbacks(getEnvironment('mainnet'))).toEqual(PUBLIC_NODE_URLS.mainnet.slice(1))
    expect(PUBLIC_NODE_URLS.mainnet[0]).toBe(ENVIRONMENTS.mainnet.providerDefaultUrl)
    expect(nodeFallbacks(getEnvironment('sepolia', { providerDefaultUrl: 'https://mine.example' }))).toEqual(
      [],
    )
    expect(nodeFallbacks(getEnvironment('dev'))).toEqual([])
  })
})
