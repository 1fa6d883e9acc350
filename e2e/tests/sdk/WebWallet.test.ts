// The whole SDK against wallet-sim over the WebSocket transport with approval mode `auto`: a new user
// connects and signs a session once, runs session calls with no further approval, is refused a call
// outside the session, sees the session EXPIRED after devnet_increaseTime, and reads balances and DeFi.

import { selectorFromName, toHex } from '@webwallet/protocol/session'
import { createPortfolio, createRpc, WebWallet, waitForTransaction } from '@webwallet/shim'
import { CONTRACTS, type RunningSim, startSim } from '@webwallet/wallet-sim'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { headlessWalletOptions } from '../../support/headless'
import { logIn } from './login'

const DEFAULT_USER = 'new-user@example.com'
/** The api key the simulator's paymaster sponsors (startSim's `paymasterApiKeys`). */
const SPONSOR_KEY = 'app-sponsor-key'
const STRK = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
const RECIPIENT = '0x0000000000000000000000000000000000000000000000000000000000abcdef'
// The app's own call. Not a STRK transfer: the cosigner co-signs a fee-token transfer only to the paymaster.
const increment = { contractAddress: CONTRACTS.counter, entrypoint: 'increment', calldata: [] }
/**
 * The counter, and the STRK transfer the paymaster takes its fee with when gas is paid in STRK (bounded by
 * the cosigner: to the paymaster's fee recipient only, within the session's fee caps).
 */
const ALLOWED_METHODS = [
  { contract: CONTRACTS.counter, selector: 'increment' },
  { contract: STRK, selector: 'transfer' },
]

let sim: RunningSim
let wallet: WebWallet

beforeAll(async () => {
  // Headless clients act as DEFAULT_USER and every wallet prompt is approved, as in a scripted session.
  sim = await startSim({ seed: 5, approve: 'auto', email: DEFAULT_USER, paymasterApiKeys: [SPONSOR_KEY] })
  wallet = WebWallet.init({
    appName: 'integration',
    sessionParams: { allowedMethods: ALLOWED_METHODS, validityDays: 1 },
    ...headlessWalletOptions(sim),
  })
})
function gaslessWallet(token: string, apiKey: string | undefined) {
  return WebWallet.init({
    appName: 'integration',
    sessionParams: { allowedMethods: ALLOWED_METHODS },
    ...(apiKey ? { paymasterParams: { apiKey } } : {}),
    ...headlessWalletOptions(sim, token),
  })
}

async function strkBalance(rpc: ReturnType<typeof createRpc>, address: string): Promise<bigint> {
  const [low = '0x0'] = await rpc.request<string[]>('starknet_call', {
    request: {
      contract_address: STRK,
      entry_point_selector: toHex(selectorFromName('balanceOf')),
      calldata: [address],
    },
    block_id: 'pre_confirmed',
  })
  return BigInt(low)
}

afterAll(async () => {
  await sim?.close()
})

describe('WebWallet against wallet-sim', () => {
  it('a new user connects and signs a session once (the approval deploys the account)', async () => {
    await logIn(sim, DEFAULT_USER)
    const { account } = await wallet.requestConnection({
      approvalRequests: [{ tokenAddress: STRK, spender: RECIPIENT, amount: '1' }],
    })
    expect(account.address).toMatch(/^0x[0-9a-f]{64}$/)
    expect(wallet.getSessionStatus()).toBe('VALID')
    expect(await wallet.isConnected()).toBe(true)
  })

  it('runs three session calls with no further approval', async () => {
    const account = wallet.sessionAccount!
    sim.walletSim.approval.set('reject') // any wallet prompt would now fail: the calls must not need one
    const rpc = createRpc({ nodeUrl: sim.rpcUrl })
    for (let i = 0; i < 3; i++) {
      const { transaction_hash } = await account.execute(increment)
      const receipt = await waitForTransaction(rpc, transaction_hash, { retryInterval: 50 })
      expect(receipt.execution_status).toBe('SUCCEEDED')
    }
    sim.walletSim.approval.set('auto')
  })

  it("retries through the paymaster when the cosigner refuses ('Sign session error') and returns that result", async () => {
    const account = wallet.sessionAccount!
    sim.walletSim.faults.add({
      route: '/cosigner/signSession',
      method: 'POST',
      count: 1,
      status: 403,
      body: { status: 'refused' },
    })
    const rpc = createRpc({ nodeUrl: sim.rpcUrl })
    const { transaction_hash } = await account.execute(increment)
    const receipt = await waitForTransaction(rpc, transaction_hash, { retryInterval: 50 })
    expect(receipt.execution_status).toBe('SUCCEEDED')
    // The paymaster relayed it: the transaction's sender is the relayer, not the session account.
    const tx = await rpc.request<{ sender_address: string }>('starknet_getTransactionByHash', {
      transaction_hash,
    })
    expect(BigInt(tx.sender_address)).not.toBe(BigInt(account.address))
    expect(sim.walletSim.faults.list()).toHaveLength(0)
  })

  it('refuses a call outside the session', async () => {
    await expect(
      wallet.sessionAccount!.execute({
        contractAddress: STRK,
        entrypoint: 'approve',
        calldata: [RECIPIENT, 1, 0],
      }),
    ).rejects.toThrow('Call not allowed by the session: approve')
  })

  it('reads balances and DeFi positions of the account', async () => {
    const address = wallet.sessionAccount!.address
    // The SDK's portfolio reader with a 1 ms poll: the backend answers `initialising` once first.
    const portfolio = createPortfolio({
      backendUrl: wallet.environment.backendUrl,
      network: wallet.environment.network,
      appName: 'integration',
      balanceMinWaitMs: 1,
    })
    const balances = await portfolio.balances(address)
    expect(balances.some((b) => BigInt(b.address) === BigInt(STRK) && BigInt(b.balance) > 0n)).toBe(true)
    // None until set up through the dev API (a Node client, no Origin: it has the dev powers).
    expect(await portfolio.defi(address)).toEqual({ dapps: [] })
    const setUp = await fetch(`${sim.url}/dev/accounts/${address}/defi`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ preset: 'sample' }),
    })
    expect(setUp.status).toBe(201)
    expect((await portfolio.defi(address)).dapps.length).toBe(5)
  })

  it.each([
    ['sponsored with the app api key', 'sponsored@example.com', SPONSOR_KEY],
    ['paid in a gas token the account holds', 'token-paid@example.com', undefined],
  ])('runs a gasless call %s, starting from an undeployed account', async (_name, email, apiKey) => {
    const token = await logIn(sim, email)
    const gasless = gaslessWallet(token, apiKey)
    const { account } = await gasless.requestConnection()
    expect(await account.isDeployed()).toBe(false)
    const rpc = createRpc({ nodeUrl: sim.rpcUrl })
    const before = await strkBalance(rpc, account.address)
    const { transaction_hash } = await account.execute(increment)
    const receipt = await waitForTransaction(rpc, transaction_hash, { retryInterval: 50 })
    expect(receipt.execution_status).toBe('SUCCEEDED')
    expect(await account.isDeployed()).toBe(true)
    const spent = before - (await strkBalance(rpc, account.address))
    // Sponsored: nothing; token-paid: the fee the paymaster took.
    if (apiKey) expect(spent).toBe(0n)
    else expect(spent).toBeGreaterThan(0n)
  })

  it("follows the chain's clock: after devnet_increaseTime the account fails fast with SESSION_EXPIRED and the status is EXPIRED", async () => {
    const rpc = createRpc({ nodeUrl: sim.rpcUrl })
    await rpc.request('devnet_increaseTime', { time: 2 * 86_400 }) // the device's clock does not move
    const error = await wallet.sessionAccount!.execute(increment).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'SESSION_EXPIRED' })
    expect(wallet.getSessionStatus()).toBe('EXPIRED')
    expect(await wallet.isConnected()).toBe(false)
  })
})
