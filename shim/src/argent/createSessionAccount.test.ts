// createSessionAccount builds the account connect() would from a stored signed session, with no wallet: the
// key must be the session's, the chain the session's. That the account's transactions are valid is proven
// against wallet-sim's chain in e2e/tests/compat/invisibleSdkSessionAccount.test.ts.
import { CHAIN_IDS } from '@webwallet/protocol'
import { Account } from 'starknet'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createWorld, worldFetch } from '../account/testing'
import { memoryKeyStore } from '../storage/keyVault'
import { memoryStorage } from '../storage/storage'
import { ArgentWebWallet, type SignedSession } from './ArgentWebWallet'
import { ArgentAccount, accountParts } from './account'
import { type CreateSessionAccountParameters, createSessionAccount } from './createSessionAccount'
import { ACCOUNT, DEPLOYMENT, fakeConnector, GAME } from './testing'

const sessionParams = { allowedMethods: [{ contract: GAME, selector: 'play' }] }
const DAY = 86_400_000

/** A session signed by the wallet double, exported with its key in the clear (as invisible-sdk stores it). */
async function signedSession(now = Date.now()): Promise<SignedSession> {
  const wallet = ArgentWebWallet.init(
    { appName: 'argent-app', sessionParams },
    {
      connector: fakeConnector({ deploymentPayload: DEPLOYMENT }) as never,
      storage: memoryStorage(),
      keyStore: memoryKeyStore(),
      allowSessionKeyExport: true,
      now: () => now,
    },
  )
  await wallet.requestConnection({})
  return wallet.webWallet.exportSignedSession({ includePrivateKey: true })!
}

const parameters = (session: SignedSession): CreateSessionAccountParameters => ({
  session,
  sessionParams,
  provider: { nodeUrl: 'http://node' },
  chainId: CHAIN_IDS.SN_SEPOLIA,
  argentBaseUrl: 'https://cosigner.invalid/v1/',
  tokenService: {},
  paymasterParams: {},
})

// A node that answers the chain's clock (the account reads it before a send).
beforeEach(() => {
  const world = createWorld()
  world.node.starknet_specVersion = () => '0.10.0'
  world.node.starknet_getClassHashAt = () => '0x1'
  world.node.starknet_getNonce = () => '0x0'
  vi.stubGlobal('fetch', worldFetch(world))
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('createSessionAccount', () => {
  it("builds the entry's account (a starknet.js Account) of a session whose key is in the clear", async () => {
    const session = await signedSession()
    expect(session.sessionKey.privateKey).toMatch(/^0x/)
    const account = await createSessionAccount(parameters(session))
    expect(account).toBeInstanceOf(ArgentAccount)
    expect(account).toBeInstanceOf(Account)
    expect(account.address).toBe(ACCOUNT)
    expect(account.getSessionStatus()).toBe('VALID')
    expect(await account.getDeploymentPayload()).toEqual(DEPLOYMENT)
    // The cosigner is at argentBaseUrl (invisible-sdk's argentSessionServiceBaseUrl).
    expect(accountParts(account)?.ctx.cosignerBaseUrl).toBe('https://cosigner.invalid/v1')
    // The session is not stored anywhere the page reads.
    expect(globalThis.localStorage?.getItem('session') ?? null).toBeNull()
  })

  it("answers INVALID_SCOPE when the app's methods are not the session's, as connect()'s account", async () => {
    const session = await signedSession()
    const account = await createSessionAccount({
      ...parameters(session),
      sessionParams: { allowedMethods: [{ contract: GAME, selector: 'other' }] },
    })
    expect(account.getSessionStatus()).toBe('INVALID_SCOPE')
  })

  it.each([
    ['a key that is not the session’s', '0x1234'],
    ['no key (exportSignedSession without it)', ''],
    ['a key sealed on another device', 'aesgcm:000000000000000000000000:00'],
  ])('refuses %s: STORED_SESSION_DISCARDED, as connect() gives', async (_name, privateKey) => {
    const session = await signedSession()
    const given = { ...session, sessionKey: { ...session.sessionKey, privateKey } }
    await expect(createSessionAccount(parameters(given))).rejects.toMatchObject({
      code: 'STORED_SESSION_DISCARDED',
    })
  })

  it('gives an expired session its account: status EXPIRED, execute SESSION_EXPIRED (as connect())', async () => {
    const account = await createSessionAccount(parameters(await signedSession(Date.now() - 31 * DAY)))
    expect(account.getSessionStatus()).toBe('EXPIRED')
    await expect(
      account.execute({ contractAddress: GAME, entrypoint: 'play', calldata: [] }),
    ).rejects.toMatchObject({ code: 'SESSION_EXPIRED' })
  })

  it("refuses a session of another chain than chainId (SESSION_INVALID, the restore's check)", async () => {
    const session = await signedSession()
    await expect(
      createSessionAccount({ ...parameters(session), chainId: CHAIN_IDS.SN_MAIN }),
    ).rejects.toMatchObject({ code: 'SESSION_INVALID' })
  })

  it.each([
    ['chainId', { chainId: '0x1234' }],
    ['argentBaseUrl', { argentBaseUrl: 'not a url' }],
    ['session', { session: null as never }],
    ['session', { session: { hello: 'world' } as never }],
  ])('refuses a bad %s with INVALID_OPTIONS', async (path, change) => {
    const session = await signedSession()
    const error = await createSessionAccount({ ...parameters(session), ...change }).catch((e) => e)
    expect(error).toMatchObject({ code: 'INVALID_OPTIONS' })
    expect(error.data.path).toBe(path)
  })
})
