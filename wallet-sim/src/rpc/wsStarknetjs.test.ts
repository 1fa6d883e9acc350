// starknet.js's own WebSocketChannel, unmodified, against the simulator: v10 on /rpc (spec 0.10) and v8 on
// /rpc/v0_9 (spec 0.9); an Account.execute over HTTP makes the notifications.
import './wsTestGlobal' // first: Node 20 has no global WebSocket, which WebSocketChannel looks for
import { Account, CallData, hash, num, RpcProvider, uint256, WebSocketChannel } from 'starknet'
import {
  Account as AccountV8,
  RpcProvider as RpcProviderV8,
  WebSocketChannel as WebSocketChannelV8,
} from 'starknet-v8'
import { describe, expect, it } from 'vitest'
import { CONTRACTS, startSim } from '../index'

const TRANSFER = num.toHex(hash.getSelectorFromName('Transfer'))
const transferCall = (to: string, amount: bigint) => ({
  contractAddress: CONTRACTS.strk,
  entrypoint: 'transfer',
  calldata: CallData.compile({ recipient: to, amount: uint256.bnToUint256(amount) }),
})

/** What a subscription delivers, one item at a time, in order. */
function collect<T>(subscription: { on(handler: (data: T) => void): void }) {
  const items: T[] = []
  const waiting: ((item: T) => void)[] = []
  subscription.on((item) => {
    const next = waiting.shift()
    if (next) next(item)
    else items.push(item)
  })
  return () => (items.length > 0 ? Promise.resolve(items.shift()!) : new Promise<T>((r) => waiting.push(r)))
}

describe('starknet.js WebSocketChannel against the simulator', () => {
  it('v10 on /rpc: new heads, events and a transaction status as an Account.execute goes through', async () => {
    // With a block time the transaction is seen pre_confirmed first; the test closes the block.
    await using sim = await startSim({ accounts: 2, blockTime: 3_600_000 })
    const channel = new WebSocketChannel({ nodeUrl: sim.rpcWsUrl })
    try {
      await channel.waitForConnection()
      const heads = collect(await channel.subscribeNewHeads())
      const events = collect(
        await channel.subscribeEvents({
          fromAddress: CONTRACTS.strk,
          keys: [[TRANSFER], [sim.accounts[0]!.address]],
          finalityStatus: 'PRE_CONFIRMED',
        }),
      )
      const provider = new RpcProvider({ nodeUrl: sim.rpcUrl })
      const [a, b] = sim.accounts
      const account = new Account({ provider, address: a!.address, signer: a!.private_key })
      const { transaction_hash } = await account.execute(transferCall(b!.address, 10n ** 18n))
      const status = collect(await channel.subscribeTransactionStatus({ transactionHash: transaction_hash }))
      expect(await status()).toEqual({
        transaction_hash,
        status: { finality_status: 'PRE_CONFIRMED', execution_status: 'SUCCEEDED' },
      })
      // The transfer and the fee transfer, both from the account: pre_confirmed, then accepted.
      const pre = [await events(), await events()]
      expect(pre).toMatchObject([
        { transaction_hash, finality_status: 'PRE_CONFIRMED', event_index: 0 },
        { transaction_hash, finality_status: 'PRE_CONFIRMED', event_index: 1 },
      ])
      expect(BigInt(pre[0]!.data[0]!)).toBe(10n ** 18n)

      sim.chain.closeBlock()
      expect(await heads()).toMatchObject({ block_number: 1, block_hash: sim.chain.blocks[1]!.hash })
      expect(await status()).toMatchObject({ status: { finality_status: 'ACCEPTED_ON_L2' } })
      expect([await events(), await events()]).toMatchObject([
        { transaction_hash, finality_status: 'ACCEPTED_ON_L2', block_number: 1, event_index: 0 },
        { transaction_hash, finality_status: 'ACCEPTED_ON_L2', block_number: 1, event_index: 1 },
      ])
    } finally {
      channel.disconnect()
      await channel.waitForDisconnection()
    }
  })

  it('v8 on /rpc/v0_9: new heads, events and a transaction status', async () => {
    await using sim = await startSim({ accounts: 2 })
    const channel = new WebSocketChannelV8({ nodeUrl: `${sim.url.replace(/^http/, 'ws')}/rpc/v0_9` })
    try {
      await channel.waitForConnection()
      const heads = collect(await channel.subscribeNewHeads())
      const events = collect(await channel.subscribeEvents({ fromAddress: CONTRACTS.strk }))
      const provider = new RpcProviderV8({ nodeUrl: `${sim.url}/rpc/v0_9` })
      const [a, b] = sim.accounts
      const account = new AccountV8({ provider, address: a!.address, signer: a!.private_key })
      const { transaction_hash } = await account.execute(transferCall(b!.address, 5n))
      const header = await heads()
      expect(header).toMatchObject({ block_number: 1 })
      expect(header).not.toHaveProperty('event_count') // a 0.9 header
      const event = await events()
      expect(event).toMatchObject({
        transaction_hash,
        finality_status: 'ACCEPTED_ON_L2',
        keys: [TRANSFER, expect.any(String), expect.any(String)],
      })
      expect(event).not.toHaveProperty('event_index')
      const status = await channel.subscribeTransactionStatus({ transactionHash: transaction_hash })
      expect(await collect(status)()).toMatchObject({ status: { finality_status: 'ACCEPTED_ON_L2' } })
      expect(await status.unsubscribe()).toBe(true)
    } finally {
      channel.disconnect()
      await channel.waitForDisconnection()
    }
  })
})
