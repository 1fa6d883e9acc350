// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createConnector } from './createConnector'
import { popupHarness, WALLET } from './testing/popupHarness'

// The connector with the popup dialog in a DOM (testing/popupHarness.ts).

const setup = popupHarness

describe('createConnector with the popup', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
    // A connection left stored would make the next connector follow the wallet at once.
    localStorage.clear()
  })

  it('opens the popup synchronously inside connect(), then connects after the handshake', async () => {
    const { state, opener, popups, loaded, probe } = setup()
    const connector = createConnector({
      url: WALLET,
      transport: 'popup',
      probe,
      opener,
      storage: localStorage,
    })
    const result = connector.connect()
    expect(opener.open).toHaveBeenCalledTimes(1) // before any await: the click's activation still holds
    expect(opener.open.mock.calls[0]).toEqual([
      '',
      'webwallet',
      'popup=1,width=775,height=385,left=113,top=208',
    ])
    // Blank at first; at its route once the wallet answers the probe.
    await vi.waitFor(() => expect(popups[0]?.url).toBe('https://wallet.example/interstitialLogin'))
    loaded()
    await expect(result).resolves.toEqual({ account: [state.address], chainId: state.chainId })
    expect(localStorage.getItem('starknetLastConnectedWallet')).toBe('argentWebWallet')
    await connector.disconnect()
    expect(localStorage.getItem('starknetLastConnectedWallet')).toBeNull()
  })

  it('routes signing and review requests to their popup route and size, replacing an open popup', async () => {
    const { opener, popups, loaded, probe } = setup()
    const connector = createConnector({ url: WALLET, transport: 'popup', probe, opener })
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
    const signing = connector.request({ type: 'wallet_signTypedData', params: session }).catch((e) => e)
    await vi.waitFor(() => expect(popups[1]?.url).toBe('https://wallet.example/signSessionKeys'))
    expect(opener.open.mock.calls[1]?.[2]).toContain('width=385,height=440')
    await expect(connector.request({ type: 'wallet_requestChainId' })).resolves.toBe('0x534e5f5345504f4c4941')
    expect(opener.open).toHaveBeenCalledTimes(2) // read-only: answered by the connect grant
    // A new request while /signSessionKeys is open: that window is closed, a new one opens at /review.
    void connector.request({ type: 'wallet_addInvokeTransaction', params: { calls: [] } }).catch(() => {})
    expect(popups[1]!.closed).toBe(true)
    expect(await signing).toMatchObject({ code: 'PORT_DISCONNECTED' })
    await vi.waitFor(() => expect(popups[2]?.url).toBe('https://wallet.example/review'))
    expect(opener.open.mock.calls[2]?.[2]).toContain('width=385,height=775')
  })

  it("rejects the pending request with 'User rejected request' when the user closes the popup", async () => {
    const { state, popups, opener, loaded, probe } = setup()
    state.hold = new Promise(() => {})
    const connector = createConnector({ url: WALLET, transport: 'popup', probe, opener })
    const result = connector.connect().catch((e: unknown) => e)
    loaded()
    await vi.advanceTimersByTimeAsync(0)
    popups[0]!.closed = true
    await vi.advanceTimersByTimeAsync(1000)
    expect(await result).toMatchObject({ code: 'USER_REJECTED', message: 'User rejected request' })
  })

  it("rejects with 'Could not open popup' when window.open is blocked", async () => {
    const { opener, probe } = setup()
    opener.open.mockReturnValueOnce(null as never)
    const connector = createConnector({ url: WALLET, transport: 'popup', probe, opener })
    await expect(connector.connect()).rejects.toMatchObject({
      code: 'POPUP_BLOCKED',
      message: 'Could not open popup',
    })
  })

  it('auto: decides at creation, so a later click opens the popup synchronously', async () => {
    const { opener, loaded, probe } = setup()
    const connector = createConnector({
      url: WALLET,
      opener,
      probe,
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
  // Issue 27: the popup of a request goes with it, however the request ends without an answer.
  it.each([
    ['aborted', (c: AbortController) => ({ signal: c.signal })],
    ['timed out', () => ({ timeoutMs: 1000 })],
  ] as const)('closes the popup of a request that is %s', async (_name, limits) => {
    const { opener, popups, probe } = setup()
    const connector = createConnector({ url: WALLET, transport: 'popup', probe, opener })
    const controller = new AbortController()
    const connecting = connector.connect(limits(controller)).catch((e: { code: string }) => e.code)
    expect(popups[0]?.closed).toBe(false)
    controller.abort()
    await vi.advanceTimersByTimeAsync(1000)
    expect(await connecting).toMatch(/^OPERATION_(ABORTED|TIMEOUT)$/)
    expect(popups[0]?.closed).toBe(true)
  })

  it('closes the popup of a request the wallet answers with an error', async () => {
    const { opener, popups, probe, loaded } = setup()
    const connector = createConnector({ url: WALLET, transport: 'popup', probe, opener })
    // The test router refuses this typed data.
    const signing = connector
      .request({ type: 'wallet_signTypedData', params: { types: {}, primaryType: 'X' } })
      .catch((e: { code: string }) => e.code)
    await vi.waitFor(() => expect(popups[0]?.url).toBe(`${WALLET}/signMessage`))
    loaded()
    expect(await signing).toEqual(expect.any(String))
    expect(popups[0]?.closed).toBe(true)
  })

  describe("the wallet's account and network changes (issue 26: a closed popup cannot push)", () => {
    const OTHER = '0x0000000000000000000000000000000000000000000000000000000000000abc'
    const MAINNET = '0x534e5f4d41494e'
    const invoke = {
      type: 'wallet_addInvokeTransaction',
      params: { calls: [{ contract_address: '0x1', entry_point: 'go', calldata: [] }] },
    }

    async function connected(options: Parameters<typeof setup>[0] = {}) {
      const harness = setup({ autoLoad: true, ...options })
      const connector = createConnector({
        url: WALLET,
        transport: 'popup',
        probe: harness.probe,
        opener: harness.opener,
        storage: localStorage,
      })
      await connector.connect()
      const seen: unknown[] = []
      connector.on('accountsChanged', (accounts) => seen.push(['accounts', accounts]))
      connector.on('networkChanged', (chainId) => seen.push(['network', chainId]))
      return { ...harness, connector, seen }
    }

    it('while a popup is open, its pushes arrive as from the iframe', async () => {
      const { connector, state, seen } = await connected()
      let answer = () => {}
      state.hold = new Promise<void>((resolve) => (answer = resolve)) // the user has not answered yet
      const invoking = connector.request(invoke)
      await vi.waitFor(() => expect(state.events).toHaveLength(1))
      state.address = OTHER // another user in the wallet, which pushes it
      state.events[0]?.({ type: 'accountsChanged', accounts: [OTHER] })
      await vi.waitFor(() => expect(seen).toEqual([['accounts', [OTHER]]]))
      answer()
      await invoking
      expect(await connector.account()).toBe(OTHER)
    })

    it('the next popup announces a changed account and network before its answer is used', async () => {
      const { connector, state, seen, posted } = await connected()
      state.address = OTHER // changed in the wallet while no popup was open
      state.chainId = MAINNET
      const order: unknown[] = []
      const answer = await connector.request(invoke).then((result) => {
        order.push([...seen])
        return result
      })
      expect(answer).toMatchObject({ transaction_hash: expect.any(String) })
      expect(order).toEqual([
        [
          ['network', MAINNET],
          ['accounts', [OTHER]],
        ],
      ])
      // The request the popup was opened for went first; the questions followed it.
      expect(posted.slice(-4).map((p) => p.path)).toEqual([
        'addInvokeTransaction',
        'walletEvents',
        'requestChainId',
        'requestAccounts',
      ])
    })

    it('a connect answers the accounts itself: its popup asks nothing more, and is followed', async () => {
      const { connector, state, seen, posted } = await connected()
      state.address = OTHER
      const before = posted.length
      await connector.connect()
      expect(posted.slice(before).map((p) => p.path)).toEqual(['connectWebwallet', 'walletEvents'])
      expect(seen).toEqual([['accounts', [OTHER]]])
    })
  })
})
