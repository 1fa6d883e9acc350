import { LAST_CONNECTED_WALLET_KEY } from '@webwallet/protocol'
import { ec, typedData as td } from 'starknet'
import { describe, expect, it, vi } from 'vitest'
import { WebSocket } from 'ws'
import { greeting } from '../../../protocol/src/typedData/testing/messages'
import { createConnector } from './createConnector'
import { ConnectAndSignSessionError } from './starknetkitErrors'
import { startWsWallet } from './testing/wsWallet'

// The connector end to end over the WebSocket transport against a real tRPC ws server (the test wallet).

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    items,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  }
}

async function setup(overrides: Parameters<typeof startWsWallet>[0] = {}) {
  const wallet = await startWsWallet(overrides)
  const storage = memoryStorage()
  const connector = createConnector({
    transport: 'websocket',
    websocketUrl: wallet.url,
    WebSocket: WebSocket as never,
    storage,
  })
  return { wallet, storage, connector }
}

const typedData = greeting('hello')

describe('createConnector over WebSocket', () => {
  it('connects, stores the first account and the last-connected key, and becomes ready', async () => {
    const { wallet, storage, connector } = await setup()
    await using _ = wallet
    expect(await connector.ready()).toBe(false)
    await expect(connector.account()).rejects.toThrow('Connector not connected')
    const accountsChanged = vi.fn()
    connector.on('accountsChanged', accountsChanged)
    const result = await connector.connect()
    expect(result).toEqual({ account: [wallet.state.address], chainId: wallet.state.chainId })
    expect(await connector.account()).toBe(wallet.state.address)
    expect(accountsChanged).toHaveBeenCalledWith([wallet.state.address])
    expect(storage.items.get(LAST_CONNECTED_WALLET_KEY)).toBe('argentWebWallet')
    expect(await connector.ready()).toBe(true)
    expect(connector.transport()).toBe('websocket')
    expect(connector.websocketState()).toBe('open')
  })

  it('is not ready when the wallet does not grant accounts', async () => {
    const { wallet, connector } = await setup()
    await using _ = wallet
    await connector.connect()
    wallet.state.granted = false
    expect(await connector.ready()).toBe(false)
  })

  it('forgets the connection when the wallet answers USER_LOGGED_OUT', async () => {
    const { wallet, storage, connector } = await setup()
    await using _ = wallet
    await connector.connect()
    wallet.state.loggedOut = true
    await expect(connector.chainId()).rejects.toMatchObject({ code: 'USER_LOGGED_OUT' })
    expect(storage.items.has(LAST_CONNECTED_WALLET_KEY)).toBe(false)
    await expect(connector.account()).rejects.toMatchObject({ code: 'CONNECTOR_NOT_CONNECTED' })
  })

  it('disconnect clears the wallet, the account and the stored key', async () => {
    const { wallet, storage, connector } = await setup()
    await using _ = wallet
    await connector.connect()
    const accountsChanged = vi.fn()
    connector.on('accountsChanged', accountsChanged)
    await connector.disconnect()
    expect(storage.items.has(LAST_CONNECTED_WALLET_KEY)).toBe(false)
    expect(accountsChanged).toHaveBeenCalledWith(undefined)
    await expect(connector.account()).rejects.toMatchObject({ code: 'CONNECTOR_NOT_CONNECTED' })
    await expect(connector.chainId()).rejects.toMatchObject({ code: 'CONNECTOR_NOT_CONNECTED' })
    expect(await connector.ready()).toBe(false)
  })

  it("rejects with 'User rejected request' when the user refuses, 'connection failed' otherwise", async () => {
    const { wallet, connector } = await setup({ decision: 'reject' })
    await using _ = wallet
    await expect(connector.connect()).rejects.toMatchObject({
      code: 'USER_REJECTED',
      message: 'User rejected request',
    })
    const broken = await setup()
    await using __ = broken.wallet
    broken.wallet.state.chainId = 42 as never
    await expect(broken.connector.connect()).rejects.toMatchObject({ message: 'connection failed' })
  })

  it('fires networkChanged when the wallet switches network', async () => {
    const { wallet, connector } = await setup()
    await using _ = wallet
    await connector.connect()
    const networkChanged = vi.fn()
    connector.on('networkChanged', networkChanged)
    expect(await connector.chainId()).toBe(wallet.state.chainId)
    expect(networkChanged).not.toHaveBeenCalled()
    wallet.state.chainId = '0x534e5f4d41494e'
    expect(await connector.request({ type: 'wallet_requestChainId' })).toBe('0x534e5f4d41494e')
    expect(networkChanged).toHaveBeenCalledWith('0x534e5f4d41494e', [wallet.state.address])
    connector.off('networkChanged', networkChanged)
    wallet.state.chainId = '0x1'
    await connector.chainId()
    expect(networkChanged).toHaveBeenCalledTimes(1)
  })

  it('serves the wallet_* requests, with real signatures', async () => {
    const { wallet, connector } = await setup()
    await using _ = wallet
    await connector.connect()
    expect(await connector.request({ type: 'wallet_requestAccounts' })).toEqual([wallet.state.address])
    expect(await connector.request({ type: 'wallet_getPermissions' })).toEqual(['accounts'])
    const signature = (await connector.request({
      type: 'wallet_signTypedData',
      params: typedData,
    })) as string[]
    const publicKey = ec.starkCurve.getPublicKey(wallet.state.privateKey, false)
    const messageHash = td.getMessageHash(typedData, wallet.state.address)
    expect(
      ec.starkCurve.verify(
        new ec.starkCurve.Signature(BigInt(signature[0]!), BigInt(signature[1]!)),
        messageHash,
        publicKey,
      ),
    ).toBe(true)
    const invoke = await connector.request({
      type: 'wallet_addInvokeTransaction',
      params: { calls: [{ contract_address: '0x1', entry_point: 'transfer', calldata: [] }] },
    })
    expect(invoke).toMatchObject({ transaction_hash: expect.stringMatching(/^0x[0-9a-f]+$/) })
    expect(await connector.request({ type: 'wallet_deploymentData' })).toMatchObject({
      address: wallet.state.address,
    })
    expect(await connector.request({ type: 'wallet_supportedSpecs' })).toEqual(['0.9', '0.10'])
  })

  it.each(['wallet_addStarknetChain', 'wallet_switchStarknetChain', 'wallet_watchAsset', 'wallet_nope'])(
    "%s → 'not implemented'",
    async (type) => {
      const { wallet, connector } = await setup()
      await using _ = wallet
      await expect(connector.request({ type })).rejects.toMatchObject({
        code: 'NOT_IMPLEMENTED',
        message: 'not implemented',
      })
    },
  )

  it("throws 'Unknwown event: X' for other events", async () => {
    const { wallet, connector } = await setup()
    await using _ = wallet
    const on = connector.on as (event: string, handler: () => void) => void
    const off = connector.off as (event: string, handler: () => void) => void
    expect(() => on('chainChanged', () => {})).toThrow('Unknwown event: chainChanged')
    expect(() => off('foo', () => {})).toThrow('Unknwown event: foo')
  })

  it("connectAndSignSession returns the signed session, or starknetkit's ConnectAndSignSessionError", async () => {
    const { wallet, connector } = await setup()
    await using _ = wallet
    const result = await connector.connectAndSignSession({
      approvalRequests: [],
      sessionTypedData: typedData,
    })
    expect(result).toMatchObject({ account: [wallet.state.address], chainId: wallet.state.chainId })
    expect(result.signature).toHaveLength(2)
    expect(await connector.account()).toBe(wallet.state.address)

    wallet.state.sessionFailure = { code: 'NOT_ENOUGH_BALANCE', message: 'Not enough balance' }
    const error = await connector
      .connectAndSignSession({ approvalRequests: [], sessionTypedData: typedData })
      .catch((e: unknown) => e)
    // starknetkit's shape: the wallet's code; ours, coded, as the cause.
    expect(error).toBeInstanceOf(ConnectAndSignSessionError)
    expect(error).toMatchObject({ code: 'NOT_ENOUGH_BALANCE', message: 'Not enough balance' })
    expect((error as Error).cause).toMatchObject({
      code: 'CONNECT_AND_SIGN_SESSION',
      message: 'Not enough balance',
      data: { webwalletErrorCode: 'NOT_ENOUGH_BALANCE', webwalletErrorMessage: 'Not enough balance' },
    })
  })

  it("rejects in-flight requests with 'WebSocket closed prematurely' when the socket drops", async () => {
    const { wallet, connector } = await setup()
    await using _ = wallet
    await connector.connect()
    wallet.state.hold = new Promise(() => {}) // the wallet never answers
    const pending = connector.chainId()
    await vi.waitFor(() => expect(wallet.clients()).toBe(1))
    wallet.dropClients()
    await expect(pending).rejects.toMatchObject({
      code: 'WEBSOCKET_CLOSED',
      message: 'WebSocket closed prematurely',
    })
    wallet.state.hold = undefined
    expect(await connector.chainId()).toBe(wallet.state.chainId) // reconnects on the next request
  })
  // Issue 27: wrongly typed arguments are coded VALIDATION errors, not TypeErrors.
  it('refuses an unknown transport and a request without a type, naming the field', async () => {
    expect(() =>
      createConnector({ url: 'https://wallet.example', transport: 'carrier-pigeon' as never }),
    ).toThrow(expect.objectContaining({ code: 'VALIDATION', message: expect.stringContaining('transport') }))
    const connector = createConnector({ url: 'https://wallet.example', transport: 'popup' })
    for (const call of [null, undefined, {}, { type: 5 }]) {
      await expect(connector.request(call as never)).rejects.toMatchObject({ code: 'VALIDATION' })
    }
  })
})
