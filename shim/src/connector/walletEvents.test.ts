// The wallet's pushed account and network changes (issue 26 item 1) reach the connector's events, the
// get-starknet wallet object's listeners and the starknet-react connector, over the WebSocket transport
// and tRPC's HTTP wire (server-sent events; the iframe's are in e2e/tests/journeys/walletEvents.test.ts,
// in Chromium).
import { describe, expect, it, vi } from 'vitest'
import { WebSocket } from 'ws'
import { WebWalletConnector } from '../react/connector'
import { createStarknetWindowObject } from '../walletObject'
import { createConnector } from './createConnector'
import { startHttpWallet } from './testing/httpWallet'
import { startWsWallet } from './testing/wsWallet'

/** The test wallet served over one wire, and the connector options that reach it. */
const wires = {
  websocket: async () => {
    const wallet = await startWsWallet()
    const options = {
      transport: 'websocket',
      websocketUrl: wallet.url,
      WebSocket: WebSocket as never,
    } as const
    return { wallet, options }
  },
  http: async () => {
    const wallet = await startHttpWallet()
    const options = { transport: 'http', url: wallet.origin, http: { url: wallet.url } } as const
    return { wallet, options }
  },
}

const OTHER = '0x0000000000000000000000000000000000000000000000000000000000000abc'
const MAINNET = '0x534e5f4d41494e'

async function subscribed(wallet: { state: { events: unknown[] } }) {
  await vi.waitFor(() => expect(wallet.state.events).toHaveLength(1))
  return (event: unknown) => (wallet.state.events[0] as (e: unknown) => void)(event)
}

describe.each(Object.keys(wires) as (keyof typeof wires)[])('walletEvents over %s', (wire) => {
  it('a logout, another account and another chain reach the events and the wallet object', async () => {
    const { wallet: served, options } = await wires[wire]()
    await using wallet = served
    const connector = createConnector(options)
    const object = createStarknetWindowObject(connector)
    const accounts: unknown[] = []
    const networks: unknown[] = []
    object.on('accountsChanged', (a) => accounts.push(a))
    object.on('networkChanged', (chainId, a) => networks.push([chainId, a]))
    await connector.connect()
    const push = await subscribed(wallet)
    accounts.length = 0
    networks.length = 0

    push({ type: 'accountsChanged', accounts: [OTHER] })
    await vi.waitFor(() => expect(accounts).toEqual([[OTHER]]))
    expect(await connector.account()).toBe(OTHER)
    push({ type: 'networkChanged', chainId: MAINNET, accounts: [OTHER] })
    await vi.waitFor(() => expect(networks).toEqual([[MAINNET, [OTHER]]]))
    expect(await connector.chainId()).toBe(wallet.state.chainId) // asked again: the wallet's own answer
    push({ type: 'accountsChanged', accounts: [] })
    await vi.waitFor(() => expect(accounts).toEqual([[OTHER], undefined]))
    await expect(connector.account()).rejects.toMatchObject({ code: 'CONNECTOR_NOT_CONNECTED' })
    await connector.disconnect()
    await vi.waitFor(() => expect(wallet.state.events).toHaveLength(0))
  })

  it('a connection restored after a reload follows the wallet at once, before any request', async () => {
    const { wallet: served, options } = await wires[wire]()
    await using wallet = served
    const saved = new Map<string, string>()
    const storage = {
      getItem: (key: string) => saved.get(key) ?? null,
      setItem: (key: string, value: string) => void saved.set(key, value),
      removeItem: (key: string) => void saved.delete(key),
    }
    const before = createConnector({ ...options, storage })
    await before.connect()
    await vi.waitFor(() => expect(wallet.state.events).toHaveLength(1))
    // The page reloads: a new connector over the same storage, asked nothing.
    const after = createConnector({ ...options, storage })
    const accounts: unknown[] = []
    after.on('accountsChanged', (a) => accounts.push(a))
    await vi.waitFor(() => expect(wallet.state.events).toHaveLength(2))
    // Still answered from the remembered grant (nothing asked), which the pushed events keep.
    expect(await after.ready()).toBe(true)
    ;(wallet.state.events[1] as (e: unknown) => void)({ type: 'accountsChanged', accounts: [] })
    await vi.waitFor(() => expect(accounts).toEqual([undefined]))
    expect(await after.ready()).toBe(false)
    await expect(after.account()).rejects.toMatchObject({ code: 'CONNECTOR_NOT_CONNECTED' })
    await Promise.all([before.disconnect(), after.disconnect()])
  })

  it('the starknet-react connector emits change and disconnect', async () => {
    const { wallet: served, options } = await wires[wire]()
    await using wallet = served
    const connector = new WebWalletConnector(options)
    const seen: unknown[] = []
    connector.on('change', (data) => seen.push(data))
    connector.on('disconnect', () => seen.push('disconnect'))
    await connector.connect()
    const push = await subscribed(wallet)
    seen.length = 0
    push({ type: 'accountsChanged', accounts: [OTHER] })
    push({ type: 'accountsChanged', accounts: [] })
    await vi.waitFor(() => expect(seen).toEqual([{ account: OTHER }, 'disconnect']))
    await connector.disconnect()
  })
})
