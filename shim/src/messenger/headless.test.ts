import { afterEach, describe, expect, it, vi } from 'vitest'
import type { WebSocketConstructor } from './fromWebSocket'
import { fromHttp, fromWebSocket } from './headless'
import * as Messenger from './Messenger'
import { FakeSocket, observer } from './testing/fakeSocket'

// setImmediate and Date are not faked: each turn lets the chunk's import go on, for up to 5 s.
const turn = () => new Promise<void>((resolve) => setImmediate(resolve))
const until = async (done: () => boolean) => {
  const deadline = Date.now() + 5_000
  while (!done() && Date.now() < deadline) await turn()
  expect(done()).toBe(true)
}
const WebSocket = FakeSocket as unknown as WebSocketConstructor

describe('Messenger.fromWebSocket and fromHttp: their code loads at the first request', () => {
  afterEach(() => {
    FakeSocket.instances = []
    vi.useRealTimers()
    vi.doUnmock('./headlessWires')
    vi.resetModules()
  })

  it('are the lazy ones in the Messenger namespace', () => {
    expect(Messenger.fromWebSocket).toBe(fromWebSocket)
    expect(Messenger.fromHttp).toBe(fromHttp)
  })

  it('refuse at once, coded, without a WebSocket or fetch to use', () => {
    vi.stubGlobal('WebSocket', undefined)
    vi.stubGlobal('fetch', undefined)
    try {
      expect(() => fromWebSocket({ url: 'ws://wallet.test/trpc' })).toThrow(
        expect.objectContaining({ code: 'WALLET_NOT_AVAILABLE', cause: expect.stringMatching(/WebSocket/) }),
      )
      expect(() => fromHttp({ url: 'http://wallet.test/trpc' })).toThrow(
        expect.objectContaining({ code: 'WALLET_NOT_AVAILABLE', cause: expect.stringMatching(/fetch/) }),
      )
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('WebSocket: closed until asked, connecting while the chunk loads, then the socket itself', async () => {
    const states: string[] = []
    const channel = fromWebSocket({ url: 'ws://wallet.test/trpc', WebSocket, onState: (s) => states.push(s) })
    const messenger = Messenger.create(channel)
    expect(channel.state()).toBe('closed')
    const o = observer()
    messenger.send({ type: 'mutation', path: 'requestChainId', input: undefined }, o)
    expect(channel.state()).toBe('connecting')
    expect(FakeSocket.instances).toHaveLength(0)
    await until(() => FakeSocket.instances.length === 1)
    const socket = FakeSocket.instances[0] as FakeSocket
    expect(socket.url).toBe('ws://wallet.test/trpc')
    socket.emit('open')
    await until(() => socket.sent.length === 1)
    expect(channel.state()).toBe('open')
    const { id } = JSON.parse(socket.sent[0] as string)
    socket.emit('message', { data: JSON.stringify({ id, jsonrpc: '2.0', result: { data: '0x1' } }) })
    expect(o.results).toEqual(['0x1'])
    expect(states).toEqual(['connecting', 'open'])
    messenger.destroy()
    expect(channel.state()).toBe('closed')
  })

  it('WebSocket: the open limit counts from the request, the time the chunk took included', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const messenger = Messenger.create(
      fromWebSocket({ url: 'ws://wallet.test/trpc', WebSocket, openTimeoutMs: 1_000 }),
    )
    const o = observer()
    messenger.send({ type: 'mutation', path: 'requestChainId', input: undefined }, o)
    vi.advanceTimersByTime(600) // while the chunk loads
    await until(() => FakeSocket.instances.length === 1)
    await vi.advanceTimersByTimeAsync(399)
    expect(o.errors).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(o.errors).toEqual([
      expect.objectContaining({
        code: 'WALLET_NOT_AVAILABLE',
        cause: expect.objectContaining({ code: 'WEBSOCKET_CLOSED' }),
      }),
    ])
    messenger.destroy()
  })

  it("HTTP: a chunk that fails to load is 'Wallet not available' and the next request loads it again", async () => {
    vi.resetModules()
    vi.doMock('./headlessWires', () => {
      throw new TypeError('Failed to fetch dynamically imported module')
    })
    // Fresh modules all through, so the coded errors are of the same classes as the Messenger checks.
    const lazy = await import('./headless')
    const { create } = await import('./create')
    const fetch = vi.fn(async () => Response.json([{ result: { data: '0x534e5f5345504f4c4941' } }]))
    const messenger = create(lazy.fromHttp({ url: 'http://wallet.test/trpc', fetch }))
    const first = observer()
    messenger.send({ type: 'query', path: 'requestChainId', input: undefined }, first)
    await until(() => first.errors.length === 1)
    expect(first.errors[0]).toMatchObject({ code: 'WALLET_NOT_AVAILABLE', cause: expect.anything() })
    expect(first.errors[0]).not.toBeInstanceOf(TypeError)
    vi.doUnmock('./headlessWires')
    const second = observer()
    messenger.send({ type: 'query', path: 'requestChainId', input: undefined }, second)
    await until(() => second.results.length === 1)
    expect(second.results).toEqual(['0x534e5f5345504f4c4941'])
    expect(fetch).toHaveBeenCalledTimes(1)
    messenger.destroy()
  })
})
