import { ec, RpcProvider, typedData as td, WalletAccount } from 'starknet'
import { describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { greeting } from '../../../protocol/src/typedData/testing/messages'
import { createConnector } from '../connector/createConnector'
import { startWsWallet } from '../connector/testing/wsWallet'
import { createStarknetWindowObject } from './index'

// starknet.js v10's own WalletAccount driving our wallet object, end to end over the WebSocket transport.

const typedData = greeting('gm')

describe('createStarknetWindowObject', () => {
  it("refuses a missing connector with 'Connector not found'", () => {
    for (const missing of [undefined, null, {}]) {
      expect(() => createStarknetWindowObject(missing as never)).toThrow(
        expect.objectContaining({ code: 'CONNECTOR_NOT_FOUND', message: 'Connector not found' }),
      )
    }
  })

  it('works as the walletProvider of starknet.js WalletAccount', async () => {
    await using wallet = await startWsWallet()
    const connector = createConnector({
      transport: 'websocket',
      websocketUrl: wallet.url,
      WebSocket: WebSocket as never,
    })
    const swo = createStarknetWindowObject(connector)
    expect(swo).toMatchObject({ id: 'argentWebWallet', name: 'Argent Web Wallet', version: '1.0.0' })
    expect(swo.icon).toMatch(/^data:image\/svg\+xml;base64,/)

    const provider = new RpcProvider({ nodeUrl: 'http://127.0.0.1:9/rpc' }) // never called
    const account = await WalletAccount.connect(provider, swo)
    expect(account.address).toBe(wallet.state.address)
    expect(await account.getPermissions()).toEqual(['accounts'])

    const signature = (await account.signMessage(typedData)) as string[]
    const publicKey = ec.starkCurve.getPublicKey(wallet.state.privateKey, false)
    const hash = td.getMessageHash(typedData, wallet.state.address)
    const sig = new ec.starkCurve.Signature(BigInt(signature[0]!), BigInt(signature[1]!))
    expect(ec.starkCurve.verify(sig, hash, publicKey)).toBe(true)

    const { transaction_hash } = await account.execute([
      {
        contractAddress: '0x49d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7',
        entrypoint: 'approve',
        calldata: ['0x1', '10', '0'],
      },
    ])
    expect(transaction_hash).toMatch(/^0x[0-9a-f]+$/)
    await expect(account.switchStarknetChain('0x534e5f4d41494e')).rejects.toThrow('not implemented')

    // The account follows the wallet: accountsChanged reaches WalletAccount through `on`.
    const other = createStarknetWindowObject(connector)
    const seen: unknown[] = []
    other.on('accountsChanged', (accounts) => seen.push(accounts))
    wallet.state.address = '0x0123'
    await other.request({ type: 'wallet_requestAccounts' })
    expect(seen).toEqual([['0x0123']])
    expect(account.address).toBe('0x0123')
  })
})
