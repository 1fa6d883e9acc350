import { createTRPCClient } from '@trpc/client'
import { initTRPC } from '@trpc/server'
import { applyWSSHandler } from '@trpc/server/adapters/ws'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { WebSocket, WebSocketServer } from 'ws'
import { fromWebSocket, type WebSocketConstructor, type WebSocketState } from './fromWebSocket'
import { messengerLink, unwrapError } from './link'
import * as Messenger from './Messenger'
import { FakeSocket, observer } from './testing/fakeSocket'

describe('Messenger.fromWebSocket (scripted socket, fake timers)', () => {
  beforeEach(() => {
    FakeSocket.instances = []
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  function setup(openTimeoutMs?: number) {
    const states: WebSocketState[] = []
    const channel = fromWebSocket({
      url: 'ws://wallet.test/trpc',
      WebSocket: FakeSocket as unknown as WebSocketConstructor,
      onState: (s) => states.push(s),
      openTimeoutMs,
    })
    return { channel, states, messenger: Messenger.create(channel) }
  }

  it("connects lazily, queues until open, then sends tRPC's wire message and matches the reply", async () => {
    const { channel, states, messenger } = setup()
    expect(FakeSocket.instances).toHaveLength(0)
    const o = observer()
    messenger.send({ type: 'mutation', path: 'requestChainId', input: undefined }, o)
    const socket = FakeSocket.instances[0]!
    expect(channel.state()).toBe('connecting')
    expect(socket.sent).toEqual([])
    socket.emit('open')
    await vi.advanceTimersByTimeAsync(0)
    const request = JSON.parse(socket.sent[0]!)
    expect(request).toMatchObject({ jsonrpc: '2.0', method: 'mutation', params: { path: 'requestChainId' } })
    socket.emit('message', { data: 'PONG' })
    socket.emit('message', {
      data: JSON.stringify({ id: request.id, jsonrpc: '2.0', result: { data: '0x1' } }),
    })
    expect(o.results).toEqual(['0x1'])
    expect(states).toEqual(['connecting', 'open'])
  })

  it('retries a failing connection after 1000 ms × 2^attempt, capped at 30000 ms', async () => {
    const { messenger } = setup(Number.POSITIVE_INFINITY)
    const o = observer()
    messenger.send({ type: 'mutation', path: 'enable', input: undefined }, o)
    const delays = [1000, 2000, 4000, 8000, 16000, 30000, 30000]
    for (const [i, delay] of delays.entries()) {
      FakeSocket.instances[i]!.emit('close') // never opened
      await vi.advanceTimersByTimeAsync(delay - 1)
      expect(FakeSocket.instances).toHaveLength(i + 1)
      await vi.advanceTimersByTimeAsync(1)
      expect(FakeSocket.instances).toHaveLength(i + 2)
    }
    expect(o.errors).toEqual([]) // queued requests survive reconnects
    const last = FakeSocket.instances.at(-1)!
    last.emit('open')
    await vi.advanceTimersByTimeAsync(0)
    expect(last.sent).toHaveLength(1)
  })

  it("rejects a request waiting for a server that is down with 'Wallet not available' after 20 s, while reconnecting goes on", async () => {
    const { messenger } = setup()
    const o = observer()
    messenger.send({ type: 'mutation', path: 'requestChainId', input: undefined }, o)
    for (const delay of [1000, 2000, 4000, 8000]) {
      FakeSocket.instances.at(-1)!.emit('close') // refused
      await vi.advanceTimersByTimeAsync(delay)
    }
    expect(o.errors).toEqual([]) // 15 s
    await vi.advanceTimersByTimeAsync(4_999)
    expect(o.errors).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(o.errors).toHaveLength(1)
    expect(o.errors[0]).toMatchObject({ code: 'WALLET_NOT_AVAILABLE', message: 'Wallet not available' })
    expect(o.errors[0]!.cause).toMatchObject({ code: 'WEBSOCKET_CLOSED' })
    const sockets = FakeSocket.instances.length
    FakeSocket.instances.at(-1)!.emit('close')
    await vi.advanceTimersByTimeAsync(16_000) // the reconnect already scheduled still runs
    expect(FakeSocket.instances).toHaveLength(sockets + 1)
    // The server is back: a new request goes through at once.
    const next = observer()
    messenger.send({ type: 'mutation', path: 'requestChainId', input: undefined }, next)
    FakeSocket.instances.at(-1)!.emit('open')
    await vi.advanceTimersByTimeAsync(0)
    expect(FakeSocket.instances.at(-1)!.sent).toHaveLength(1)
    expect(next.errors).toEqual([])
  })

  it('resets the backoff after a successful open, and stops for good on destroy', async () => {
    const { messenger } = setup()
    messenger.send({ type: 'mutation', path: 'a', input: undefined }, observer())
    FakeSocket.instances[0]!.emit('close')
    await vi.advanceTimersByTimeAsync(1000)
    FakeSocket.instances[1]!.emit('open')
    await vi.advanceTimersByTimeAsync(0)
    FakeSocket.instances[1]!.emit('close')
    messenger.send({ type: 'mutation', path: 'b', input: undefined }, observer())
    expect(FakeSocket.instances).toHaveLength(3) // attempt 0 again: immediate
    messenger.destroy()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(FakeSocket.instances).toHaveLength(3)
  })

  it('reconnects when the server asks to', async () => {
    const { messenger } = setup()
    messenger.send({ type: 'mutation', path: 'a', input: undefined }, observer())
    FakeSocket.instances[0]!.emit('open')
    await vi.advanceTimersByTimeAsync(0)
    const close = vi.spyOn(FakeSocket.instances[0]!, 'close')
    FakeSocket.instances[0]!.emit('message', { data: JSON.stringify({ id: null, method: 'reconnect' }) })
    expect(close).toHaveBeenCalled()
  })
})

describe('Messenger.fromWebSocket against the tRPC v11 ws adapter', () => {
  it('round-trips mutations, coded errors and subscriptions with a real server', async () => {
    const t = initTRPC.create()
    const router = t.router({
      requestChainId: t.procedure.mutation(() => '0x534e5f5345504f4c4941'),
      fail: t.procedure.mutation(() => {
        throw new Error('boom')
      }),
      ticks: t.procedure.subscription(async function* () {
        yield 1
        yield 2
      }),
    })
    const wss = new WebSocketServer({ port: 0 })
    const handler = applyWSSHandler({ wss, router })
    const { port } = wss.address() as { port: number }
    const channel = fromWebSocket({ url: `ws://127.0.0.1:${port}`, WebSocket: WebSocket as never })
    const messenger = Messenger.create(channel)
    const client = createTRPCClient<typeof router>({ links: [messengerLink(messenger)] })
    try {
      await expect(client.requestChainId.mutate()).resolves.toBe('0x534e5f5345504f4c4941')
      const error = await client.fail.mutate().catch(unwrapError)
      expect(error).toMatchObject({ code: 'UNKNOWN', message: 'Unknown error' })
      const seen = await new Promise<unknown[]>((resolve) => {
        const values: unknown[] = []
        client.ticks.subscribe(undefined, {
          onData: (v) => values.push(v),
          onComplete: () => resolve(values),
        })
      })
      expect(seen).toEqual([1, 2])
      expect(channel.state()).toBe('open')
    } finally {
      messenger.destroy()
      handler.broadcastReconnectNotification()
      await new Promise((resolve) => wss.close(resolve))
    }
  })
})
