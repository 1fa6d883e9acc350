// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import { exactOrigin, fromWindow } from './fromWindow'
import * as Messenger from './Messenger'
import type { Observer, TrpcRequest } from './types'

const WALLET = 'https://wallet.example'

function setup() {
  const wallet = { postMessage: vi.fn() }
  const other = { postMessage: vi.fn() }
  const goneListeners: Array<(e: Error) => void> = []
  const channel = fromWindow({
    listen: window,
    target: () => wallet as unknown as Window,
    origin: `${WALLET}/iframes/comms`,
    ready: async () => {},
    onGone: (listener) => {
      goneListeners.push(listener)
      return () => {}
    },
  })
  const messenger = Messenger.create(channel)
  const observer = (): Observer & { results: unknown[]; errors: Error[] } => {
    const results: unknown[] = []
    const errors: Error[] = []
    return { results, errors, next: (r) => results.push(r.data), error: (e) => errors.push(e), complete() {} }
  }
  const deliver = (data: unknown, origin = WALLET, source: unknown = wallet) =>
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }))
  return { wallet, other, messenger, observer, deliver, goneListeners }
}

async function sent(wallet: { postMessage: ReturnType<typeof vi.fn> }) {
  await vi.waitFor(() => expect(wallet.postMessage).toHaveBeenCalled())
  const [message, targetOrigin] = wallet.postMessage.mock.calls.at(-1)!
  return { request: (message as { trpc: TrpcRequest }).trpc, targetOrigin }
}

describe('Messenger.fromWindow', () => {
  it('posts the trpc-browser envelope to the exact wallet origin, never "*"', async () => {
    const { wallet, messenger, observer } = setup()
    messenger.send({ type: 'mutation', path: 'enable', input: { a: 1 } }, observer())
    const { request, targetOrigin } = await sent(wallet)
    expect(targetOrigin).toBe(WALLET)
    expect(request).toMatchObject({
      jsonrpc: '2.0',
      method: 'mutation',
      params: { path: 'enable', input: { a: 1 } },
    })
  })

  it('stops listening on destroy', async () => {
    const { wallet, messenger, observer, deliver } = setup()
    const o = observer()
    messenger.send({ type: 'mutation', path: 'enable', input: undefined }, o)
    const { request } = await sent(wallet)
    messenger.destroy()
    deliver({ trpc: { id: request.id, result: { data: 'late' } } })
    expect(o.results).toEqual([])
    expect(o.errors.map((e) => e.message)).toEqual(['Port disconnected prematurely'])
  })
})

describe('exactOrigin', () => {
  it('reduces a URL to its origin and refuses opaque ones', () => {
    expect(exactOrigin('https://wallet.example:8443/a?b')).toBe('https://wallet.example:8443')
    expect(() => exactOrigin('*')).toThrow()
    expect(() => exactOrigin('data:text/html,x')).toThrow()
  })
})
