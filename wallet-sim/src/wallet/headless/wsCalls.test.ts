// A headless client that gives up over WebSocket takes its pending approval with it: tRPC's stop message
// for a mutation's id, or the socket's close, drops it from the manual approval queue at once; a stop on
// another socket never does (ids are the connection's own).
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client'
import type { WalletRouter } from '@webwallet/protocol/router'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { MAIL, SPENDER, STRK } from '../fixtures'
import { serveHeadlessWebSocket, type WalletFixture, walletFixture } from '../testing'

const EMAIL = 'bot@example.com'
const TRANSFER = { contractAddress: STRK, entrypoint: 'transfer', calldata: [SPENDER, 3, 0] }
const rejected = { error: { data: { webwalletErrorCode: 'USER_REJECTED' } } }

let fx: WalletFixture
let served: Awaited<ReturnType<typeof serveHeadlessWebSocket>>
let url: string

beforeEach(async () => {
  fx = walletFixture()
  fx.policy.set('manual')
  served = await serveHeadlessWebSocket(fx, EMAIL)
  url = served.url
})
afterEach(() => served.close())

/** A raw tRPC v11 WebSocket client: sends frames as given, collects answers by id. */
async function rawClient() {
  const socket = new WebSocket(url)
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  const answers = new Map<unknown, Record<string, unknown>[]>()
  socket.on('message', (raw: Buffer) => {
    if (`${raw}` === 'PONG') return
    const message = JSON.parse(raw.toString()) as Record<string, unknown>
    answers.set(message.id, [...(answers.get(message.id) ?? []), message])
  })
  const send = (frame: unknown) => socket.send(JSON.stringify(frame))
  const mutation = (id: number, path: string, input?: unknown) => ({
    id,
    method: 'mutation',
    params: { path, input },
  })
  /** The first answer for `id`, once it came. */
  const answer = async (id: number) => {
    await expect.poll(() => answers.get(id)?.length ?? 0).toBeGreaterThan(0)
    return answers.get(id)?.[0]
  }
  return { socket, send, mutation, answer, answers, [Symbol.dispose]: () => socket.close() }
}

const pendingIds = () => fx.approvals.pending().map(({ id }) => id)

it('a closed socket drops its pending approvals at once (tRPC’s own client)', async () => {
  const wsClient = createWSClient({ url, WebSocket: WebSocket as never })
  const trpc = createTRPCClient<WalletRouter>({ links: [wsLink({ client: wsClient })] })
  const first = trpc.execute.mutate([[TRANSFER]])
  const second = trpc.signMessage.mutate([MAIL])
  void first.catch(() => {})
  void second.catch(() => {})
  await expect
    .poll(() => fx.approvals.pending().map(({ kind }) => kind))
    .toEqual(['execute', 'signTypedData'])
  const ids = pendingIds()
  // The client's socket goes away under it, as when its process is killed (tRPC's own close() would wait
  // for the calls in flight).
  const socket = wsClient.connection?.ws as WebSocket | undefined
  expect(socket).toBeDefined()
  socket?.terminate()
  await expect.poll(pendingIds).toEqual([])
  // Answering a dropped approval finds nothing, and nothing was sent.
  for (const id of ids) expect(fx.approvals.answer(id, true)).toBe(false)
  expect(await fx.ledger.balanceOf(SPENDER, STRK)).toBe(0n)
  await wsClient.close()
})

const pendingKinds = () => fx.approvals.pending().map(({ kind }) => kind)
const idOf = (kind: string) => fx.approvals.pending().find((approval) => approval.kind === kind)?.id ?? ''

it('tRPC’s stop message for a mutation’s id drops its approval; the caller gets USER_REJECTED', async () => {
  using client = await rawClient()
  client.send(client.mutation(1, 'signMessage', [MAIL]))
  client.send(client.mutation(2, 'execute', [[TRANSFER]]))
  await expect.poll(pendingKinds).toEqual(['signTypedData', 'execute'])
  const dropped = idOf('signTypedData')
  client.send({ id: 1, jsonrpc: '2.0', method: 'subscription.stop' })
  expect(await client.answer(1)).toMatchObject(rejected)
  expect(pendingKinds()).toEqual(['execute'])
  expect(fx.approvals.answer(dropped, true)).toBe(false)
  // The connection and its other call go on.
  expect(fx.approvals.answer(idOf('execute'), true)).toBe(true)
  expect(await client.answer(2)).toMatchObject({ result: { data: expect.stringMatching(/^0x/) } })
  expect(await fx.ledger.balanceOf(SPENDER, STRK)).toBe(3n)
})

it('each call of a batch is stopped on its own', async () => {
  using client = await rawClient()
  client.send([client.mutation(1, 'execute', [[TRANSFER]]), client.mutation(2, 'signMessage', [MAIL])])
  await expect.poll(() => pendingKinds().sort()).toEqual(['execute', 'signTypedData'])
  client.send({ id: 2, method: 'subscription.stop' })
  expect(await client.answer(2)).toMatchObject(rejected)
  expect(pendingKinds()).toEqual(['execute'])
  fx.approvals.answer(idOf('execute'), true)
  expect(await client.answer(1)).toMatchObject({ result: { data: expect.stringMatching(/^0x/) } })
})

it('a stop sent with its request, before the call asks, queues nothing', async () => {
  using client = await rawClient()
  client.send([client.mutation(7, 'execute', [[TRANSFER]]), { id: 7, method: 'subscription.stop' }])
  expect(await client.answer(7)).toMatchObject(rejected)
  expect(pendingIds()).toEqual([])
})

it('attack: a stop on another socket, for the same id, leaves the call alone', async () => {
  using victim = await rawClient()
  using attacker = await rawClient()
  victim.send(victim.mutation(1, 'execute', [[TRANSFER]]))
  await expect.poll(pendingIds).toHaveLength(1)
  attacker.send({ id: 1, method: 'subscription.stop' })
  // The attacker's next call is answered after its stop was read.
  attacker.send(attacker.mutation(2, 'requestChainId'))
  expect(await attacker.answer(2)).toMatchObject({ result: { data: expect.any(String) } })
  expect(pendingIds()).toHaveLength(1)
  expect(victim.answers.get(1)).toBeUndefined()
  // Closing the attacker's socket does not touch it either.
  attacker.socket.close()
  await new Promise((resolve) => attacker.socket.once('close', resolve))
  expect(pendingIds()).toHaveLength(1)
  fx.approvals.answer(pendingIds()[0] ?? '', true)
  expect(await victim.answer(1)).toMatchObject({ result: { data: expect.stringMatching(/^0x/) } })
})

it('subscriptions still stop by id, and PING is still answered', async () => {
  using client = await rawClient()
  client.send({ id: 5, method: 'subscription', params: { path: 'updateModal' } })
  await expect.poll(() => client.answers.get(5)?.length ?? 0).toBe(1)
  client.send({ id: 5, method: 'subscription.stop' })
  await expect.poll(() => client.answers.get(5)?.at(-1)).toMatchObject({ result: { type: 'stopped' } })
  const pong = new Promise<string>((resolve) =>
    client.socket.once('message', (raw: Buffer) => resolve(`${raw}`)),
  )
  client.socket.send('PING')
  expect(await pong).toBe('PONG')
})

it('attack: a batch nested 100,000 levels deep (200 KB) is a PARSE_ERROR; the socket and the process go on', async () => {
  using client = await rawClient()
  const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`
  client.socket.send(deep)
  await expect
    .poll(() => client.answers.get(null)?.at(-1))
    .toMatchObject({
      id: null,
      error: { code: -32700, data: { code: 'PARSE_ERROR' } },
    })
  // A call nested deep inside an ordinary batch is refused the same way, before any call of it runs.
  client.socket.send(`[{"id":1,"method":"mutation","params":{"path":"requestChainId"}},${deep}]`)
  await expect.poll(() => client.answers.get(null)?.length).toBe(2)
  expect(client.answers.get(1)).toBeUndefined()
  client.send(client.mutation(2, 'requestChainId'))
  expect(await client.answer(2)).toMatchObject({ result: { data: expect.stringMatching(/^0x/) } })
})

it('attack: a batch of more than 1000 calls is refused whole, each id answered BAD_REQUEST; none runs', async () => {
  using client = await rawClient()
  const calls = Array.from({ length: 1001 }, (_, i) => client.mutation(100 + i, 'execute', [[TRANSFER]]))
  client.socket.send(JSON.stringify(calls))
  await expect.poll(() => client.answers.size).toBe(1001)
  expect(await client.answer(100)).toMatchObject({ error: { data: { code: 'BAD_REQUEST' } } })
  expect(pendingIds()).toEqual([])
})
