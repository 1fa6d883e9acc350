// The SDK's resource bounds for a session's own invoke on the real Argent 0.4.0 account (starknet-devnet-rs).
// The SDK estimates with SKIP_VALIDATE (the session token cannot be co-signed before the hash is known), and
// the real account's session validation (owner + guardian authorisation sent in full, session key, guardian,
// proofs) costs more than half a million L2 gas the estimate never sees: the SDK adds that allowance, so
// its own bounds keep the 50% margin of docs/protocol.md, Constants, over what the transaction really uses. No test-side bounds.
import { createRpc, WebWallet, waitForTransaction } from '@webwallet/shim'
import { createConnector } from '@webwallet/shim/connector'
import { type RunningSim, startSim } from '@webwallet/wallet-sim'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import type { Devnet } from '../support/devnet'
import { headlessWalletOptions } from '../support/headless'
import { approve, ETH, SPENDER } from './journeys'
import { freshDevnet } from './shared'

let devnet: Devnet
let sim: RunningSim
beforeAll(async () => {
  devnet = await freshDevnet()
  sim = await startSim({ node: devnet.rpcUrl, approve: 'auto', email: 'session-gas@example.com' })
}, 120_000)
afterAll(async () => {
  await sim?.close()
  await devnet?.stop()
})

it("a session's first and later invokes succeed self-paid with the SDK's own bounds, 50% above their use", async () => {
  const rpc = createRpc({ nodeUrl: sim.rpcUrl })
  // The wallet deploys the account with its own (owner + guardian) invoke, so every session execute below is
  // the session's own invoke, not the paymaster's first deployment.
  const connector = createConnector({
    transport: 'websocket',
    websocketUrl: sim.trpcUrl,
    WebSocket: WebSocket as never,
  })
  await connector.connect()
  const deployed = (await connector.request({
    type: 'wallet_addInvokeTransaction',
    params: { calls: [{ contract_address: ETH, entry_point: 'approve', calldata: [SPENDER, '0x9', '0x0'] }] },
  })) as { transaction_hash: string }
  expect((await waitForTransaction(rpc, deployed.transaction_hash)).execution_status).toBe('SUCCEEDED')
  await connector.disconnect()

  const wallet = WebWallet.init({
    appName: 'session gas',
    sessionParams: { allowedMethods: [{ contract: ETH, selector: 'approve' }], validityDays: 1 },
    ...headlessWalletOptions(sim),
  })
  const { account } = await wallet.requestConnection()
  const uses: { calls: number; used: bigint; bound: bigint }[] = []
  for (const calls of [[approve(1)], [approve(2)], [approve(3), approve(4), approve(5)]]) {
    const { transaction_hash } = await account.execute(calls)
    const receipt = await waitForTransaction(rpc, transaction_hash)
    expect(receipt.execution_status).toBe('SUCCEEDED')
    const tx = await rpc.request<{
      sender_address: string
      resource_bounds: { l2_gas: { max_amount: string } }
    }>('starknet_getTransactionByHash', { transaction_hash })
    // The session's own invoke (self-paid), not a relayed outside execution.
    expect(BigInt(tx.sender_address)).toBe(BigInt(account.address))
    const used = BigInt(
      (receipt as unknown as { execution_resources: { l2_gas: number } }).execution_resources.l2_gas,
    )
    uses.push({ calls: calls.length, used, bound: BigInt(tx.resource_bounds.l2_gas.max_amount) })
  }
  for (const { used, bound } of uses) expect(bound * 2n).toBeGreaterThanOrEqual(used * 3n)
})
