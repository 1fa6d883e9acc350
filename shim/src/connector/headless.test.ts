import { createServer } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { WebSocket } from 'ws'
import { WebWallet } from '../sdk/WebWallet'
import { memoryKeyStore } from '../storage/keyVault'
import { memoryStorage } from '../storage/storage'
import { createConnector, createWindowConnector } from './createConnector'
import { startHttpWallet } from './testing/httpWallet'
import { startWsWallet } from './testing/wsWallet'

// The connector in Node (no window): coded errors instead of property reads on undefined, and a wallet
// that cannot be reached or does not answer ends every request with one typed error within its bound.

/** A port nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

describe('the connector without a browser page', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it.each(['popup', 'iframe', 'auto'] as const)(
    "%s: every wallet call rejects with 'Wallet not available'",
    async (transport) => {
      const connector = createConnector({ url: 'https://wallet.example', transport })
      const notAvailable = { code: 'WALLET_NOT_AVAILABLE', message: 'Wallet not available' }
      await expect(connector.connect()).rejects.toMatchObject(notAvailable)
      await expect(
        connector.connectAndSignSession({ approvalRequests: [], sessionTypedData: {} as never }),
      ).rejects.toMatchObject(notAvailable)
      await expect(
        connector.request({ type: 'wallet_addInvokeTransaction', params: { calls: [] } }),
      ).rejects.toMatchObject(notAvailable)
      if (transport === 'iframe') {
        await expect(connector.request({ type: 'wallet_requestChainId' })).rejects.toMatchObject(notAvailable)
      }
      expect(await connector.ready()).toBe(false)
    },
  )

  it("WebWallet's default connector (no WebSocket code): requestConnection is 'Wallet not available'", async () => {
    const wallet = WebWallet.init({
      appName: 'script',
      sessionParams: { allowedMethods: [{ contract: '0x1234', selector: 'play' }] },
      storage: memoryStorage(),
      keyStore: memoryKeyStore(),
    })
    await expect(wallet.requestConnection()).rejects.toMatchObject({ code: 'WALLET_NOT_AVAILABLE' })
    const socketless = createWindowConnector({ url: 'https://wallet.example', transport: 'websocket' })
    await expect(socketless.connect()).rejects.toMatchObject({ code: 'WALLET_NOT_AVAILABLE' })
  })

  it('refuses a wallet URL that is not a web origin, an unknown environment and a WebSocket URL the socket refuses', () => {
    expect(() => createConnector({ url: 'not a url' })).toThrow(
      expect.objectContaining({ code: 'VALIDATION', message: 'Not a web origin: not a url' }),
    )
    expect(() => createConnector({ environment: 'moon' as never })).toThrow(
      expect.objectContaining({ code: 'VALIDATION', message: 'Unknown environment: moon' }),
    )
    // Also beside a url (the popup's chain id is read from the environment later), and no inherited key passes.
    for (const environment of ['moon', 'constructor']) {
      expect(() =>
        createConnector({ url: 'https://wallet.example', environment: environment as never }),
      ).toThrow(
        expect.objectContaining({ code: 'VALIDATION', message: `Unknown environment: ${environment}` }),
      )
    }
    const connector = createConnector({
      url: 'https://wallet.example',
      transport: 'websocket',
      websocketUrl: 'ftp://wallet.example/trpc',
      WebSocket: WebSocket as never,
    })
    // The socket refuses the URL: a coded error that keeps the library's reason as cause.
    return expect(connector.connect()).rejects.toMatchObject({ code: 'VALIDATION', cause: expect.any(Error) })
  })

  it('WebSocket: a server that is down gives SERVICE_UNREACHABLE (the wallet) within 20 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const port = await closedPort()
    const connector = createConnector({
      url: 'https://wallet.example',
      transport: 'websocket',
      websocketUrl: `ws://127.0.0.1:${port}`,
      WebSocket: WebSocket as never,
    })
    const connecting = connector.connect().catch((e: unknown) => e)
    for (let waited = 0; waited < 19_000; waited += 1_000) await vi.advanceTimersByTimeAsync(1_000)
    const settled = vi.fn()
    void connecting.then(settled)
    await vi.advanceTimersByTimeAsync(0)
    expect(settled).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1_000)
    const error = await connecting
    // The URL without its query (a login token may ride there); the refused attempt's error event as cause.
    expect(error).toMatchObject({
      code: 'SERVICE_UNREACHABLE',
      data: { service: 'wallet', url: `ws://127.0.0.1:${port}` },
    })
    expect((error as Error).cause).toBeDefined()
    // A read-only request has the same 20 s bound: the unreachable wallet is what it reports.
    const asking = connector.request({ type: 'wallet_requestChainId' }).catch((e: unknown) => e)
    for (let waited = 0; waited < 20_000; waited += 1_000) await vi.advanceTimersByTimeAsync(1_000)
    expect(await asking).toMatchObject({ code: 'SERVICE_UNREACHABLE' })
    await connector.disconnect()
  })

  it('WebSocket: a read-only request the wallet does not answer times out after 20 s', async () => {
    await using wallet = await startWsWallet()
    const connector = createConnector({
      url: 'https://wallet.example',
      transport: 'websocket',
      websocketUrl: wallet.url,
      WebSocket: WebSocket as never,
    })
    await connector.connect()
    wallet.state.hold = new Promise(() => {})
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const asking = connector.request({ type: 'wallet_requestChainId' }).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(20_000)
    expect(await asking).toMatchObject({
      code: 'OPERATION_TIMEOUT',
      message: 'requestChainId timed out after 20000 ms',
    })
    await connector.disconnect()
  })
  // Issue 27: WebSocket has no UI, but an aborted request must not stay pending (its late answer ignored).
  it('WebSocket: an aborted request is released; its late answer is ignored and the socket goes on', async () => {
    await using wallet = await startWsWallet()
    const connector = createConnector({
      url: 'https://wallet.example',
      transport: 'websocket',
      websocketUrl: wallet.url,
      WebSocket: WebSocket as never,
    })
    await connector.connect()
    let release = () => {}
    wallet.state.hold = new Promise<void>((resolve) => {
      release = resolve
    })
    const controller = new AbortController()
    const asking = connector
      .request(
        { type: 'wallet_requestAccounts', params: { silent_mode: false } },
        { signal: controller.signal },
      )
      .catch((e: { code: string }) => e.code)
    controller.abort()
    expect(await asking).toBe('OPERATION_ABORTED')
    wallet.state.hold = undefined
    release()
    await expect(connector.chainId()).resolves.toBe(wallet.state.chainId)
    await connector.disconnect()
    expect(connector.websocketState()).toBeUndefined()
  })

  it("HTTP: a transport chunk that fails to load is 'Wallet not available', and the next request loads it", async () => {
    await using wallet = await startHttpWallet()
    vi.resetModules()
    vi.doMock('../messenger/headlessWires', () => {
      throw new TypeError('Failed to fetch dynamically imported module')
    })
    try {
      // Fresh modules, so the connector's dynamic import meets the missing chunk.
      const { createConnector: fresh } = await import('./createConnector')
      const connector = fresh({ transport: 'http', url: wallet.origin, http: { url: wallet.url } })
      const failed = await connector.request({ type: 'wallet_requestChainId' }).catch((e: unknown) => e)
      expect(failed).toMatchObject({ code: 'WALLET_NOT_AVAILABLE', message: 'Wallet not available' })
      expect(failed).not.toBeInstanceOf(TypeError)
      vi.doUnmock('../messenger/headlessWires')
      expect(await connector.request({ type: 'wallet_requestChainId' })).toBe(wallet.state.chainId)
      await connector.disconnect()
    } finally {
      vi.doUnmock('../messenger/headlessWires')
      vi.resetModules()
    }
  })
})
