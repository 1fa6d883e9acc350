// starknet.js's own WalletAccount over our get-starknet wallet object, against wallet-sim's hosted wallet
// (WebSocket transport, approval mode `auto`): it connects, signs typed data that the account contract accepts, and
// executes a transaction that lands on the simulated chain.
import { createConnector, createStarknetWindowObject } from '@webwallet/shim/connector'
import { CONTRACTS, startSim } from '@webwallet/wallet-sim'
import { RpcProvider, typedData as td, WalletAccount } from 'starknet-v8'
import { expect, test } from 'vitest'
import { WebSocket } from 'ws'
import { greeting } from '../../support/typedData'

const COUNTER = CONTRACTS.counter
const GREETING = greeting('gm')

test('starknet.js WalletAccount signs and executes through our wallet object against wallet-sim', async () => {
  await using sim = await startSim({ approve: 'auto', email: 'walletaccount@example.com' })
  const connector = createConnector({
    transport: 'websocket',
    websocketUrl: sim.trpcUrl,
    WebSocket: WebSocket as never,
  })
  const provider = new RpcProvider({ nodeUrl: `${sim.url}/rpc/v0_9` })
  const account = await WalletAccount.connect(provider, createStarknetWindowObject(connector))
  const user = sim.walletSim.login.users().find((u) => u.email === 'walletaccount@example.com')
  expect(account.address).toBe(user?.address)

  const { transaction_hash } = await account.execute([
    { contractAddress: COUNTER, entrypoint: 'increment', calldata: [] },
  ])
  const receipt = await provider.waitForTransaction(transaction_hash, { retryInterval: 100 })
  expect(receipt.isSuccess()).toBe(true)
  const [counter] = await provider.callContract({
    contractAddress: COUNTER,
    entrypoint: 'get_counter',
    calldata: [account.address],
  })
  expect(BigInt(counter!)).toBe(1n)

  const signature = (await account.signMessage(GREETING)) as string[]
  const [valid] = await provider.callContract({
    contractAddress: account.address,
    entrypoint: 'is_valid_signature',
    calldata: [td.getMessageHash(GREETING, account.address), String(signature.length), ...signature],
  })
  expect(BigInt(valid!)).toBe(0x56414c4944n) // 'VALID'
  await connector.disconnect()
})
