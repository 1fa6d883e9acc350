import { CHAIN_IDS, type SessionSignRequest } from '@webwallet/protocol'
import { serializeSignerSignatures, signHash, toHex } from '@webwallet/protocol/session'
import { typedData } from 'starknet'
import { describe, expect, it, vi } from 'vitest'
import { SessionAccount } from '../account/SessionAccount'
import { WebWallet } from '../sdk/WebWallet'
import { memoryKeyStore } from '../storage/keyVault'
import { memoryStorage } from '../storage/storage'
import { WebWalletSessionConnector } from './sessionConnector'

const ACCOUNT = '0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'
const GAME = '0x00000000000000000000000000000000000000000000000000000000000a11ce'

/** A WebWallet whose wallet signs every session request (counted), on `storage`. */
function webWallet(storage = memoryStorage(), keyStore = memoryKeyStore()) {
  const signed = vi.fn(async (request: SessionSignRequest) => {
    const hash = typedData.getMessageHash(request.sessionTypedData as never, ACCOUNT)
    const signature = serializeSignerSignatures([signHash(hash, '0x5a5a'), signHash(hash, '0x6b6b')]).map(
      toHex,
    )
    return { account: [ACCOUNT], chainId: CHAIN_IDS.SN_SEPOLIA, signature }
  })
  const disconnected = vi.fn()
  const wallet = WebWallet.init({
    appName: 'game',
    // A node nobody answers: these tests never reach the chain.
    urls: { providerDefaultUrl: 'http://127.0.0.1:9/rpc' },
    sessionParams: { allowedMethods: [{ contract: GAME, selector: 'play' }] },
    storage,
    keyStore,
    connector: { ready: async () => true, connectAndSignSession: signed, disconnect: disconnected },
  })
  return { wallet, signed, disconnected, storage, keyStore }
}

/** A rejection's code and message. */
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => ({ code: 'fulfilled' }),
    (error: { code?: string; message?: string }) => ({ code: error.code, message: error.message }),
  )

describe('WebWalletSessionConnector (starknet-react v5 shape over the session)', () => {
  it('signs a session once on connect, then gives the session account; disconnect clears it', async () => {
    const { wallet, signed, disconnected } = webWallet()
    const connector = new WebWalletSessionConnector(wallet)
    expect([connector.id, connector.name, connector.available()]).toEqual([
      'webWalletSession',
      'Web Wallet session',
      true,
    ])
    expect(connector.icon.light).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(await connector.ready()).toBe(false)
    expect(await connector.request({ type: 'wallet_getPermissions' })).toEqual([])
    expect(
      await connector.request({ type: 'wallet_requestAccounts', params: { silent_mode: true } }),
    ).toEqual([])
    expect((await refusal(connector.account())).code).toBe('CONNECTOR_NOT_CONNECTED')

    const onConnect = vi.fn()
    const onDisconnect = vi.fn()
    connector.on('connect', onConnect).on('disconnect', onDisconnect)
    const data = await connector.connect()
    expect(data).toEqual({ account: ACCOUNT, chainId: BigInt(CHAIN_IDS.SN_SEPOLIA) })
    expect(onConnect).toHaveBeenCalledWith(data)
    expect(signed).toHaveBeenCalledOnce()
    const account = await connector.account()
    expect(account).toBeInstanceOf(SessionAccount)
    expect(account).toBe(wallet.sessionAccount)
    expect(await connector.ready()).toBe(true)
    expect(await connector.chainId()).toBe(BigInt(CHAIN_IDS.SN_SEPOLIA))
    expect(await connector.request({ type: 'wallet_requestChainId' })).toBe(CHAIN_IDS.SN_SEPOLIA)
    expect(await connector.request({ type: 'wallet_requestAccounts' })).toEqual([ACCOUNT])
    expect(await connector.request({ type: 'wallet_getPermissions' })).toEqual(['accounts'])

    // A second connect reuses the valid session: no prompt.
    await connector.connect()
    expect(signed).toHaveBeenCalledOnce()

    await connector.disconnect()
    expect(onDisconnect).toHaveBeenCalledOnce()
    expect(disconnected).toHaveBeenCalledOnce()
    expect(wallet.sessionAccount).toBeUndefined()
    expect(await connector.ready()).toBe(false)
    // The account handed out before stops too.
    const stopped = await refusal(
      account.execute({ contractAddress: GAME, entrypoint: 'play', calldata: [] }),
    )
    expect(stopped.code).toBe('SESSION_REVOKED')
  })

  it("reconnects a stored session with no prompt (starknet-react's auto-connect)", async () => {
    const first = webWallet()
    await new WebWalletSessionConnector(first.wallet).connect()
    const again = webWallet(first.storage, first.keyStore)
    const connector = new WebWalletSessionConnector(again.wallet)
    expect(await connector.ready()).toBe(true)
    expect((await connector.connect()).account).toBe(ACCOUNT)
    expect(again.signed).not.toHaveBeenCalled()
  })

  it('refuses, coded and before any request, what the session does not allow', async () => {
    const { wallet } = webWallet()
    const connector = new WebWalletSessionConnector(wallet)
    await connector.connect()
    const invoke = (params: unknown) =>
      refusal(connector.request({ type: 'wallet_addInvokeTransaction', params }))

    expect(
      await invoke({ calls: [{ contract_address: GAME, entry_point: 'withdraw', calldata: [] }] }),
    ).toEqual({
      code: 'CALL_NOT_ALLOWED',
      message: 'Call not allowed by the session: withdraw',
    })
    expect(await invoke({ calls: [] })).toMatchObject({ code: 'INVALID_OPTIONS' })
    expect(await invoke(undefined)).toMatchObject({ code: 'INVALID_OPTIONS' })
    expect(await invoke({ calls: [{ entry_point: 'play' }] })).toEqual({
      code: 'INVALID_OPTIONS',
      message: 'Invalid option params.calls.0: must have a contract_address and an entry_point',
    })
    expect(
      await invoke({ calls: [{ contract_address: GAME, entry_point: 'play', calldata: 'x' }] }),
    ).toMatchObject({ code: 'INVALID_OPTIONS' })
    const mail = { types: { StarknetDomain: [], Mail: [] }, primaryType: 'Mail', domain: {}, message: {} }
    expect(await refusal(connector.request({ type: 'wallet_signTypedData', params: mail }))).toMatchObject({
      code: 'OUTSIDE_EXECUTION_ONLY',
    })
    expect(
      await refusal(connector.request({ type: 'wallet_addDeclareTransaction', params: {} })),
    ).toMatchObject({ code: 'NOT_SUPPORTED_BY_SESSION' })
    expect(await refusal(connector.request({ type: 'wallet_switchStarknetChain' }))).toMatchObject({
      code: 'NOT_IMPLEMENTED',
    })
  })

  it('tells starknet-react the session is gone when it was cleared elsewhere', async () => {
    const { wallet } = webWallet()
    const connector = new WebWalletSessionConnector(wallet)
    await connector.connect()
    const onDisconnect = vi.fn()
    connector.on('disconnect', onDisconnect)
    wallet.clearSession()
    const calls = [{ contract_address: GAME, entry_point: 'play', calldata: [] }]
    const answer = await refusal(
      connector.request({ type: 'wallet_addInvokeTransaction', params: { calls } }),
    )
    expect(answer.code).toBe('CONNECTOR_NOT_CONNECTED')
    expect(onDisconnect).toHaveBeenCalledOnce()
  })
})
