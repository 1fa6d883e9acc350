import { CHAIN_IDS } from '@webwallet/protocol'
import { RpcProvider } from 'starknet'
import { describe, expect, it, vi } from 'vitest'
import { memoryKeyStore } from '../storage/keyVault'
import { memoryStorage } from '../storage/storage'
import { ArgentWebWallet, type InitParams } from './ArgentWebWallet'
import { ACCOUNT, DEPLOYMENT, fakeConnector, GAME } from './testing'

const TOKEN = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
const SPENDER = '0xabc'

function setup(params: Partial<InitParams> = {}, answer: Record<string, unknown> = {}) {
  const connector = fakeConnector(answer)
  const storage = memoryStorage()
  const extra = { connector: connector as never, storage, keyStore: memoryKeyStore() }
  const make = () =>
    ArgentWebWallet.init(
      {
        appName: 'argent-app',
        sessionParams: { allowedMethods: [{ contract: GAME, selector: 'play' }] },
        ...params,
      },
      extra,
    )
  return { wallet: make(), make, connector, storage }
}

describe('ArgentWebWallet.init', () => {
  it("in dev, webwalletUrl moves every dev URL to the wallet's origin (wallet-sim serves them all)", () => {
    const { wallet } = setup({ environment: 'dev', webwalletUrl: 'http://127.0.0.1:4100/' })
    const env = wallet.webWallet.environment
    expect(env.webWalletUrl).toBe('http://127.0.0.1:4100')
    expect(env.providerDefaultUrl).toBe('http://127.0.0.1:4100/rpc')
    expect(env.providerBaseUrl).toBe('http://127.0.0.1:4100')
    expect(env.backendUrl).toBe('http://127.0.0.1:4100/v1')
    expect(env.chainId).toBe(CHAIN_IDS.SN_SEPOLIA)
    // invisible-sdk's provider: a starknet.js RpcProvider on that node.
    expect((wallet.provider as RpcProvider).channel.nodeUrl).toBe('http://127.0.0.1:4100/rpc')
  })

  it('elsewhere webwalletUrl is the wallet only; a given provider is used as it is', () => {
    const provider = new RpcProvider({ nodeUrl: 'http://my-node' })
    const { wallet } = setup({ environment: 'sepolia', webwalletUrl: 'https://wallet.example', provider })
    expect(wallet.webWallet.environment.webWalletUrl).toBe('https://wallet.example')
    expect(wallet.webWallet.environment.providerDefaultUrl).toBe('http://my-node')
    expect(wallet.webWallet.environment.backendUrl).not.toContain('wallet.example')
    expect(wallet.provider).toBe(provider)
  })

  it('checks the options as ours does (INVALID_OPTIONS)', () => {
    expect(() => setup({ appName: ' ' })).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }))
  })
})

describe('ArgentWebWallet sessions', () => {
  it('answers invisible-sdk shapes: connect, requestConnection, sessionAccount, status, export, clear', async () => {
    const { wallet, make } = setup({}, { deploymentPayload: DEPLOYMENT, approvalRequestsCalls: [] })
    expect(await wallet.connect()).toBeUndefined()
    const response = await wallet.requestConnection({ callbackData: 'cb' })
    expect(response).toEqual({
      account: wallet.sessionAccount,
      approvalRequestsCalls: [],
      approvalTransactionHash: undefined,
      deploymentPayload: DEPLOYMENT,
      callbackData: 'cb',
    })
    expect(response?.account.address).toBe(ACCOUNT)
    expect(response?.account.getSessionStatus()).toBe('VALID')
    expect(await response?.account.getDeploymentPayload()).toEqual(DEPLOYMENT)
    expect(await wallet.isConnected()).toBe(true)
    const exported = wallet.exportSignedSession()
    expect(exported).toMatchObject({ address: ACCOUNT, deploymentPayload: DEPLOYMENT })
    expect(exported?.sessionKey.privateKey).toBe('')

    // A reload restores { account } only.
    const reloaded = make()
    const restored = await reloaded.connect()
    expect(Object.keys(restored ?? {})).toEqual(['account'])
    expect(restored?.account.getSessionStatus()).toBe('VALID')

    const cleared = reloaded.clearSession()
    expect(cleared).toBeInstanceOf(Promise)
    await cleared
    expect(reloaded.sessionAccount).toBeUndefined()
    expect(await make().connect()).toBeUndefined()
    // The account the app kept still answers for its own session.
    expect(restored?.account.getSessionStatus()).toBe('VALID')
  })

  it('exports nothing without deployment data (as invisible-sdk)', async () => {
    const { wallet } = setup()
    await wallet.requestConnection({})
    expect(wallet.exportSignedSession()).toBeUndefined()
    await expect(wallet.sessionAccount!.getDeploymentPayload()).rejects.toMatchObject({
      code: 'NO_ACCOUNT_CONTRACT',
    })
  })

  it('clears the session before asking and after a failure, as invisible-sdk', async () => {
    const { wallet, connector, make } = setup()
    await wallet.requestConnection({})
    connector.failNext(new Error('wallet closed'))
    await expect(wallet.requestConnection({})).rejects.toThrow()
    expect(wallet.sessionAccount).toBeUndefined()
    expect(await make().connect()).toBeUndefined()
  })
})

describe('ArgentWebWallet.discardedSession', () => {
  it("is STORED_SESSION_DISCARDED when a stored key in the clear is not the session's: one re-sign clears it", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { wallet, make, storage } = setup()
    await wallet.requestConnection({})
    expect(wallet.discardedSession).toBeUndefined()
    // invisible-sdk's form (the key in the clear), with a key that is not the one the session names.
    const stored = JSON.parse(storage.getItem('session') ?? '{}')
    storage.setItem(
      'session',
      JSON.stringify({ ...stored, sessionKey: { ...stored.sessionKey, privateKey: '0x1234' } }),
    )
    const reloaded = make()
    expect(await reloaded.connect()).toBeUndefined()
    expect(storage.getItem('session')).toBeNull()
    expect(reloaded.discardedSession).toMatchObject({
      code: 'STORED_SESSION_DISCARDED',
      message: 'Stored session removed: sign a new one',
      cause: 'its session key, stored in the clear, is not the key the session names',
    })
    await reloaded.requestConnection({})
    expect(reloaded.discardedSession).toBeUndefined()
    expect((await make().connect())?.account.address).toBe(ACCOUNT)
    warn.mockRestore()
  })
})

describe('ArgentWebWallet.requestApprovals', () => {
  it('sends one approve(spender, u256 amount) per request through the wallet and answers the hash', async () => {
    const { wallet, connector } = setup()
    const amount = (2n ** 128n + 7n).toString()
    expect(await wallet.requestApprovals([{ tokenAddress: TOKEN, spender: SPENDER, amount }])).toBe('0x7a')
    expect(connector.request).toHaveBeenCalledWith({
      type: 'wallet_addInvokeTransaction',
      params: {
        calls: [{ contract_address: TOKEN, entry_point: 'approve', calldata: [SPENDER, '0x7', '0x1'] }],
      },
    })
  })

  it('refuses a wallet answer without a transaction hash (UNEXPECTED_ANSWER, no TypeError)', async () => {
    const { wallet, connector } = setup()
    connector.request.mockResolvedValueOnce(null as never)
    await expect(
      wallet.requestApprovals([{ tokenAddress: TOKEN, spender: SPENDER, amount: '1' }]),
    ).rejects.toMatchObject({ code: 'UNEXPECTED_ANSWER' })
  })

  it("refuses an incomplete request before the wallet is asked ('Invalid approval request: ...')", async () => {
    const { wallet, connector } = setup()
    const request = { tokenAddress: TOKEN, spender: '', amount: '1' }
    await expect(wallet.requestApprovals([request])).rejects.toMatchObject({
      code: 'INVALID_APPROVAL_REQUEST',
      message: `Invalid approval request: ${JSON.stringify(request)}`,
    })
    expect(connector.request).not.toHaveBeenCalled()
  })
})
