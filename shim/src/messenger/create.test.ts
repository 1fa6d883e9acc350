import { createTRPCClient } from '@trpc/client'
import { initTRPC } from '@trpc/server'
import { UserRejectedError } from '@webwallet/protocol/errors'
import { describe, expect, it, vi } from 'vitest'
import { callLink, messengerLink, unwrapError } from './link'
import * as Messenger from './Messenger'
import type { TrpcRequest } from './types'

// A tiny router type, so the client is typed exactly as the connector's is.
const t = initTRPC.create()
const router = t.router({
  chainId: t.procedure.mutation(() => 'SN_SEPOLIA'),
  echo: t.procedure.input((v: unknown) => v as string).mutation(({ input }) => input),
  ticks: t.procedure.subscription(async function* () {
    yield 1
  }),
})

function setup(options: { ready?: boolean } = {}) {
  const [channel, wallet] = Messenger.memory(options)
  const messenger = Messenger.create(channel)
  const client = createTRPCClient<typeof router>({ links: [messengerLink(messenger)] })
  return { wallet, messenger, client }
}

const answer = (wallet: ReturnType<typeof setup>['wallet'], data: (r: TrpcRequest) => unknown) =>
  wallet.onRequest((request) => {
    if (request.method !== 'subscription.stop')
      wallet.reply({ id: request.id, result: { data: data(request) } })
  })

describe('Messenger.create', () => {
  it('round-trips a mutation with a random 64-bit hex id', async () => {
    const { wallet, client } = setup()
    answer(wallet, (r) => ('params' in r ? `${r.params.path}:${String(r.params.input)}` : null))
    await expect(client.echo.mutate('hi')).resolves.toBe('echo:hi')
    const [request] = wallet.requests
    expect(request).toMatchObject({
      jsonrpc: '2.0',
      method: 'mutation',
      params: { path: 'echo', input: 'hi' },
    })
    expect(request?.id).toMatch(/^[0-9a-f]{16}$/)
  })

  it('gives every request a different id', async () => {
    const { wallet, client } = setup()
    answer(wallet, () => 'x')
    await Promise.all([client.chainId.mutate(), client.chainId.mutate(), client.chainId.mutate()])
    expect(new Set(wallet.requests.map((r) => r.id)).size).toBe(3)
  })

  it('rejects pending requests (also those waiting for the channel) when the channel ends', async () => {
    const { wallet, client } = setup({ ready: false })
    const result = client.chainId.mutate().catch(unwrapError)
    wallet.end(new UserRejectedError())
    expect(await result).toBeInstanceOf(UserRejectedError)
    wallet.open()
    await Promise.resolve()
    expect(wallet.requests).toHaveLength(0) // the rejected request is never posted
  })

  it("rejects everything with 'Port disconnected prematurely' on destroy, and later sends too", async () => {
    const { messenger, client } = setup({ ready: false })
    const pending = client.chainId.mutate().catch(unwrapError)
    messenger.destroy()
    expect(await pending).toMatchObject({
      code: 'PORT_DISCONNECTED',
      message: 'Port disconnected prematurely',
    })
    expect(await client.chainId.mutate().catch(unwrapError)).toMatchObject({ code: 'PORT_DISCONNECTED' })
  })

  it('streams a subscription and sends subscription.stop on unsubscribe', async () => {
    const { wallet, client } = setup()
    const seen: unknown[] = []
    const subscription = client.ticks.subscribe(undefined, { onData: (value) => seen.push(value) })
    await vi.waitFor(() => expect(wallet.requests).toHaveLength(1))
    const id = wallet.requests[0]!.id
    wallet.reply({ id, result: { type: 'started' } })
    wallet.reply({ id, result: { type: 'data', data: 1 } })
    wallet.reply({ id, result: { type: 'data', data: 2 } })
    expect(seen).toEqual([1, 2])
    subscription.unsubscribe()
    expect(wallet.requests[1]).toEqual({ id, jsonrpc: '2.0', method: 'subscription.stop' })
    wallet.reply({ id, result: { type: 'data', data: 3 } })
    expect(seen).toEqual([1, 2])
  })

  it('completes a subscription when the wallet stops it', async () => {
    const { wallet, client } = setup()
    const onComplete = vi.fn()
    client.ticks.subscribe(undefined, { onComplete })
    await vi.waitFor(() => expect(wallet.requests).toHaveLength(1))
    wallet.reply({ id: wallet.requests[0]!.id, result: { type: 'stopped' } })
    expect(onComplete).toHaveBeenCalledOnce()
  })

  it('fails the request, not the process, when the channel cannot post', async () => {
    const [channel] = Messenger.memory()
    const messenger = Messenger.create({
      ...channel,
      post() {
        throw new Error('Port disconnected prematurely')
      },
    })
    const error = await new Promise<Error>((resolve) =>
      messenger.send(
        { type: 'mutation', path: 'enable', input: undefined },
        { next() {}, complete() {}, error: resolve },
      ),
    )
    expect(error.message).toBe('Port disconnected prematurely')
  })

  it('tells the wallet of a mutation the dapp gave up on (its prompt is dismissed), never of an answered one', async () => {
    const { wallet, messenger } = setup()
    const caller = callLink(messengerLink(messenger))
    const controller = new AbortController()
    const pending = caller.mutation('signTypedData', {}, { signal: controller.signal })
    await vi.waitFor(() => expect(wallet.requests).toHaveLength(1))
    const id = wallet.requests[0]!.id
    controller.abort()
    await expect(pending).rejects.toMatchObject({ code: 'OPERATION_ABORTED' })
    expect(wallet.requests[1]).toEqual({ id, jsonrpc: '2.0', method: 'subscription.stop' })
    const timedOut = caller.mutation('signTypedData', {}, { timeoutMs: 10 })
    await expect(timedOut).rejects.toMatchObject({ code: 'OPERATION_TIMEOUT' })
    expect(wallet.requests[3]).toEqual({
      id: wallet.requests[2]!.id,
      jsonrpc: '2.0',
      method: 'subscription.stop',
    })
    answer(wallet, () => 'ok')
    await expect(caller.mutation('requestChainId')).resolves.toBe('ok')
    expect(wallet.requests).toHaveLength(5) // the answered one sent no stop
  })

  it('does not send subscription.stop for a subscription that was never posted', async () => {
    const { wallet, client } = setup({ ready: false })
    const subscription = client.ticks.subscribe(undefined, { onData() {} })
    subscription.unsubscribe()
    wallet.open()
    await Promise.resolve()
    await Promise.resolve()
    expect(wallet.requests).toEqual([])
  })
})
