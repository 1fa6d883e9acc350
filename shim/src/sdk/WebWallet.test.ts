import { CHAIN_IDS, type SessionSignRequest } from '@webwallet/protocol'
import { serializeSignerSignatures, signHash, toHex } from '@webwallet/protocol/session'
import { RpcProvider, typedData } from 'starknet'
import { RpcProvider as RpcProviderV8 } from 'starknet-v8'
import { describe, expect, it, vi } from 'vitest'
import { WebSocket } from 'ws'
import { createConnector } from '../connector/createConnector'
import { startWsWallet } from '../connector/testing/wsWallet'
import { memoryKeyStore } from '../storage/keyVault'
import { memoryStorage } from '../storage/storage'
import { paymasterBase } from './options'
import { WebWallet } from './WebWallet'

const ACCOUNT = '0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'
const GAME = '0x00000000000000000000000000000000000000000000000000000000000a11ce'
const OWNER_KEY = '0x5a5a5a'
const GUARDIAN_KEY = '0x6b6b6b'
const NOW = 1_800_000_000_000

/** A wallet double: signs the session typed data as the account's owner and guardian would. */
function fakeConnector(overrides: { answer?: Record<string, unknown>; fail?: Error; ready?: boolean } = {}) {
  const requests: SessionSignRequest[] = []
  return {
    requests,
    ready: vi.fn(async () => overrides.ready ?? true),
    connectAndSignSession: vi.fn(async (request: SessionSignRequest) => {
      requests.push(request)
      if (overrides.fail) throw overrides.fail
      const hash = typedData.getMessageHash(request.sessionTypedData as never, ACCOUNT)
      const signature = serializeSignerSignatures([
        signHash(hash, OWNER_KEY),
        signHash(hash, GUARDIAN_KEY),
      ]).map(toHex)
      return { account: [ACCOUNT], chainId: CHAIN_IDS.SN_SEPOLIA, signature, ...overrides.answer }
    }),
  }
}

function setup(connector = fakeConnector(), extra: Record<string, unknown> = {}) {
  const storage = memoryStorage()
  const keyStore = memoryKeyStore()
  const fetch = vi.fn<typeof globalThis.fetch>(async () => {
    throw new Error('no network expected')
  })
  let now = NOW
  const make = (more: Record<string, unknown> = {}) =>
    WebWallet.init({
      appName: 'demo',
      sessionParams: { allowedMethods: [{ contract: GAME, selector: 'play' }] },
      connector,
      storage,
      keyStore,
      fetch,
      now: () => now,
      ...extra,
      ...more,
    })
  return { wallet: make(), make, storage, fetch, connector, setNow: (ms: number) => (now = ms) }
}

describe('WebWallet.init', () => {
  it('defaults to sepolia and its public node', () => {
    const { wallet } = setup()
    expect(wallet.environment.name).toBe('sepolia')
    expect(wallet.environment.chainId).toBe(CHAIN_IDS.SN_SEPOLIA)
    expect(wallet.environment.providerDefaultUrl).toMatch(/^https:\/\/.*sepolia/)
  })

  it('takes a node URL, or a starknet.js v10 or v8 RpcProvider', () => {
    expect(setup(undefined, { provider: 'http://node' }).wallet.environment.providerDefaultUrl).toBe(
      'http://node',
    )
    const v10 = new RpcProvider({ nodeUrl: 'http://v10' })
    expect(setup(undefined, { provider: v10 }).wallet.environment.providerDefaultUrl).toBe('http://v10')
    const v8 = new RpcProviderV8({ nodeUrl: 'http://v8' })
    expect(setup(undefined, { provider: v8 }).wallet.environment.providerDefaultUrl).toBe('http://v8')
  })

  it('points every URL at wallet-sim in dev, each overridable', () => {
    const { wallet } = setup(undefined, { environment: 'dev', urls: { backendUrl: 'http://other/v1' } })
    expect(wallet.environment.providerDefaultUrl).toBe('http://localhost:3005/rpc')
    expect(wallet.environment.providerBaseUrl).toBe('http://localhost:3005')
    expect(wallet.environment.backendUrl).toBe('http://other/v1')
    expect(wallet.paymaster.baseUrl).toBe('http://localhost:3005')
    expect(paymasterBase('https://sepolia.api.avnu.fi/')).toBe('https://sepolia.api.avnu.fi')
  })
})

describe('requestConnection', () => {
  it('signs a fresh session, stores it sealed and builds a VALID session account', async () => {
    const { wallet, storage, connector } = setup()
    const { account } = await wallet.requestConnection({ callbackData: 'cb' })
    expect(account.address).toBe(ACCOUNT)
    expect(connector.requests[0]?.callbackData).toBe('cb')
    expect(connector.requests[0]?.sessionTypedData.domain.name).toBe('SessionAccount.session')
    const stored = JSON.parse(storage.getItem('session') ?? '{}')
    expect(stored.sessionKey.privateKey).toMatch(/^aesgcm:/)
    expect(JSON.parse(stored.metadata).projectID).toBe('demo')
    expect(wallet.getSessionStatus()).toBe('VALID')
    expect(await wallet.isConnected()).toBe(true)
  })

  it('uses a fresh key pair each time', async () => {
    const { wallet } = setup()
    const first = (await wallet.requestConnection()).account.session.sessionKey.publicKey
    const second = (await wallet.requestConnection()).account.session.sessionKey.publicKey
    expect(first).not.toBe(second)
  })

  it.each([
    [{ account: [] }, 'No account address found'],
    [{ signature: [] }, 'No signature found'],
  ])('refuses %j with %s and clears the session', async (answer, message) => {
    const { wallet, storage } = setup()
    await wallet.requestConnection()
    const failing = setup(fakeConnector({ answer }))
    await expect(failing.wallet.requestConnection()).rejects.toThrow(message)
    expect(failing.storage.getItem('session')).toBeNull()
    expect(failing.wallet.sessionAccount).toBeUndefined()
    expect(storage.getItem('session')).not.toBeNull()
  })

  it("refuses an approval request without tokenAddress, spender or amount ('Invalid approval request')", async () => {
    const { wallet, connector } = setup()
    const bad = [{ tokenAddress: '0x1', spender: '', amount: '1' }]
    await expect(wallet.requestConnection({ approvalRequests: bad })).rejects.toThrow(
      'Invalid approval request',
    )
    expect(connector.connectAndSignSession).not.toHaveBeenCalled()
  })

  it('clears a previous session when the wallet refuses, and rethrows its error', async () => {
    const refusal = new Error('User rejected request')
    const { wallet, storage, make } = setup(fakeConnector({ fail: refusal }))
    await expect(wallet.requestConnection()).rejects.toBe(refusal)
    expect(storage.getItem('session')).toBeNull()
    expect(await make().connect()).toBeUndefined()
  })
})

describe('connect', () => {
  it('restores the stored session with no request but the chain check begun at init', async () => {
    const { wallet, make, fetch } = setup()
    await wallet.requestConnection() // reads the chain's clock (Node has no click to keep)
    fetch.mockClear()
    const reloaded = make()
    // The node is asked which chain it serves (its genesis block) and its clock at init, in one batch.
    const asked = () =>
      fetch.mock.calls.map(([, init]) =>
        (JSON.parse(String(init?.body)) as { params: { block_id: unknown } }[]).map((c) => c.params.block_id),
      )
    const check = [{ block_number: 0 }, 'pre_confirmed']
    expect(asked()).toEqual([check])
    const restored = await reloaded.connect()
    expect(restored?.account.address).toBe(ACCOUNT)
    // Nothing but that check, sent once per public node tried (this test's fetch fails: the next one is asked).
    expect(asked().length).toBeGreaterThan(0)
    for (const batch of asked()) expect(batch).toEqual(check)
  })

  it('returns nothing without a session, or without a signature or an address', async () => {
    const { wallet, make, storage } = setup()
    expect(await make().connect()).toBeUndefined()
    await wallet.requestConnection()
    const stored = JSON.parse(storage.getItem('session') ?? '{}')
    storage.setItem('session', JSON.stringify({ ...stored, signature: [], authorisationSignature: [] }))
    expect(await make().connect()).toBeUndefined()
    storage.setItem('session', JSON.stringify({ ...stored, address: '' }))
    expect(await make().connect()).toBeUndefined()
  })

  // WebKit refuses a popup once the click awaited IndexedDB or WebCrypto (shim/README, Browser support): a
  // click handler's `await connect()` must not do either before it calls requestConnection().
  it('unseals the stored key at init, so connect() in a click does no key-store or WebCrypto work', async () => {
    const base = memoryKeyStore()
    const keyStore = { get: vi.fn(() => base.get()), put: base.put }
    const { wallet, make } = setup(undefined, { keyStore })
    await wallet.requestConnection()
    keyStore.get.mockClear()
    const decrypt = vi.spyOn(globalThis.crypto.subtle, 'decrypt')
    try {
      const reloaded = make()
      expect(keyStore.get).toHaveBeenCalledTimes(1) // at init, before any click
      expect((await reloaded.connect())?.account.address).toBe(ACCOUNT)
      expect((await reloaded.connect())?.account.address).toBe(ACCOUNT)
      expect(keyStore.get).toHaveBeenCalledTimes(1)
      expect(decrypt).toHaveBeenCalledTimes(1)

      // A session it signed itself is reused too; one stored by another tab, or cleared, is read anew.
      await reloaded.requestConnection()
      const renewed = reloaded.exportSignedSession()?.hash
      await reloaded.connect()
      expect(reloaded.exportSignedSession()?.hash).toBe(renewed)
      expect(decrypt).toHaveBeenCalledTimes(1)
      const other = make()
      await other.requestConnection()
      expect(other.exportSignedSession()?.hash).not.toBe(reloaded.exportSignedSession()?.hash)
      await reloaded.connect()
      expect(reloaded.exportSignedSession()?.hash).toBe(other.exportSignedSession()?.hash)
      reloaded.clearSession()
      expect(await reloaded.connect()).toBeUndefined()
    } finally {
      decrypt.mockRestore()
    }
  })
})

describe('status, clearing and export', () => {
  it('reports EXPIRED after the validity and is then not connected', async () => {
    const { wallet, setNow } = setup()
    await wallet.requestConnection()
    setNow(NOW + 30 * 86_400_000)
    expect(wallet.getSessionStatus()).toBe('EXPIRED')
    expect(await wallet.isConnected()).toBe(false)
  })

  it('is not connected once the wallet no longer grants accounts (the real connector, no stub)', async () => {
    await using testWallet = await startWsWallet()
    const connector = createConnector({
      transport: 'websocket',
      websocketUrl: testWallet.url,
      WebSocket: WebSocket as never,
    })
    const { wallet } = setup(connector as never)
    await wallet.requestConnection()
    expect(await wallet.isConnected()).toBe(true)
    testWallet.state.granted = false // the user disconnected the app in the wallet
    expect(await wallet.isConnected()).toBe(false)
    await connector.disconnect()
  })

  it('after disconnect(), isConnected() agrees with connect(), also after a reload (issue 36)', async () => {
    await using testWallet = await startWsWallet()
    const connectorStorage = memoryStorage()
    const connector = () =>
      createConnector({
        transport: 'websocket',
        websocketUrl: testWallet.url,
        WebSocket: WebSocket as never,
        storage: connectorStorage,
      })
    const { wallet, make } = setup(connector() as never)
    const { address } = (await wallet.requestConnection()).account
    await wallet.disconnect()
    expect((await wallet.connect())?.account.address).toBe(address)
    expect(await wallet.isConnected()).toBe(true)
    // A reload: a new connector and SDK over the same storages.
    const reloaded = make({ connector: connector() })
    expect((await reloaded.connect())?.account.address).toBe(address)
    expect(await reloaded.isConnected()).toBe(true)
    // After clearSession(), disconnect() forgets the grant too: nothing of the connection stays stored.
    reloaded.clearSession()
    await reloaded.disconnect()
    expect(connectorStorage.getItem('starknetLastConnectedWallet')).toBeNull()
  })

  it('reports INVALID_SCOPE when the app now needs a method the session lacks', async () => {
    const { wallet, make } = setup()
    await wallet.requestConnection()
    const wider = make({
      sessionParams: {
        allowedMethods: [
          { contract: GAME, selector: 'play' },
          { contract: GAME, selector: 'win' },
        ],
      },
    })
    expect((await wider.connect())?.account.address).toBe(ACCOUNT)
    expect(wider.getSessionStatus()).toBe('INVALID_SCOPE')
    expect(await wider.isConnected()).toBe(false)
  })

  it("leaves a value under 'session' that is no session untouched, warns once, and still connects", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { make, storage } = setup()
    for (const foreign of ['{"allowedMethods":', JSON.stringify({ address: 1 })]) {
      warn.mockClear()
      storage.setItem('session', foreign)
      const wallet = make()
      expect(await wallet.connect()).toBeUndefined()
      expect((await wallet.requestConnection()).account.address).toBe(ACCOUNT) // usable, in memory
      wallet.clearSession()
      expect(storage.getItem('session')).toBe(foreign)
      expect(warn).toHaveBeenCalledTimes(1)
      expect(warn.mock.calls[0]?.[0]).toContain('left untouched')
    }
    warn.mockRestore()
  })

  it('drops a session sealed under another key store instead of trusting it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { wallet, storage, fetch } = setup()
    await wallet.requestConnection()
    const elsewhere = WebWallet.init({
      appName: 'demo',
      sessionParams: { allowedMethods: [{ contract: GAME, selector: 'play' }] },
      connector: fakeConnector(),
      storage,
      keyStore: memoryKeyStore(),
      // The same offline fetch: the chain check at connect() never reaches the public nodes.
      fetch,
    })
    expect(await elsewhere.connect()).toBeUndefined()
    expect(storage.getItem('session')).toBeNull()
    expect(warn).toHaveBeenCalledWith(
      'The stored session was removed: its session key could not be unsealed on this device.',
    )
    warn.mockRestore()
  })

  it('clearSession removes the session and the account; export leaves the private key out unless asked', async () => {
    const { wallet, storage, make } = setup()
    await wallet.requestConnection()
    expect(wallet.exportSignedSession()?.sessionKey.privateKey).toBe('')
    // The raw key leaves the SDK only with the explicit init opt-in.
    expect(() => wallet.exportSignedSession({ includePrivateKey: true })).toThrow(
      expect.objectContaining({ code: 'SESSION_KEY_EXPORT_DISABLED' }),
    )
    const exporting = make({ allowSessionKeyExport: true })
    await exporting.connect()
    expect(exporting.exportSignedSession({ includePrivateKey: true })?.sessionKey.privateKey).toMatch(
      /^0x[0-9a-f]+$/,
    )
    wallet.clearSession()
    expect(storage.getItem('session')).toBeNull()
    expect(wallet.sessionAccount).toBeUndefined()
    expect(wallet.getSessionStatus()).toBeUndefined()
  })
})

describe('issue 27: one prompt, one code, the chain clock, revocation', () => {
  const DEPLOYED: Record<string, string> = {
    starknet_specVersion: '0.9.0',
    starknet_getClassHashAt: '0x1',
    starknet_getNonce: '0x0',
  }
  /** A node that answers the chain's clock, at `seconds`, and a deployed account's class hash and nonce. */
  function clockFetch(seconds: () => number) {
    return vi.fn<typeof globalThis.fetch>(async (_url, init) => {
      const body = JSON.parse(String(init?.body))
      const answer = (call: { id: number; method: string }) =>
        call.method === 'starknet_getBlockWithTxHashes'
          ? { jsonrpc: '2.0', id: call.id, result: { timestamp: seconds() } }
          : call.method in DEPLOYED
            ? { jsonrpc: '2.0', id: call.id, result: DEPLOYED[call.method] }
            : { jsonrpc: '2.0', id: call.id, error: { code: -32601, message: 'no' } }
      return Response.json(Array.isArray(body) ? body.map(answer) : answer(body))
    })
  }

  it('a second requestConnection while one is pending joins it: one prompt, one session', async () => {
    const { wallet, connector } = setup()
    const [a, b] = await Promise.all([wallet.requestConnection(), wallet.requestConnection()])
    expect(connector.connectAndSignSession).toHaveBeenCalledTimes(1)
    expect(a.account.session.hash).toBe(b.account.session.hash)
    await wallet.requestConnection() // once settled, a new call asks again
    expect(connector.connectAndSignSession).toHaveBeenCalledTimes(2)
  })

  it("reports the wallet's Reject as USER_REJECTED, as a closed popup is, with the wallet's words in data", async () => {
    const { ConnectAndSignSessionError } = await import('@webwallet/protocol/errors')
    const refusal = new ConnectAndSignSessionError('User rejected', 'USER_REJECTED')
    const { wallet } = setup(fakeConnector({ fail: refusal }))
    const error = (await wallet.requestConnection().catch((e: unknown) => e)) as {
      code: string
      data: unknown
    }
    expect(error.code).toBe('USER_REJECTED')
    expect(error.data).toEqual({
      webwalletErrorCode: 'USER_REJECTED',
      webwalletErrorMessage: 'User rejected',
    })
    const answered = setup(fakeConnector({ answer: { errorCode: 'USER_REJECTED' } }))
    await expect(answered.wallet.requestConnection()).rejects.toMatchObject({ code: 'USER_REJECTED' })
    const funds = setup(fakeConnector({ fail: new ConnectAndSignSessionError('x', 'NOT_ENOUGH_BALANCE') }))
    await expect(funds.wallet.requestConnection()).rejects.toMatchObject({ code: 'CONNECT_AND_SIGN_SESSION' })
  })

  it("counts a new session's expiry and its status on the chain's clock, not the device's", async () => {
    let chain = NOW / 1000 + 10 * 86_400 // the chain is ten days ahead of the device
    const { wallet } = setup(undefined, { fetch: clockFetch(() => chain) })
    const { account } = await wallet.requestConnection()
    expect(account.session.expiresAt).toBe(chain + 30 * 86_400)
    expect(wallet.getSessionStatus()).toBe('VALID')
    chain += 31 * 86_400
    await expect(account.execute({ contractAddress: GAME, entrypoint: 'play' })).rejects.toMatchObject({
      code: 'SESSION_EXPIRED',
    })
    expect(wallet.getSessionStatus()).toBe('EXPIRED') // the last reading, synchronously
  })

  it('clearSession stops the accounts already handed out (SESSION_REVOKED), before any request', async () => {
    const { wallet, fetch } = setup()
    const { account } = await wallet.requestConnection()
    wallet.clearSession()
    fetch.mockClear()
    await expect(account.execute({ contractAddress: GAME, entrypoint: 'play' })).rejects.toMatchObject({
      code: 'SESSION_REVOKED',
    })
    expect(fetch).not.toHaveBeenCalled()
  })

  it("disconnect() closes the connector's transports: a WebSocket no longer holds the process", async () => {
    await using testWallet = await startWsWallet()
    const connector = createConnector({
      transport: 'websocket',
      websocketUrl: testWallet.url,
      WebSocket: WebSocket as never,
    })
    const { wallet } = setup(connector as never)
    await wallet.requestConnection()
    expect(connector.websocketState()).toBe('open')
    await wallet.disconnect()
    expect(connector.websocketState()).toBeUndefined()
  })
})

describe('fee-token transfers in the session (docs/protocol.md, Session scope, gasless mode)', () => {
  const STRK = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
  const ETH = '0x049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7'
  const deployer = async () => ({ transactionHash: '0x1', contractAddress: ACCOUNT })
  const play = { 'Contract Address': GAME, selector: 'play' }
  const transfers = [
    { 'Contract Address': STRK, selector: 'transfer' },
    { 'Contract Address': ETH, selector: 'transfer' },
  ]

  it.each([
    ['no deployer (deployed through the paymaster): gasless', {}, [play, ...transfers]],
    [
      'paymasterParams and a deployer: gasless',
      { deployer, paymasterParams: { apiKey: 'k' } },
      [play, ...transfers],
    ],
    ['a deployer and no paymasterParams: no paymaster route', { deployer }, [play]],
    [
      'feeTokenTransfers: false with paymasterParams',
      { feeTokenTransfers: false, paymasterParams: {} },
      [play],
    ],
    ['feeTokenTransfers: true with a deployer', { feeTokenTransfers: true, deployer }, [play, ...transfers]],
  ])('%s', async (_name, options, expected) => {
    const { wallet, connector, storage } = setup(undefined, options)
    await wallet.requestConnection()
    expect(JSON.parse(storage.getItem('session') ?? '{}').allowedMethods).toEqual(expected)
    const message = connector.requests[0]?.sessionTypedData as { message: Record<string, unknown> }
    expect(message.message['Allowed Methods']).toHaveLength(expected.length)
  })

  it('refuses a feeTokenTransfers that is not a boolean (INVALID_OPTIONS)', () => {
    expect(() => setup(undefined, { feeTokenTransfers: 'yes' })).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTIONS' }),
    )
  })

  it('still restores a large session signed with the transfers after they were turned off', async () => {
    const many = Array.from({ length: 70 }, (_, i) => ({
      contract: `0x${(0xa11ce00n + BigInt(i)).toString(16).padStart(64, '0')}`,
      selector: `level_${i}`,
    }))
    const sessionParams = { allowedMethods: many }
    const { make, storage } = setup(undefined, { sessionParams })
    await make().requestConnection()
    // Too large for one value: stored by the root of its 72 methods (the app's 70, STRK and ETH transfer).
    expect(JSON.parse(storage.getItem('session') ?? '{}').allowedMethodsRoot).toMatch(/^0x/)
    const reloaded = make({ feeTokenTransfers: false })
    const restored = await reloaded.connect()
    expect(restored?.account.session.allowedMethods).toHaveLength(72)
    expect(reloaded.getSessionStatus()).toBe('VALID')
  })
})
