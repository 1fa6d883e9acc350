// The wallet's pushed events for server-side connections: what each dapp sees change when its user logs out,
// another hands-free user takes over, the dapp is connected or disconnected, or the chain changes.
import type { WalletEvent } from '@webwallet/protocol'
import { describe, expect, it } from 'vitest'
import { walletFixture } from '../testing'
import { createWalletEvents } from './events'

const DAPP = 'https://dapp.example'

// Collects the events of one subscription until `signal` aborts.
function collect(stream: AsyncGenerator<WalletEvent>) {
  const seen: WalletEvent[] = []
  const done = (async () => {
    for await (const event of stream) seen.push(event)
  })()
  return { seen, done }
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('createWalletEvents', () => {
  it("pushes a token connection's logout, and nothing for changes it cannot see", async () => {
    const fx = walletFixture()
    const events = createWalletEvents({ wallet: fx.wallet, login: fx.login, currentEmail: () => undefined })
    const { token, user } = await fx.logIn('ann@example.com')
    fx.wallet.connect(user, DAPP)
    const abort = new AbortController()
    const { seen, done } = collect(events.subscribe({ origin: DAPP, token } as never, abort.signal))
    await settle()
    await fx.logIn('bob@example.com') // another login: nothing changes for this connection
    fx.wallet.connect(fx.login.userOfToken(token), 'https://other.example')
    await settle()
    fx.login.logout(token)
    await settle()
    abort.abort()
    await done
    expect(seen).toEqual([{ type: 'accountsChanged', accounts: [] }])
  })

  it('follows the hands-free user: another user, connected or not, and a disconnect', async () => {
    const fx = walletFixture()
    let email = 'ann@example.com'
    const events = createWalletEvents({ wallet: fx.wallet, login: fx.login, currentEmail: () => email })
    const ann = (await fx.logIn('ann@example.com')).user
    const bob = (await fx.logIn('bob@example.com')).user
    fx.wallet.connect(ann, DAPP)
    const abort = new AbortController()
    const { seen, done } = collect(events.subscribe({ origin: DAPP }, abort.signal))
    await settle()
    email = 'bob@example.com'
    events.notify() // the hands-free switch notifies (mount.ts: handsFree.onSwitch)
    await settle()
    fx.wallet.connect(bob, DAPP)
    await settle()
    fx.wallet.disconnect(bob, DAPP)
    await settle()
    abort.abort()
    await done
    expect(seen).toEqual([
      { type: 'accountsChanged', accounts: [] },
      { type: 'accountsChanged', accounts: [bob.account.address] },
      { type: 'accountsChanged', accounts: [] },
    ])
  })

  it('pushes networkChanged with the accounts when the chain id changes; a foreign page sees nothing', async () => {
    const fx = walletFixture()
    const ann = (await fx.logIn('ann@example.com')).user
    fx.wallet.connect(ann, DAPP)
    let chainId = '0x534e5f5345504f4c4941'
    const wallet = {
      get chainId() {
        return chainId
      },
      isConnected: fx.wallet.isConnected.bind(fx.wallet),
      permissions: fx.wallet.permissions,
    }
    const events = createWalletEvents({ wallet, login: fx.login, currentEmail: () => 'ann@example.com' })
    const abort = new AbortController()
    const own = collect(events.subscribe({ origin: DAPP }, abort.signal))
    const foreign = collect(events.subscribe({ origin: DAPP, foreignPage: true } as never, abort.signal))
    await settle()
    chainId = '0x534e5f4d41494e'
    events.notify()
    await settle()
    abort.abort()
    await Promise.all([own.done, foreign.done])
    expect(own.seen).toEqual([
      { type: 'networkChanged', chainId: '0x534e5f4d41494e', accounts: [ann.account.address] },
    ])
    expect(foreign.seen).toEqual([{ type: 'networkChanged', chainId: '0x534e5f4d41494e', accounts: [] }])
  })
})
