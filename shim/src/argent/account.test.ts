// Issue 35 item 3: the entry's account is a starknet.js Account with invisible-sdk's calls on top, reads
// starknet.js's UniversalDetails in every spelling, and carries over a session invisible-sdk stored.
import { CHAIN_IDS } from '@webwallet/protocol'
import { serializeSignerSignatures, signHash, toHex } from '@webwallet/protocol/session'
import { Account, typedData } from 'starknet'
import { describe, expect, it, vi } from 'vitest'
import { SessionAccount } from '../account/SessionAccount'
import { memoryKeyStore } from '../storage/keyVault'
import { memoryStorage } from '../storage/storage'
import { ArgentWebWallet } from './ArgentWebWallet'
import { executeDetails } from './details'
import { deployAndExecuteWithPaymaster } from './paymaster'

const ACCOUNT = '0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'
const GAME = '0x00000000000000000000000000000000000000000000000000000000000a11ce'
const DEPLOYMENT = {
  classHash: '0x1',
  constructorCalldata: ['0x2'],
  addressSalt: '0x3',
  contractAddress: ACCOUNT,
}

function connector() {
  return {
    ready: vi.fn(async () => true),
    request: vi.fn(),
    connectAndSignSession: vi.fn(async (request: { sessionTypedData: unknown }) => {
      const hash = typedData.getMessageHash(request.sessionTypedData as never, ACCOUNT)
      const signature = serializeSignerSignatures([signHash(hash, '0x5a5a5a'), signHash(hash, '0x6b6b6b')])
      return {
        account: [ACCOUNT],
        chainId: CHAIN_IDS.SN_SEPOLIA,
        signature: signature.map(toHex),
        deploymentPayload: DEPLOYMENT,
      }
    }),
  }
}

function init(storage = memoryStorage()) {
  const extra = { connector: connector() as never, storage, keyStore: memoryKeyStore() }
  return ArgentWebWallet.init(
    { appName: 'argent-app', sessionParams: { allowedMethods: [{ contract: GAME, selector: 'play' }] } },
    extra,
  )
}

describe('the Argent entry account', () => {
  it("is a starknet.js Account (the app's starknet.js) and our SessionAccount, with invisible-sdk's calls", async () => {
    const wallet = init()
    const { account } = (await wallet.requestConnection({}))!
    expect(account).toBeInstanceOf(Account)
    expect(account).toBeInstanceOf(SessionAccount)
    expect(account.sessionAccount).toBe(account)
    expect(typeof account.estimateInvokeFee).toBe('function')
    expect(typeof account.getNonce).toBe('function')
    expect(account.getSessionStatus()).toBe('VALID')
    // Not deployed (no node here): the outside-execution payload is refused by the node read, not by its form.
    await expect(
      account.getOutsideExecutionPayload({ calls: [{ contractAddress: GAME, entrypoint: 'steal' }] }),
    ).rejects.toMatchObject({ code: 'CALL_NOT_ALLOWED' })
  })

  it('carries over the session invisible-sdk 1.0.0 stored (key in the clear): no new signature, key sealed', async () => {
    const storage = memoryStorage()
    const first = init(storage)
    await first.requestConnection({})
    const exported = first.webWallet.exportSignedSession({ includePrivateKey: false })!
    const privateKey = (first.webWallet as unknown as { active: { privateKey: string } }).active.privateKey
    // What invisible-sdk 1.0.0 writes under 'session': its SignedSession, JSON, the key pair in the clear.
    storage.setItem(
      'session',
      JSON.stringify({ ...exported, sessionKey: { ...exported.sessionKey, privateKey } }),
    )
    const switched = init(storage)
    const restored = await switched.connect()
    expect(restored?.account.address).toBe(ACCOUNT)
    expect(restored?.account.getSessionStatus()).toBe('VALID')
    expect(JSON.parse(storage.getItem('session') ?? '{}').sessionKey.privateKey).toMatch(/^aesgcm:/)
  })
})

describe('executeDetails (starknet.js UniversalDetails)', () => {
  it('reads numbers, bigints, hex and decimal strings, V3 versions, and bounds with all three resources', () => {
    const bound = { max_amount: '0x28', max_price_per_unit: 7 }
    expect(
      executeDetails({
        version: '0x3',
        nonce: '5',
        tip: 0,
        maxFee: '0x1',
        resourceBounds: {
          l1_gas: bound,
          l2_gas: { max_amount: 1n, max_price_per_unit: '0x2' },
          l1_data_gas: bound,
        },
      }),
    ).toEqual({
      nonce: 5n,
      tip: 0n,
      resourceBounds: {
        l1_gas: { max_amount: 40n, max_price_per_unit: 7n },
        l2_gas: { max_amount: 1n, max_price_per_unit: 2n },
        l1_data_gas: { max_amount: 40n, max_price_per_unit: 7n },
      },
    })
    expect(executeDetails({ version: 2n ** 128n + 3n })).toEqual({})
    // starknet.js 6's bounds (no l1_data_gas): the SDK estimates its own.
    expect(executeDetails({ resourceBounds: { l1_gas: bound, l2_gas: bound } })).toEqual({})
    expect(executeDetails({ gasless: true })).toEqual({ gasless: true })
  })

  it.each([
    [{ version: '0x1' }, 'version'],
    [{ tip: '-1' }, 'tip'],
    [{ nonce: 1.5 }, 'nonce'],
    [{ resourceBounds: { l1_gas: {}, l2_gas: {}, l1_data_gas: {} } }, 'resourceBounds.l1_gas.max_amount'],
  ])('refuses %j (INVALID_OPTIONS naming %s)', (details, option: string) => {
    expect(() => executeDetails(details)).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTIONS', data: expect.objectContaining({ path: option }) }),
    )
  })
})

describe('deployAndExecuteWithPaymaster', () => {
  it('answers undefined without an api key (as invisible-sdk), and refuses another account’s deployment data', async () => {
    const { account } = (await init().requestConnection({}))!
    expect(await deployAndExecuteWithPaymaster(account, {}, DEPLOYMENT as never, [])).toBeUndefined()
    await expect(
      deployAndExecuteWithPaymaster(
        account,
        { apiKey: 'k' },
        { ...DEPLOYMENT, contractAddress: '0x9' } as never,
        [],
      ),
    ).rejects.toMatchObject({ code: 'DEPLOYED_ADDRESS_MISMATCH' })
  })
})
