import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { initTRPC } from '@trpc/server'
import { createHTTPHandler } from '@trpc/server/adapters/standalone'
import { UserRejectedError } from '@webwallet/protocol/errors'
import { formatErrorData, toTRPCError } from '@webwallet/protocol/router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fromHttp, HTTP_BATCH_INTERVAL_MS } from './fromHttp'
import { callLink, messengerLink } from './link'
import * as Messenger from './Messenger'
import type { Observer } from './types'

// Messenger.fromHttp against tRPC's own HTTP adapter serving a router with the protocol's error shape:
// what travels (one GET or POST per batch, tRPC's wire), the batch interval, and the coded errors.

const t = initTRPC.context<{ auth: string | undefined }>().create({
  errorFormatter: ({ shape, error }) => ({ ...shape, data: formatErrorData(shape.data, error) }),
})
const router = t.router({
  echo: t.procedure.input((v) => v as { n: number }).query(({ input }) => ({ n: input.n })),
  whoami: t.procedure.query(({ ctx }) => ctx.auth ?? null),
  add: t.procedure.input((v) => v as [number, number]).mutation(({ input }) => input[0] + input[1]),
  reject: t.procedure.mutation(() => {
    throw toTRPCError(new UserRejectedError())
  }),
  slow: t.procedure.mutation(() => new Promise<string>((resolve) => setTimeout(() => resolve('late'), 300))),
  // The subscription the wallet serves over HTTP: two events, then the end; or the wallet's coded error.
  walletEvents: t.procedure
    .input((v) => v as { fail?: boolean } | undefined)
    .subscription(async function* ({ input, ctx }) {
      if (input?.fail) throw toTRPCError(new UserRejectedError())
      yield { type: 'accountsChanged', accounts: [] }
      yield { type: 'whoami', auth: ctx.auth ?? null }
    }),
})

let server: Server
let url: string
let seen: Array<{ method: string | undefined; url: string | undefined }>
let answerWith: ((res: import('node:http').ServerResponse) => void) | undefined

beforeEach(async () => {
  seen = []
  answerWith = undefined
  const trpc = createHTTPHandler({
    router,
    basePath: '/trpc/',
    createContext: ({ req }) => ({ auth: req.headers.authorization }),
  })
  server = createServer((req, res) => {
    seen.push({ method: req.method, url: req.url })
    if (answerWith) answerWith(res)
    else trpc(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/trpc`
})
afterEach(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const observer = () => {
  const results: unknown[] = []
  const errors: Error[] = []
  let done: () => void = () => {}
  const settled = new Promise<void>((resolve) => (done = resolve))
  const o: Observer = {
    next: (r) => {
      results.push(r.data)
      done()
    },
    error: (e) => {
      errors.push(e)
      done()
    },
    complete() {},
  }
  return { o, results, errors, settled }
}

/** The next macrotask: after the current one, before any timer due later (Node's check phase). */
const nextTask = () => new Promise((resolve) => setImmediate(resolve))

describe('Messenger.fromHttp', () => {
  it('sends the calls of one interval as one POST (mutations) and one GET (queries), in tRPC’s wire', async () => {
    const messenger = Messenger.create(fromHttp({ url, batchIntervalMs: 30 }))
    const a = observer()
    const b = observer()
    const q = observer()
    messenger.send({ type: 'mutation', path: 'add', input: [1, 2] }, a.o)
    await nextTask() // another task, within the interval (its timer cannot fire before this)
    messenger.send({ type: 'mutation', path: 'add', input: [40, 2] }, b.o)
    messenger.send({ type: 'query', path: 'echo', input: { n: 7 } }, q.o)
    await Promise.all([a.settled, b.settled, q.settled])
    expect([a.errors, q.errors]).toEqual([[], []])
    expect([a.results, b.results, q.results]).toEqual([[3], [42], [{ n: 7 }]])
    const input = encodeURIComponent(JSON.stringify({ 0: { n: 7 } }))
    expect(seen).toEqual([
      { method: 'GET', url: `/trpc/echo?batch=1&input=${input}` },
      { method: 'POST', url: '/trpc/add,add?batch=1' },
    ])
    messenger.destroy()
  })

  it('calls further apart than the interval travel separately', async () => {
    const messenger = Messenger.create(fromHttp({ url, batchIntervalMs: 0 }))
    const a = observer()
    const b = observer()
    messenger.send({ type: 'mutation', path: 'add', input: [1, 1] }, a.o)
    await vi.waitFor(() => expect(seen).toHaveLength(1)) // the first request has left
    messenger.send({ type: 'mutation', path: 'add', input: [2, 2] }, b.o)
    await Promise.all([a.settled, b.settled])
    expect([a.results, b.results, seen.length]).toEqual([[2], [4], 2])
    messenger.destroy()
  })

  it(`by default (${HTTP_BATCH_INTERVAL_MS} ms) batches the calls of one task`, async () => {
    const wallet = callLink(messengerLink(Messenger.create(fromHttp({ url }))))
    const sums = await Promise.all([wallet.mutation('add', [1, 2]), wallet.mutation('add', [3, 4])])
    expect([sums, seen]).toEqual([[3, 7], [{ method: 'POST', url: '/trpc/add,add?batch=1' }]])
  })

  it('rebuilds the wallet’s coded error per call; the other calls of the batch still answer', async () => {
    const wallet = callLink(messengerLink(Messenger.create(fromHttp({ url }))))
    const [rejected, sum] = await Promise.allSettled([
      wallet.mutation('reject'),
      wallet.mutation('add', [2, 3]),
    ])
    expect(rejected.status === 'rejected' && rejected.reason).toBeInstanceOf(UserRejectedError)
    expect(rejected.status === 'rejected' && rejected.reason.code).toBe('USER_REJECTED')
    expect(sum).toEqual({ status: 'fulfilled', value: 5 })
    expect(seen).toEqual([{ method: 'POST', url: '/trpc/reject,add?batch=1' }])
  })

  it('sends the headers (a function is read per request)', async () => {
    let token = 'one'
    const messenger = Messenger.create(
      fromHttp({ url, batchIntervalMs: 0, headers: () => ({ authorization: `Bearer ${token}` }) }),
    )
    const first = observer()
    messenger.send({ type: 'query', path: 'whoami', input: undefined }, first.o)
    await first.settled
    token = 'two'
    const second = observer()
    messenger.send({ type: 'query', path: 'whoami', input: undefined }, second.o)
    await second.settled
    expect([first.results, second.results]).toEqual([['Bearer one'], ['Bearer two']])
    messenger.destroy()
  })

  it('a wallet that cannot be reached is SERVICE_UNREACHABLE', async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
    server = createServer()
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const wallet = callLink(messengerLink(Messenger.create(fromHttp({ url }))))
    await expect(wallet.mutation('add', [1, 1])).rejects.toMatchObject({
      code: 'SERVICE_UNREACHABLE',
      data: { service: 'wallet' },
    })
  })

  it.each([
    ['not JSON', (res: import('node:http').ServerResponse) => res.end('<html>')],
    ['not a tRPC answer', (res: import('node:http').ServerResponse) => res.end('{"code":"FORBIDDEN"}')],
    ['a batch of the wrong length', (res: import('node:http').ServerResponse) => res.end('[]')],
  ])("an answer that is %s is 'Unable to transform response from server'", async (_name, answer) => {
    answerWith = answer
    const wallet = callLink(messengerLink(Messenger.create(fromHttp({ url }))))
    await expect(wallet.mutation('add', [1, 1])).rejects.toMatchObject({ code: 'TRANSFORM_RESPONSE' })
  })

  it('an error for the whole request reaches every call of it, coded', async () => {
    answerWith = (res) => {
      res.statusCode = 400
      res.end(
        JSON.stringify({
          error: { code: -32600, message: 'no', data: { webwalletErrorCode: 'USER_REJECTED' } },
        }),
      )
    }
    const wallet = callLink(messengerLink(Messenger.create(fromHttp({ url }))))
    const both = await Promise.allSettled([wallet.mutation('add', [1, 1]), wallet.mutation('add', [2, 2])])
    expect(both.map((r) => r.status === 'rejected' && r.reason.code)).toEqual([
      'USER_REJECTED',
      'USER_REJECTED',
    ])
  })

  it('subscriptions are not implemented over HTTP; nothing is sent', async () => {
    const messenger = Messenger.create(fromHttp({ url }))
    const sub = observer()
    messenger.send({ type: 'subscription', path: 'updateModal', input: undefined }, sub.o)
    await sub.settled
    expect(sub.errors[0]).toMatchObject({ code: 'NOT_IMPLEMENTED' })
    expect(seen).toEqual([])
  })

  it('walletEvents travels as server-sent events: one GET with the headers, its events in order, then its end', async () => {
    const messenger = Messenger.create(fromHttp({ url, headers: { authorization: 'Bearer t' } }))
    const results: unknown[] = []
    let complete = () => {}
    const ended = new Promise<void>((resolve) => (complete = resolve))
    messenger.send(
      { type: 'subscription', path: 'walletEvents', input: undefined },
      { next: (r) => results.push(r), error: (e) => results.push(e), complete },
    )
    await ended
    expect(results).toEqual([
      { type: 'started' },
      { type: 'data', data: { type: 'accountsChanged', accounts: [] } },
      { type: 'data', data: { type: 'whoami', auth: 'Bearer t' } },
    ])
    expect(seen).toEqual([{ method: 'GET', url: '/trpc/walletEvents' }])
    messenger.destroy()
  })

  it("a subscription's error event is the wallet's coded error", async () => {
    const messenger = Messenger.create(fromHttp({ url }))
    const sub = observer()
    messenger.send({ type: 'subscription', path: 'walletEvents', input: { fail: true } }, sub.o)
    await vi.waitFor(() => expect(sub.errors[0]).toMatchObject({ code: 'USER_REJECTED' }))
    messenger.destroy()
  })

  it('a stream that cannot open is WALLET_NOT_AVAILABLE', async () => {
    answerWith = (res) =>
      res.writeHead(403, { 'content-type': 'application/json' }).end('{"code":"FORBIDDEN"}')
    const messenger = Messenger.create(fromHttp({ url }))
    const sub = observer()
    messenger.send({ type: 'subscription', path: 'walletEvents', input: undefined }, sub.o)
    await sub.settled
    expect(sub.errors[0]).toMatchObject({ code: 'WALLET_NOT_AVAILABLE' })
    messenger.destroy()
  })

  it('a call given up on before its batch leaves is never sent', async () => {
    const messenger = Messenger.create(fromHttp({ url, batchIntervalMs: 30 }))
    const gone = observer()
    const kept = observer()
    const stop = messenger.send({ type: 'mutation', path: 'add', input: [1, 2] }, gone.o)
    messenger.send({ type: 'mutation', path: 'add', input: [3, 4] }, kept.o)
    await nextTask() // posted to the channel, not yet sent
    stop()
    await kept.settled
    expect([kept.results, gone.results, gone.errors]).toEqual([[7], [], []])
    expect(seen).toEqual([{ method: 'POST', url: '/trpc/add?batch=1' }])
    messenger.destroy()
  })

  it('a request whose every call was given up on is aborted, so the wallet sees its client leave', async () => {
    let closedEarly: Promise<boolean> = Promise.resolve(false)
    answerWith = (res) => {
      // Never answers: the wallet waiting on a prompt. Resolves true when the client closes the request.
      closedEarly = new Promise((resolve) => res.on('close', () => resolve(!res.writableEnded)))
    }
    const messenger = Messenger.create(fromHttp({ url, batchIntervalMs: 0 }))
    const a = observer()
    const b = observer()
    const stopA = messenger.send({ type: 'mutation', path: 'slow', input: undefined }, a.o)
    const stopB = messenger.send({ type: 'mutation', path: 'slow', input: undefined }, b.o)
    await vi.waitFor(() => expect(seen).toHaveLength(1))
    stopA()
    // One call of the batch still waits: the request stays open (an absence, so a time window).
    await new Promise((resolve) => setTimeout(resolve, 50))
    const stillOpen = await Promise.race([closedEarly, new Promise((r) => setTimeout(() => r('open'), 20))])
    expect(stillOpen).toBe('open')
    stopB()
    await expect(closedEarly).resolves.toBe(true)
    // Neither caller hears a channel error for the request it gave up on (an absence: a short window).
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect([a.errors, b.errors, a.results, b.results]).toEqual([[], [], [], []])
    messenger.destroy()
  })

  it('destroy rejects what is pending and aborts the request in flight', async () => {
    const messenger = Messenger.create(fromHttp({ url, batchIntervalMs: 0 }))
    const slow = observer()
    messenger.send({ type: 'mutation', path: 'slow', input: undefined }, slow.o)
    await vi.waitFor(() => expect(seen).toHaveLength(1))
    messenger.destroy()
    await slow.settled
    expect(slow.errors[0]).toMatchObject({ code: 'PORT_DISCONNECTED' })
    // Nothing answers after the abort (the late answer, due at 300 ms, is dropped).
    await new Promise((resolve) => setTimeout(resolve, 350))
    expect(slow.results).toEqual([])
  })
})
