import { initTRPC } from '@trpc/server'
import { POPUP_LOADED_MESSAGE, requestEnvelope } from '@webwallet/protocol'
import { describe, expect, it, vi } from 'vitest'
import { serveWindow, type WalletWindow } from './windowHandler'

const DAPP = 'https://dapp.example'
const t = initTRPC.context<{ origin: string }>().create({ allowOutsideOfServer: true })
const router = t.router({
  whoAsks: t.procedure.mutation(({ ctx }) => ctx.origin),
  follow: t.procedure.subscription(async function* () {
    yield 'now'
  }),
})

type Posted = [message: unknown, options: { targetOrigin: string }]

function setup(options: { popup: boolean; referrer?: string; accepts?: (origin: string) => boolean }) {
  const host = { postMessage: vi.fn<(...args: Posted) => void>() }
  const stranger = { postMessage: vi.fn<(...args: Posted) => void>() }
  const listeners = new Set<(event: MessageEvent) => void>()
  const self = {}
  const win: WalletWindow = {
    opener: options.popup ? (host as unknown as MessageEventSource) : null,
    parent: options.popup ? (self as MessageEventSource) : (host as unknown as MessageEventSource),
    self,
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
  }
  const onRequest = vi.fn()
  const onRefused = vi.fn()
  const stop = serveWindow({
    ...(options.accepts ? { accepts: options.accepts, onRefused } : {}),
    router,
    window: win,
    referrer: options.referrer ?? '',
    createContext: (origin) => ({ origin }),
    onRequest,
  })
  const send = (data: unknown, from: { origin: string; source: unknown }) => {
    for (const listener of listeners) listener({ data, ...from } as unknown as MessageEvent)
  }
  const everyPost = () => [...host.postMessage.mock.calls, ...stranger.postMessage.mock.calls]
  return { host, stranger, send, stop, onRequest, onRefused, listeners, everyPost }
}

describe('serveWindow', () => {
  it('answers the opener at its exact origin and announces itself to that origin only', async () => {
    const { host, send, onRequest } = setup({ popup: true, referrer: `${DAPP}/app?x=1` })
    expect(host.postMessage).toHaveBeenCalledWith(POPUP_LOADED_MESSAGE, { targetOrigin: DAPP })
    send(requestEnvelope(1, 'mutation', 'whoAsks'), { origin: DAPP, source: host })
    await vi.waitFor(() => expect(host.postMessage).toHaveBeenCalledTimes(2))
    expect(host.postMessage.mock.calls[1]).toEqual([
      { trpc: { id: 1, jsonrpc: '2.0', result: { type: 'data', data: DAPP } } },
      { targetOrigin: DAPP },
    ])
    expect(onRequest).toHaveBeenCalledWith(DAPP)
  })

  it('counts queries and mutations as requests, not a subscription or its stop (a popup closes after its answers)', async () => {
    const { host, send, onRequest } = setup({ popup: true, referrer: DAPP })
    send(requestEnvelope(1, 'subscription', 'follow'), { origin: DAPP, source: host })
    send({ trpc: { id: 1, jsonrpc: '2.0', method: 'subscription.stop' } }, { origin: DAPP, source: host })
    send(requestEnvelope(2, 'mutation', 'whoAsks'), { origin: DAPP, source: host })
    await vi.waitFor(() =>
      expect(host.postMessage.mock.calls.map(([m]) => (m as { trpc: { id: unknown } }).trpc?.id)).toContain(
        2,
      ),
    )
    expect(onRequest.mock.calls).toEqual([[DAPP]])
  })

  it('ignores other origins, other windows and anything that is not an envelope, and never posts to *', async () => {
    const { host, stranger, send, onRequest, everyPost } = setup({ popup: true, referrer: DAPP })
    send(requestEnvelope(1, 'mutation', 'whoAsks'), { origin: 'https://evil.example', source: host })
    send(requestEnvelope(2, 'mutation', 'whoAsks'), { origin: DAPP, source: stranger })
    send(requestEnvelope(3, 'mutation', 'whoAsks'), { origin: 'null', source: host })
    send({ trpc: { id: 4, method: 'mutation' } }, { origin: DAPP, source: host })
    send('hello', { origin: DAPP, source: host })
    send(requestEnvelope(5, 'mutation', 'whoAsks'), { origin: DAPP, source: host })
    await vi.waitFor(() => expect(host.postMessage).toHaveBeenCalledTimes(2))
    await new Promise((resolve) => setImmediate(resolve))
    expect(stranger.postMessage).not.toHaveBeenCalled()
    const ids = host.postMessage.mock.calls
      .slice(1)
      .map(([message]) => (message as { trpc: { id: unknown } }).trpc.id)
    expect(ids).toEqual([5])
    expect(onRequest.mock.calls).toEqual([[DAPP]])
    for (const [, options] of everyPost()) expect(options.targetOrigin).not.toBe('*')
  })

  it('without a referrer, trusts the first origin that sends a request and no other', async () => {
    const { host, send, everyPost } = setup({ popup: true })
    expect(host.postMessage).not.toHaveBeenCalled()
    send(requestEnvelope('a', 'mutation', 'whoAsks'), { origin: DAPP, source: host })
    await vi.waitFor(() => expect(host.postMessage).toHaveBeenCalledTimes(1))
    send(requestEnvelope('b', 'mutation', 'whoAsks'), { origin: 'https://other.example', source: host })
    send(requestEnvelope('c', 'mutation', 'whoAsks'), { origin: DAPP, source: host })
    await vi.waitFor(() => expect(host.postMessage).toHaveBeenCalledTimes(2))
    await new Promise((resolve) => setImmediate(resolve))
    expect(everyPost().map(([, options]) => options.targetOrigin)).toEqual([DAPP, DAPP])
  })

  it('in an iframe, serves the parent and sends no popup handshake; stop removes the listener', async () => {
    const { host, send, stop, listeners } = setup({ popup: false, referrer: DAPP })
    send(requestEnvelope(7, 'mutation', 'whoAsks'), { origin: DAPP, source: host })
    await vi.waitFor(() => expect(host.postMessage).toHaveBeenCalledTimes(1))
    expect(host.postMessage.mock.calls[0]?.[0]).toMatchObject({ trpc: { id: 7, result: { data: DAPP } } })
    stop()
    expect(listeners.size).toBe(0)
  })

  it('an origin the page does not accept gets nothing at all, not even an error or the handshake', async () => {
    const evil = 'http://127.0.0.2:8080'
    const accepts = (origin: string) => origin === DAPP
    const framed = setup({ popup: false, referrer: evil, accepts })
    framed.send(requestEnvelope(1, 'mutation', 'whoAsks'), { origin: evil, source: framed.host })
    framed.send('not an envelope', { origin: evil, source: framed.host })
    await new Promise((resolve) => setImmediate(resolve))
    expect(framed.everyPost()).toEqual([])
    expect(framed.onRequest).not.toHaveBeenCalled()
    expect(framed.onRefused.mock.calls).toEqual([[evil]])

    const opened = setup({ popup: true, referrer: evil, accepts })
    expect(opened.everyPost()).toEqual([])

    const listed = setup({ popup: false, referrer: DAPP, accepts })
    listed.send(requestEnvelope(2, 'mutation', 'whoAsks'), { origin: DAPP, source: listed.host })
    await vi.waitFor(() => expect(listed.host.postMessage).toHaveBeenCalledTimes(1))
    expect(listed.onRefused).not.toHaveBeenCalled()
  })
})
