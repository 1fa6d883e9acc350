// devnet_snapshot / devnet_revert over the WebSocket API: they answer as over HTTP, and a revert serves a new
// chain as devnet_load does, so every subscription ends (starknet_unsubscribe then answers 66) and a new one
// hears the reverted chain.
import { expect, it } from 'vitest'
import { memoryClient, testChain } from './wsTestHelpers'

it('ends every subscription on devnet_revert; a new one follows the reverted chain', async () => {
  using chain = testChain()
  await using rpc = memoryClient(chain.sim)
  const { id } = await rpc.ok<{ id: number }>('devnet_snapshot')
  chain.transfer()
  const heads = await rpc.ok<string>('starknet_subscribeNewHeads')
  expect(await rpc.ok('devnet_revert', { id })).toMatchObject({ id, block_number: 0 })
  chain.transfer()
  expect(await rpc.drain()).toEqual([])
  expect((await rpc.request('starknet_unsubscribe', [heads])).error?.code).toBe(66)
  const again = await rpc.ok<string>('starknet_subscribeNewHeads')
  chain.transfer()
  // The reverted chain is back at block 0: the transfer after the revert made block 1 again, this one block 2.
  expect((await rpc.notification(again)).params.result).toMatchObject({ block_number: 2 })
})
