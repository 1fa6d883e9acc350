// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createConnector } from './createConnector'
import { createTestWalletRouter, createTestWalletState } from './testing/wallet'
import { serveWindow } from './testing/windowHandler'

// The connector with the popup dialog in a DOM: a scripted popup window whose other side is the test
// wallet router behind the test window handler, with the same origin and source rules as a browser.

const WALLET = 'https://wallet.example'
const HOST = window.location.origin

function setup(overrides: Parameters<typeof createTestWalletState>[0] = {}) {
  const state = createTestWalletState(overrides)
  const walletSide = new EventTarget()
  const popups: Array<{ closed: boolean; close(): void; postMessage(data: unknown, origin: string): void }> =
    []
  let current: (typeof popups)[number] | undefined
  const hostProxy = {
    postMessage(data: unknown, origin: string) {
      if (origin !== HOST || !current) return
      const source = current
      queueMicrotask(() =>
        window.dispatchEvent(new MessageEvent('message', { data, origin: WALLET, source: source as never })),
      )
    },
  }
  serveWindow({
    router: createTestWalletRouter(state),
    listen: walletSide as never,
    hostOrigin: HOST,
    host: () => hostProxy as never,
  })
  const opener = {
    screenX: 0,
    screenY: 0,
    outerWidth: 1000,
    outerHeight: 800,
    addEventListener: window.addEventListener.bind(window),
    removeEventListener: window.removeEventListener.bind(window),
    open: vi.fn((_url?: string, _name?: string, _features?: string) => {
      const popup = {
        closed: false,
        close() {
          this.closed = true
        },
        postMessage(data: unknown, origin: string) {
          if (origin !== WALLET || popup.closed) return
          queueMicrotask(() =>
            walletSide.dispatchEvent(
              new MessageEvent('message', { data, origin: HOST, source: hostProxy as never }),
            ),
          )
        },
      }
      popups.push(popup)
      current = popup
      return popup as unknown as Window
    }),
  }
  const loaded = () => hostProxy.postMessage('TRPC_BROWSER::POPUP_LOADED', HOST)
  return { state, opener, popups, loaded }
}

describe('createConnector with the popup', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('opens the popup synchronously inside connect(), then connects after the handshake', async () => {
    const { state, opener, loaded } = setup()
    const connector = createConnector({ url: WALLET, transport: 'popup', opener, storage: localStorage })
    const result = connector.connect()
    expect(opener.open).toHaveBeenCalledTimes(1) // before any await: the click's activation still holds
    expect(opener.open.mock.calls[0]).toEqual([
      'https://wallet.example/interstitialLogin',
      'webwallet',
      'popup=1,width=775,height=385,left=113,top=208',
    ])
    loaded()
    await expect(result).resolves.toEqual({ account: [state.address], chainId: state.chainId })
    expect(localStorage.getItem('starknetLastConnectedWallet')).toBe('argentWebWallet')
    await connector.disconnect()
    expect(localStorage.getItem('starknetLastConnectedWallet')).toBeNull()
  })

  it('routes signing and review requests to their popup sizes, reusing an open popup', async () => {
    const { opener, popups, loaded } = setup()
    const connector = createConnector({ url: WALLET, transport: 'popup', opener })
    const connecting = connector.connect()
    loaded()
    await connecting
    popups[0]!.closed = true
    const session = {
      primaryType: 'Session',
      domain: { name: 'SessionAccount.session' },
      types: {},
      message: {},
    }
    void connector.request({ type: 'wallet_signTypedData', params: session }).catch(() => {})
    expect(opener.open.mock.calls[1]?.[0]).toBe('https://wallet.example/signSessionKeys')
    expect(opener.open.mock.calls[1]?.[2]).toContain('width=385,height=440')
    void connector.request({ type: 'wallet_requestChainId' }).catch(() => {})
    expect(opener.open).toHaveBeenCalledTimes(2) // reused while open
    popups[1]!.closed = true
    void connector.request({ type: 'wallet_addInvokeTransaction', params: { calls: [] } }).catch(() => {})
    expect(opener.open.mock.calls[2]?.[0]).toBe('https://wallet.example/review')
    expect(opener.open.mock.calls[2]?.[2]).toContain('width=385,height=775')
  })

  it("rejects the pending request with 'User rejected request' when the user closes the popup", async () => {
    const { state, popups, opener, loaded } = setup()
    state.hold = new Promise(() => {})
    const connector = createConnector({ url: WALLET, transport: 'popup', opener })
    const result = connector.connect().catch((e: unknown) => e)
    loaded()
    await vi.advanceTimersByTimeAsync(0)
    popups[0]!.closed = true
    await vi.advanceTimersByTimeAsync(1000)
    expect(await result).toMatchObject({ code: 'USER_REJECTED', message: 'User rejected request' })
  })

  it("rejects with 'Could not open popup' when window.open is blocked", async () => {
    const { opener } = setup()
    opener.open.mockReturnValueOnce(null as never)
    const connector = createConnector({ url: WALLET, transport: 'popup', opener })
    await expect(connector.connect()).rejects.toMatchObject({
      code: 'POPUP_BLOCKED',
      message: 'Could not open popup',
    })
  })

  it('auto: decides at creation, so a later click opens the popup synchronously', async () => {
    const { opener, loaded } = setup()
    const connector = createConnector({
      url: WALLET,
      opener,
      choose: { browser: { userAgent: 'Mozilla/5.0 (X11; rv:127.0) Gecko/20100101 Firefox/127.0' } },
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(connector.transport()).toBe('popup')
    const result = connector.connect()
    expect(opener.open).toHaveBeenCalledTimes(1)
    loaded()
    await expect(result).resolves.toMatchObject({ chainId: '0x534e5f5345504f4c4941' })
  })

  it('auto: picks the iframe on an allow-listed host in a Chrome-like browser with enough storage', async () => {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ allowedDapps: [window.location.hostname] })),
    )
    const connector = createConnector({
      url: WALLET,
      choose: {
        browser: { userAgent: 'Mozilla/5.0 AppleWebKit/537.36 Chrome/126.0.0.0 Safari/537.36' },
        storageEstimate: async () => ({ quota: 8 * 1024 ** 3 }),
        heapLimit: 1024 ** 3,
        fetch,
      },
    })
    await vi.waitFor(() => expect(connector.transport()).toBe('iframe'))
    expect(fetch).toHaveBeenCalledWith('https://static.argent.net/webwallet/iframe_whitelist_mainnet.json')
  })

  it('auto: falls back to the popup when the choice itself fails', async () => {
    const connector = createConnector({
      url: WALLET,
      choose: {
        browser: { userAgent: 'Mozilla/5.0 AppleWebKit/537.36 Chrome/126.0.0.0 Safari/537.36' },
        storageEstimate: async () => ({ quota: 8 * 1024 ** 3 }),
        heapLimit: 1024 ** 3,
        hostname: window.location.hostname,
        fetch: async () => new Response('{"allowedDapps":[]}'),
        caches: {
          open: () => {
            throw new Error('storage disabled')
          },
        } as never,
      },
    })
    await vi.waitFor(() => expect(connector.transport()).toBe('popup'))
  })
})
