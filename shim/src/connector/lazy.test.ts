import { LAST_CONNECTED_WALLET_KEY, POPUP_SIZES } from '@webwallet/protocol'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Connector, ConnectorOptions } from './createConnector'
import { LAST_ACCOUNT_KEY } from './lastConnection'
import { lazyWindowConnector, preloadConnector } from './lazy'

// The chunk's connector, faked: what matters here is when it is loaded and what reaches it.
const chunk = vi.hoisted(() => ({
  created: [] as unknown[],
  handlers: new Map<string, (...args: unknown[]) => void>(),
  real: {} as Record<string, ReturnType<typeof vi.fn>>,
}))
vi.mock('./windowConnector', () => ({
  createWindowConnector: (options: unknown) => {
    chunk.created.push(options)
    return {
      ...chunk.real,
      on: (event: string, handler: (...args: unknown[]) => void) => chunk.handlers.set(event, handler),
    }
  },
}))

beforeEach(() => {
  chunk.created.length = 0
  chunk.handlers.clear()
  chunk.real = {
    connectAndSignSession: vi.fn(async () => ({ account: ['0x1'] })),
    request: vi.fn(async () => 'answer'),
    ready: vi.fn(async () => true),
    disconnect: vi.fn(async () => {}),
    transport: vi.fn(() => 'popup'),
  }
})

const FIREFOX = { userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0' }
const CHROME = { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0 Safari/537.36' }

function storageWith(account?: string) {
  const items = new Map<string, string>()
  if (account) {
    items.set(LAST_CONNECTED_WALLET_KEY, 'argentWebWallet')
    items.set(LAST_ACCOUNT_KEY, JSON.stringify([account, '0x534e5f5345504f4c4941']))
  }
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

function opener() {
  const blank = {
    closed: false,
    close: vi.fn(() => {
      blank.closed = true
    }),
  }
  const open = vi.fn((): unknown => blank)
  return { blank, open, window: { open, addEventListener() {}, removeEventListener() {} } }
}

function lazy(options: ConnectorOptions) {
  return lazyWindowConnector({ url: 'https://wallet.test', ...options })
}

describe('lazyWindowConnector', () => {
  it('checks its options at once, coded, and reads the identity without loading the chunk', () => {
    expect(() => lazyWindowConnector({ environment: 'nope' as never })).toThrow('Unknown environment: nope')
    expect(() => lazyWindowConnector({ url: 'not a url' })).toThrow('Not a web origin: not a url')
    const connector = lazy({})
    expect(connector).toMatchObject({ id: 'argentWebWallet', walletUrl: 'https://wallet.test' })
    expect(connector.transport()).toBeUndefined()
    expect(chunk.created).toEqual([])
  })

  it('answers ready() and disconnect() from the remembered connection, without loading the chunk', async () => {
    const storage = storageWith('0xabc')
    const connector = lazy({ storage })
    const accountsChanged = vi.fn()
    connector.on('accountsChanged', accountsChanged)
    expect(await connector.ready()).toBe(true)
    await connector.disconnect()
    expect(accountsChanged).toHaveBeenCalledWith(undefined)
    expect(storage.items.size).toBe(0)
    expect(await connector.ready()).toBe(false)
    expect(chunk.created).toEqual([])
  })

  it('close() keeps the remembered connection (ready() stays true) and loads nothing', async () => {
    const storage = storageWith('0xabc')
    const connector = lazy({ storage })
    await connector.close()
    expect(await connector.ready()).toBe(true)
    expect(storage.items.size).toBeGreaterThan(0)
    expect(chunk.created).toEqual([])
  })

  it('loads the chunk on the first wallet request and passes the options and the request on', async () => {
    const storage = storageWith()
    const connector = lazy({ storage, choose: { browser: CHROME } })
    const request = { sessionTypedData: {} } as never
    await expect(connector.connectAndSignSession(request)).resolves.toEqual({ account: ['0x1'] })
    expect(chunk.created).toEqual([expect.objectContaining({ url: 'https://wallet.test', storage })])
    expect(chunk.real.connectAndSignSession).toHaveBeenCalledWith(request, undefined)
    // Loaded: ready() and disconnect() are the connector's own now.
    await connector.ready()
    await connector.disconnect()
    expect(chunk.real.ready).toHaveBeenCalled()
    expect(chunk.real.disconnect).toHaveBeenCalled()
    expect(connector.transport()).toBe('popup')
    expect(chunk.created).toHaveLength(1)
  })

  it("re-emits the loaded connector's events to the listeners added before", async () => {
    const connector = lazy({ storage: storageWith(), choose: { browser: CHROME } })
    const accountsChanged = vi.fn()
    const networkChanged = vi.fn()
    connector.on('accountsChanged', accountsChanged)
    connector.on('networkChanged', networkChanged)
    await connector.request({ type: 'wallet_requestChainId' })
    chunk.handlers.get('accountsChanged')?.(['0x2'])
    chunk.handlers.get('networkChanged')?.('0x1', ['0x2'])
    expect(accountsChanged).toHaveBeenCalledWith(['0x2'])
    expect(networkChanged).toHaveBeenCalledWith('0x1', ['0x2'])
  })

  it('preloadConnector starts the load; other connectors are left alone', async () => {
    const connector = lazy({ storage: storageWith() })
    preloadConnector({})
    preloadConnector(connector)
    await vi.waitFor(() => expect(chunk.created).toHaveLength(1))
    await connector.request({ type: 'wallet_requestChainId' })
    expect(chunk.created).toHaveLength(1)
  })
})

describe('lazyWindowConnector: the popup opens inside the click', () => {
  it('where the popup is certain, opens it blank, synchronously, at the route size, by the popup name', () => {
    const { open, window } = opener()
    const connector = lazy({ storage: storageWith(), opener: window as never, choose: { browser: FIREFOX } })
    void connector.connectAndSignSession({} as never)
    // connectAndSignSession's size is starknetkit's: the login page's.
    const { width, height } = POPUP_SIZES.default
    expect(open).toHaveBeenCalledWith(
      '',
      'webwallet',
      expect.stringContaining(`width=${width},height=${height}`),
    )
  })

  it('opens the review size for a transaction, nothing for a read-only or refused request', () => {
    const { open, window } = opener()
    const connector = lazy({ storage: storageWith(), opener: window as never, transport: 'popup' })
    void connector.request({ type: 'wallet_requestChainId' })
    void connector.request({ type: 'wallet_requestAccounts', params: { silent_mode: true } })
    void connector.request({ type: 'wallet_supportedSpecs' })
    void connector.request({ type: 'wallet_watchAsset' }).catch(() => {})
    expect(open).not.toHaveBeenCalled()
    void connector.request({ type: 'wallet_addInvokeTransaction', params: { calls: [] } })
    const { width, height } = POPUP_SIZES.review
    expect(open).toHaveBeenCalledWith(
      '',
      'webwallet',
      expect.stringContaining(`width=${width},height=${height}`),
    )
  })

  it('opens nothing in Chrome (its choice may be the iframe; the click stays active while the chunk loads)', async () => {
    const { open, window } = opener()
    const connector = lazy({ storage: storageWith(), opener: window as never, choose: { browser: CHROME } })
    await connector.connectAndSignSession({} as never)
    expect(open).not.toHaveBeenCalled()
  })

  it('closes the blank window when the request fails; a blocked one leaves the refusal to the connector', async () => {
    const { blank, window } = opener()
    chunk.real.connectAndSignSession = vi.fn(async () => {
      throw new Error('refused')
    })
    const connector = lazy({ storage: storageWith(), opener: window as never, transport: 'popup' })
    await expect(connector.connectAndSignSession({} as never)).rejects.toThrow('refused')
    expect(blank.close).toHaveBeenCalled()

    const blocked = { open: vi.fn(() => null), addEventListener() {}, removeEventListener() {} }
    const other = lazy({ storage: storageWith(), opener: blocked as never, transport: 'popup' })
    await expect(other.connectAndSignSession({} as never)).rejects.toThrow('refused')
    expect(blocked.open).toHaveBeenCalled()
  })

  it('once loaded, leaves the popup to the connector', async () => {
    const { open, window } = opener()
    const connector = lazy({ storage: storageWith(), opener: window as never, transport: 'popup' })
    await connector.request({ type: 'wallet_requestChainId' })
    await connector.connectAndSignSession({} as never)
    expect(open).not.toHaveBeenCalled()
  })
})

describe('lazyWindowConnector: the chunk fails to load', () => {
  it('is WALLET_NOT_AVAILABLE, and the next request tries again', async () => {
    vi.resetModules()
    vi.doMock('../firstUse', () => {
      throw new Error('Failed to fetch dynamically imported module')
    })
    const { lazyWindowConnector: fresh } = await import('./lazy')
    const connector: Connector = fresh({
      url: 'https://wallet.test',
      storage: storageWith(),
      transport: 'popup',
    })
    await expect(connector.request({ type: 'wallet_requestChainId' })).rejects.toMatchObject({
      code: 'WALLET_NOT_AVAILABLE',
    })
    vi.doUnmock('../firstUse')
    vi.resetModules()
  })
})
