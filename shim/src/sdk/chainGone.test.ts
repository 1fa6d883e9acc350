// A stored session of a chain that is gone (issue 36, item 2): the node restarted without its state
// (devnet_restart, wallet-sim without --state) or serves another chain. connect() drops it with
// SESSION_INVALID instead of restoring a dead session as VALID. The Chromium journey against wallet-sim's
// devnet_restart is e2e/tests/journeys/vanishedChain.test.ts.
import { CHAIN_IDS } from '@webwallet/protocol'
import { serializeSignerSignatures, signHash, toHex } from '@webwallet/protocol/session'
import { typedData } from 'starknet'
import { describe, expect, it, vi } from 'vitest'
import { CHAIN_STORAGE_KEY } from '../session/chainIdentity'
import { memoryKeyStore } from '../storage/keyVault'
import { memoryStorage } from '../storage/storage'
import { WebWallet } from './WebWallet'

const ACCOUNT = '0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'
const GAME = '0x00000000000000000000000000000000000000000000000000000000000a11ce'

const connector = {
  ready: async () => true,
  connectAndSignSession: async (request: { sessionTypedData: unknown }) => {
    const hash = typedData.getMessageHash(request.sessionTypedData as never, ACCOUNT)
    const signature = serializeSignerSignatures([signHash(hash, '0x5a5a5a'), signHash(hash, '0x6b6b6b')])
    return { account: [ACCOUNT], chainId: CHAIN_IDS.SN_SEPOLIA, signature: signature.map(toHex) }
  },
}

/** A node whose genesis block is `chain.genesis` (undefined: it does not answer). */
function world() {
  const storage = memoryStorage()
  const keyStore = memoryKeyStore()
  const answer = ({ id, params }: { id: number; params: { block_id?: { block_number?: number } } }) => {
    const block = params.block_id?.block_number === 0 ? chain.genesis : '0xbeef'
    return { jsonrpc: '2.0', id, result: { block_hash: block, timestamp: chain.seconds } }
  }
  const chain: { genesis: string | undefined; seconds: number } = { genesis: '0xa', seconds: 1_800_000_000 }
  const fetch: typeof globalThis.fetch = async (_url, init) => {
    if (chain.genesis === undefined) throw new TypeError('Failed to fetch')
    const body = JSON.parse(String(init?.body))
    return Response.json(Array.isArray(body) ? body.map(answer) : answer(body))
  }
  const make = (environment: 'sepolia' | 'mainnet' = 'sepolia') =>
    WebWallet.init({
      appName: 'demo',
      environment,
      sessionParams: { allowedMethods: [{ contract: GAME, selector: 'play' }] },
      connector: connector as never,
      storage,
      keyStore,
      fetch,
      now: () => 1_800_000_000_000,
    })
  return { chain, storage, make }
}

describe('a session of a chain that is gone', () => {
  it('is SESSION_INVALID (CHAIN_CHANGED) at connect(), dropped, and the next connect() finds none', async () => {
    const { chain, storage, make } = world()
    await make().requestConnection()
    expect(storage.getItem(CHAIN_STORAGE_KEY)).toBe('0xa')
    expect((await make().connect())?.account.address).toBe(ACCOUNT)

    chain.genesis = '0xb' // devnet_restart
    const reloaded = make()
    await expect(reloaded.connect()).rejects.toMatchObject({
      code: 'SESSION_INVALID',
      data: { reason: 'CHAIN_CHANGED', expected: '0xa', found: '0xb' },
    })
    expect(reloaded.getSessionStatus()).toBeUndefined()
    expect([storage.getItem('session'), storage.getItem(CHAIN_STORAGE_KEY)]).toEqual([null, null])
    expect(await reloaded.connect()).toBeUndefined()
    expect(await make().connect()).toBeUndefined()

    // A session signed on the new chain is recorded with it and comes back.
    await reloaded.requestConnection()
    expect((await make().connect())?.account.address).toBe(ACCOUNT)
  })

  it('is kept when the node does not answer (an unreachable node is no new chain)', async () => {
    const { chain, make } = world()
    await make().requestConnection()
    chain.genesis = undefined
    const reloaded = make()
    expect((await reloaded.connect())?.account.address).toBe(ACCOUNT)
    expect(reloaded.getSessionStatus()).toBe('VALID')
  })

  it('a session stored before the check existed is adopted by the chain it is used on', async () => {
    const { chain, storage, make } = world()
    await make().requestConnection()
    storage.removeItem(CHAIN_STORAGE_KEY)
    chain.genesis = '0xc'
    expect((await make().connect())?.account.address).toBe(ACCOUNT)
    expect(storage.getItem(CHAIN_STORAGE_KEY)).toBe('0xc')
  })

  it('a session of another chain id than the SDK’s is SESSION_INVALID (CHAIN_ID), with no request', async () => {
    const { chain, storage, make } = world()
    await make('sepolia').requestConnection()
    chain.genesis = undefined // no node answers: the chain id alone decides
    await expect(make('mainnet').connect()).rejects.toMatchObject({
      code: 'SESSION_INVALID',
      data: { reason: 'CHAIN_ID', expected: CHAIN_IDS.SN_SEPOLIA, found: CHAIN_IDS.SN_MAIN },
    })
    expect(storage.getItem('session')).toBeNull()
  })
})

describe('a new session in a page whose device clock is far behind the chain', () => {
  it('counts its expiry from the chain clock read at init with the chain check, before the user is asked', async () => {
    const { chain, make } = world()
    await make().requestConnection()
    chain.seconds = 1_800_000_000 + 400 * 86_400 // the chain is 400 days ahead of the device
    vi.stubGlobal('document', {}) // a page: requestConnection does not wait for a fresh reading
    try {
      const reloaded = make()
      await reloaded.connect().catch(() => {}) // the restore's check, begun at init, has answered
      const { account } = await reloaded.requestConnection()
      expect(account.session.expiresAt).toBeGreaterThan(chain.seconds)
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
