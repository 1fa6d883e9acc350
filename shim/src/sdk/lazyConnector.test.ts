import { CHAIN_IDS, type SessionSignRequest } from '@webwallet/protocol'
import { serializeSignerSignatures, signHash, toHex } from '@webwallet/protocol/session'
import { typedData } from 'starknet'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { memoryKeyStore } from '../storage/keyVault'
import { memoryStorage } from '../storage/storage'
import { WebWallet } from './WebWallet'

// The SDK's default connector is a chunk loaded on first use: a page that restores its session never
// loads it; a page that has none (a sign-in is coming) loads it at init, so the click opens the popup at once.
const chunk = vi.hoisted(() => ({ created: 0 }))
vi.mock('../connector/windowConnector', () => ({
  createWindowConnector: () => {
    chunk.created++
    return { on() {}, ready: async () => false }
  },
}))
afterEach(() => {
  vi.unstubAllGlobals()
  chunk.created = 0
})

const ACCOUNT = '0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'
const GAME = '0x00000000000000000000000000000000000000000000000000000000000a11ce'

/** Signs the session typed data as the account's owner and guardian would. */
const signer = {
  ready: async () => true,
  connectAndSignSession: async (request: SessionSignRequest) => {
    const hash = typedData.getMessageHash(request.sessionTypedData as never, ACCOUNT)
    const signature = serializeSignerSignatures([signHash(hash, '0x5a5a5a'), signHash(hash, '0x6b6b6b')])
    return { account: [ACCOUNT], chainId: CHAIN_IDS.SN_SEPOLIA, signature: signature.map(toHex) }
  },
}

function page() {
  const storage = memoryStorage()
  const keyStore = memoryKeyStore()
  // The chain's clock: any block answers.
  const fetch = vi.fn<typeof globalThis.fetch>(async () =>
    Response.json({ jsonrpc: '2.0', id: 1, result: { timestamp: 1_800_000_000 } }),
  )
  const init = (connector?: typeof signer) =>
    WebWallet.init({
      appName: 'demo',
      sessionParams: { allowedMethods: [{ contract: GAME, selector: 'play' }] },
      storage,
      keyStore,
      fetch,
      ...(connector ? { connector } : {}),
    })
  return { init }
}

describe('the default connector, loaded on first use', () => {
  it('is not loaded by a page that restores its session, nor by its session calls', async () => {
    const { init } = page()
    await init(signer).requestConnection()
    vi.stubGlobal('document', {})
    const wallet = init()
    const restored = await wallet.connect()
    expect(restored?.account.address).toBe(ACCOUNT)
    expect(wallet.getSessionStatus()).toBe('VALID')
    await wallet.isConnected()
    wallet.clearSession()
    await wallet.disconnect()
    await vi.dynamicImportSettled() // any chunk load started by now has run its callback
    expect(chunk.created).toBe(0)
  })

  it('is loaded at init by a page without a stored session', async () => {
    vi.stubGlobal('document', {})
    page().init()
    await vi.waitFor(() => expect(chunk.created).toBe(1))
  })

  it('is not loaded at init outside a page (Node), nor for a connector of the app', async () => {
    page().init()
    vi.stubGlobal('document', {})
    page().init(signer)
    await vi.dynamicImportSettled() // any chunk load started by now has run its callback
    expect(chunk.created).toBe(0)
  })
})
