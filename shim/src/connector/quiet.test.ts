// @vitest-environment happy-dom
import { LAST_CONNECTED_WALLET_KEY } from '@webwallet/protocol'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createStarknetWindowObject } from '../walletObject'
import { createConnector } from './createConnector'
import { LAST_ACCOUNT_KEY } from './lastConnection'
import { popupHarness, WALLET } from './testing/popupHarness'

// Read-only requests, reloads, limits and unreachable wallets with the popup transport in a DOM
// (testing/popupHarness.ts): the popup only ever opens for a request the user answers.

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  }
}

describe('the popup connector without a click', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('answers silent accounts, permissions and chain id without window.open, before and after connect', async () => {
    const { opener, probe, state } = popupHarness({ autoLoad: true, closeAfterAnswer: true })
    const connector = createConnector({
      url: WALLET,
      transport: 'popup',
      opener,
      probe,
      storage: memoryStorage(),
    })
    const wallet = createStarknetWindowObject(connector)
    await expect(
      wallet.request({ type: 'wallet_requestAccounts', params: { silent_mode: true } }),
    ).resolves.toEqual([])
    await expect(wallet.request({ type: 'wallet_getPermissions' })).resolves.toEqual([])
    // No connect yet: the wallet's network, from its URL (each hosted wallet serves one network).
    await expect(wallet.request({ type: 'wallet_requestChainId' })).resolves.toBe('0x534e5f4d41494e')
    const sepolia = createConnector({ url: 'https://sepolia-web.argent.xyz', transport: 'popup', opener })
    await expect(sepolia.request({ type: 'wallet_requestChainId' })).resolves.toBe(state.chainId)
    const dev = createConnector({ url: WALLET, environment: 'dev', transport: 'popup', opener })
    await expect(dev.request({ type: 'wallet_requestChainId' })).resolves.toBe(state.chainId)
    expect(opener.open).not.toHaveBeenCalled()

    await connector.connect() // inside the click
    expect(opener.open).toHaveBeenCalledTimes(1)
    await expect(
      wallet.request({ type: 'wallet_requestAccounts', params: { silent_mode: true } }),
    ).resolves.toEqual([state.address])
    await expect(wallet.request({ type: 'wallet_getPermissions' })).resolves.toEqual(['accounts'])
    await expect(wallet.request({ type: 'wallet_requestChainId' })).resolves.toBe(state.chainId)
    await expect(connector.chainId()).resolves.toBe(state.chainId)
    await expect(connector.ready()).resolves.toBe(true)
    expect(opener.open).toHaveBeenCalledTimes(1)
  })

  it('get-starknet v4 enable(): permissions after an approved connect never go into the closing popup', async () => {
    const { opener, probe, posted, popups, state } = popupHarness({ autoLoad: true, closeAfterAnswer: true })
    const connector = createConnector({
      url: WALLET,
      transport: 'popup',
      opener,
      probe,
      storage: memoryStorage(),
    })
    const wallet = createStarknetWindowObject(connector)
    // What get-starknet v4's enable() does, in this order.
    const accounts = await wallet.request({ type: 'wallet_requestAccounts', params: { silent_mode: false } })
    expect(popups[0]).toMatchObject({ closing: true, closed: false }) // the wallet is closing its popup
    const permissions = wallet.request({ type: 'wallet_getPermissions' })
    await vi.advanceTimersByTimeAsync(1000) // the browser reports the popup closed
    expect(await permissions).toEqual(['accounts'])
    expect(accounts).toEqual([state.address])
    expect(posted.map((p) => p.path)).toEqual(['requestAccounts'])
    // The next prompt gets a new window at its route, not the dying one.
    // The test router refuses this typed data; only the routing matters here.
    const signing = wallet
      .request({ type: 'wallet_signTypedData', params: { types: {}, primaryType: 'X' } })
      .catch(() => {})
    expect(opener.open).toHaveBeenCalledTimes(2)
    await vi.waitFor(() => expect(popups[1]?.url).toBe(`${WALLET}/signMessage`))
    await signing
    expect(posted.filter((p) => p.to === popups[1]).map((p) => p.path)[0]).toBe('signTypedData')
  })

  it('a reload keeps the connection: ready, account and silent accounts come from storage', async () => {
    const storage = memoryStorage()
    const first = popupHarness({ autoLoad: true })
    const before = createConnector({ url: WALLET, transport: 'popup', ...first, storage })
    await before.connect()
    expect(storage.items.get(LAST_CONNECTED_WALLET_KEY)).toBe('argentWebWallet')

    const page = popupHarness({ autoLoad: true }) // the reloaded page: nothing opened yet
    const after = createConnector({ url: WALLET, transport: 'popup', ...page, storage })
    expect(await after.ready()).toBe(true)
    expect(await after.account()).toBe(first.state.address)
    await expect(
      after.request({ type: 'wallet_requestAccounts', params: { silent_mode: true } }),
    ).resolves.toEqual([first.state.address])
    await expect(after.chainId()).resolves.toBe(first.state.chainId)
    expect(page.opener.open).not.toHaveBeenCalled()

    await after.disconnect()
    expect([...storage.items.keys()]).toEqual([])
    const third = createConnector({ url: WALLET, transport: 'popup', ...popupHarness(), storage })
    expect(await third.ready()).toBe(false)
  })

  it('remembers nothing from a storage that names another wallet or holds no address', async () => {
    const storage = memoryStorage()
    storage.setItem(LAST_CONNECTED_WALLET_KEY, 'argentX')
    storage.setItem(LAST_ACCOUNT_KEY, JSON.stringify(['0x1', '0x2']))
    const other = createConnector({ url: WALLET, transport: 'popup', ...popupHarness(), storage })
    expect(await other.ready()).toBe(false)
    storage.setItem(LAST_CONNECTED_WALLET_KEY, 'argentWebWallet')
    for (const junk of ['{}', '["javascript:alert(1)"]', 'not json', '[1, 2]', '[["0x1"]]', 'null']) {
      storage.setItem(LAST_ACCOUNT_KEY, junk)
      const connector = createConnector({ url: WALLET, transport: 'popup', ...popupHarness(), storage })
      expect(await connector.ready()).toBe(false)
    }
  })
})

describe('limits of a wallet request', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('a request the user answers times out after 10 minutes by default, or timeoutMs', async () => {
    const { opener, probe, state } = popupHarness({ autoLoad: true })
    state.hold = new Promise(() => {}) // the user never answers
    const connector = createConnector({ url: WALLET, transport: 'popup', opener, probe })
    const connecting = connector.connect().catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(599_999)
    const settled = vi.fn()
    void connecting.then(settled)
    await vi.advanceTimersByTimeAsync(0)
    expect(settled).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(await connecting).toMatchObject({
      code: 'OPERATION_TIMEOUT',
      message: 'connectWebwallet timed out after 600000 ms',
    })
    const again = connector.connect({ timeoutMs: 5_000 }).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(5_000)
    expect(await again).toMatchObject({ code: 'OPERATION_TIMEOUT', data: { ms: 5_000 } })
  })

  it('an AbortSignal ends the request with OPERATION_ABORTED and the reason as cause', async () => {
    const { opener, probe, state } = popupHarness({ autoLoad: true })
    state.hold = new Promise(() => {})
    const connector = createConnector({ url: WALLET, transport: 'popup', opener, probe })
    const controller = new AbortController()
    const connecting = connector.connect({ signal: controller.signal }).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(10)
    const reason = new Error('the user left the page')
    controller.abort(reason)
    const error = await connecting
    expect(error).toMatchObject({ code: 'OPERATION_ABORTED', message: 'connectWebwallet was aborted' })
    expect((error as Error).cause).toBe(reason)
    await expect(
      connector.request({ type: 'wallet_signTypedData', params: {} }, { signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ code: 'OPERATION_ABORTED' })
  })

  it("a popup onto a wallet that is down ends with one SERVICE_UNREACHABLE (the wallet), not 'connect…' forever", async () => {
    const { opener, popups } = popupHarness()
    const down = new TypeError('Failed to fetch')
    const connector = createConnector({
      url: WALLET,
      transport: 'popup',
      opener,
      probe: () => Promise.reject(down),
    })
    const error = await connector.connect().catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'SERVICE_UNREACHABLE', data: { service: 'wallet' } })
    expect((error as Error).cause).toBe(down)
    expect(popups[0]!.closed).toBe(true)
  })
})
