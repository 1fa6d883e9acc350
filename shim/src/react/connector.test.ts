import { RpcProvider } from 'starknet'
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
})
