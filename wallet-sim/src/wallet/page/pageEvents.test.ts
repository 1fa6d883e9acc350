// The wallet page's pushed changes for its dapp: its own logout, another tab's login as another user, a
// login the server stopped honouring (asked when the page is back in view), and nothing while nothing changed.
import type { LoginStatus, WalletEvent } from '@webwallet/protocol'
import { describe, expect, it, vi } from 'vitest'
import { LOGIN_STORAGE_KEY } from './loginStorage'
import { createPageEvents } from './pageEvents'

const DAPP = 'https://dapp.example'
const ANN = '0x0a11'
const BOB = '0x0b0b'

// A wallet API as the page sees it: who is logged in (by storage), which dapps each user connected.
function fakeApi() {
  const world = {
    email: 'ann@example.com' as string | undefined,
    honoured: true,
    connected: new Set(['ann@example.com']),
    requests: 0,
  }
  const api = {
    isLoggedIn: () => world.email !== undefined,
    email: () => world.email,
    chainId: async () => '0x534e5f5345504f4c4941',
    loginStatus: async (origin: string): Promise<LoginStatus> => {
      world.requests++
      if (!world.honoured) return { isLoggedIn: false }
      const connected = world.email !== undefined && world.connected.has(world.email) && origin === DAPP
      return { isLoggedIn: true, isPreauthorized: connected }
    },
    account: async () => ({ address: world.email === 'ann@example.com' ? ANN : BOB }) as never,
  }
  return { world, api }
}

function collect(stream: AsyncGenerator<WalletEvent>) {
  const seen: WalletEvent[] = []
  const done = (async () => {
    for await (const event of stream) seen.push(event)
  })()
  return { seen, done }
}

describe('createPageEvents', () => {
  it("pushes the page's logout, another tab's login as a connected user, and only changes", async () => {
    const { world, api } = fakeApi()
    const target = new EventTarget()
    const events = createPageEvents({ api, target: target as never })
    const abort = new AbortController()
    const { seen, done } = collect(events.subscribe({ origin: DAPP }, abort.signal))
    events.notify() // the first change is told as it is: the connector ignores an account it has
    await vi.waitFor(() => expect(seen.length === 1).toBe(true))
    events.notify() // nothing changed: nothing told
    await vi.waitFor(() => expect(world.requests === 2).toBe(true))
    world.email = undefined
    events.notify()
    await vi.waitFor(() => expect(seen.length === 2).toBe(true))
    world.email = 'bob@example.com'
    world.connected.add('bob@example.com')
    const storage = Object.assign(new Event('storage'), { key: LOGIN_STORAGE_KEY })
    target.dispatchEvent(storage)
    await vi.waitFor(() => expect(seen.length === 3).toBe(true))
    abort.abort()
    await done
    expect(seen).toEqual([
      { type: 'accountsChanged', accounts: [ANN] },
      { type: 'accountsChanged', accounts: [] },
      { type: 'accountsChanged', accounts: [BOB] },
    ])
  })

  it('asks the server again when the page comes back into view: a login it no longer honours', async () => {
    const { world, api } = fakeApi()
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState })
    const events = createPageEvents({ api, document: doc })
    const abort = new AbortController()
    const { seen, done } = collect(events.subscribe({ origin: DAPP }, abort.signal))
    expect(world.requests).toBe(0) // subscribing asks nothing
    world.honoured = false // logged out in a tab of other storage: nothing tells this page but its server
    doc.visibilityState = 'hidden'
    doc.dispatchEvent(new Event('visibilitychange'))
    doc.visibilityState = 'visible'
    doc.dispatchEvent(new Event('visibilitychange'))
    await vi.waitFor(() => expect(seen).toHaveLength(1))
    expect(world.requests).toBe(1) // hiding asks nothing
    abort.abort()
    await done
    expect(seen).toEqual([{ type: 'accountsChanged', accounts: [] }])
  })
})
