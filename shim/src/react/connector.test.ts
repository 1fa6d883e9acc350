import { PaymasterRpc, RpcProvider } from 'starknet'
import { describe, expect, it, vi } from 'vitest'
import { WebSocket } from 'ws'
import { startWsWallet } from '../connector/testing/wsWallet'
import { WebWalletConnector } from './connector'

describe('WebWalletConnector (starknet-react v5 shape)', () => {
  it('connects, reports data as bigint chain ids, gives a WalletAccount and emits events', async () => {
    await using wallet = await startWsWallet()
    const connector = new WebWalletConnector({
      transport: 'websocket',
      websocketUrl: wallet.url,
      WebSocket: WebSocket as never,
      storage: { setItem() {}, removeItem() {} },
    })
    expect([connector.id, connector.name, connector.available()]).toEqual([
      'argentWebWallet',
      'Argent Web Wallet',
      true,
    ])
    expect(connector.icon.dark).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(await connector.ready()).toBe(false)

    const onConnect = vi.fn()
    const onChange = vi.fn()
    const onDisconnect = vi.fn()
    connector.on('connect', onConnect).on('change', onChange).on('disconnect', onDisconnect)
    const data = await connector.connect()
    expect(data).toEqual({ account: wallet.state.address, chainId: 0x534e5f5345504f4c4941n })
    expect(onConnect).toHaveBeenCalledWith(data)
    expect(onChange).toHaveBeenCalledWith({ account: wallet.state.address })
    expect(await connector.ready()).toBe(true)
    expect(await connector.chainId()).toBe(0x534e5f5345504f4c4941n)

    const account = await connector.account(new RpcProvider({ nodeUrl: 'http://127.0.0.1:9/rpc' }))
    expect(account.address).toBe(wallet.state.address)
    expect(await connector.request({ type: 'wallet_requestChainId' })).toBe('0x534e5f5345504f4c4941')

    wallet.state.chainId = '0x534e5f4d41494e'
    await connector.chainId()
    expect(onChange).toHaveBeenLastCalledWith({ chainId: 0x534e5f4d41494en })

    await connector.disconnect()
    expect(onDisconnect).toHaveBeenCalledOnce()
    await expect(connector.account({ nodeUrl: 'http://127.0.0.1:9/rpc' })).rejects.toThrow(
      'Connector not connected',
    )
  })

  it("gives the account starknet-react's paymaster (its second argument), or starknet.js's default", async () => {
    await using wallet = await startWsWallet()
    const connector = new WebWalletConnector({
      transport: 'websocket',
      websocketUrl: wallet.url,
      WebSocket: WebSocket as never,
      storage: { setItem() {}, removeItem() {} },
    })
    await connector.connect()
    const provider = new RpcProvider({ nodeUrl: 'http://127.0.0.1:9/rpc' })
    const paymaster = new PaymasterRpc({
      nodeUrl: 'http://127.0.0.1:9/paymaster',
      headers: { 'x-paymaster-api-key': 'key' },
    })
    type WithPaymaster = { paymaster: { nodeUrl: string; headers: Record<string, string> } }
    // starknet.js copies the paymaster it is given (a new PaymasterRpc on the same endpoint and headers).
    const given = ((await connector.account(provider, paymaster)) as unknown as WithPaymaster).paymaster
    expect([given.nodeUrl, given.headers['x-paymaster-api-key']]).toEqual([paymaster.nodeUrl, 'key'])
    const fallback = ((await connector.account(provider)) as unknown as WithPaymaster).paymaster
    expect(fallback.nodeUrl).not.toBe(paymaster.nodeUrl)
    await connector.disconnect()
  })
})
