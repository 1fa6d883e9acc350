// The outside execution's validity window follows the chain's clock, not the device's: the account contract
// and the cosigner check execute_after / execute_before against the block timestamp. Against wallet-sim's
// chain, whose clock the dev API moves a day ahead, and with a device clock days off, the payload the SDK
// builds still runs when a relayer submits it.
import { OUTSIDE_EXECUTION_AHEAD_MS, OUTSIDE_EXECUTION_BACK_MS } from '@webwallet/protocol'
import { parseOutsideExecutionCalldata, toFelt } from '@webwallet/protocol/session'
import {
  createRpc,
  memoryKeyStore,
  memoryStorage,
  type SessionAccount,
  WebWallet,
  waitForTransaction,
} from '@webwallet/shim'
import { CONTRACTS, DEFAULT_PAYMASTER_API_KEYS, type RunningSim, startSim } from '@webwallet/wallet-sim'
import { Account, RpcProvider } from 'starknet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { headlessWalletOptions } from '../../support/headless'
import { logIn } from './login'

const increment = { contractAddress: CONTRACTS.counter, entrypoint: 'increment', calldata: [] }
const DAY = 86_400
const BACK = OUTSIDE_EXECUTION_BACK_MS / 1000
const AHEAD = OUTSIDE_EXECUTION_AHEAD_MS / 1000

let sim: RunningSim
let provider: RpcProvider
let relayer: Account
let token: string
// One device's storage: a second WebWallet on it restores the signed session, as a reloaded page does.
const storage = memoryStorage()
const keyStore = memoryKeyStore()

/** A WebWallet of the test's app on the shared storage, its device clock `skewMs` off. */
function init(skewMs = 0) {
  return WebWallet.init({
    appName: 'outside-clock',
    sessionParams: { allowedMethods: [{ contract: CONTRACTS.counter, selector: 'increment' }] },
    paymasterParams: { apiKey: DEFAULT_PAYMASTER_API_KEYS[0] },
    ...headlessWalletOptions(sim, token),
    storage,
    keyStore,
    now: () => Date.now() + skewMs,
  })
}

beforeAll(async () => {
  sim = await startSim({ seed: 29, approve: 'auto' })
  // e2e's starknet is v8, which speaks JSON-RPC 0.9.
  provider = new RpcProvider({ nodeUrl: `${sim.url}/rpc/v0_9` })
  const [dev] = sim.accounts
  if (!dev) throw new Error('no predeployed account to relay outside executions')
  relayer = new Account({ provider, address: dev.address, signer: dev.private_key })
  token = await logIn(sim, 'outside-clock@example.com')
  const wallet = init()
  const { account } = await wallet.requestConnection()
  // Deployed through the paymaster on its first execute: later payloads are probed like any deployed account.
  await succeeded((await account.execute(increment)).transaction_hash)
  await wallet.disconnect()
})
afterAll(async () => {
  await sim?.close()
})

async function succeeded(hash: string) {
  const receipt = await waitForTransaction(createRpc({ nodeUrl: sim.rpcUrl }), hash, { retryInterval: 50 })
  expect(receipt.execution_status).toBe('SUCCEEDED')
}

/** The chain's time (seconds) as the dev API tells it. */
async function chainTime(): Promise<number> {
  return ((await (await fetch(`${sim.url}/dev/time`)).json()) as { time: number }).time
}

async function moveChainClock(seconds: number): Promise<void> {
  const response = await fetch(`${sim.url}/dev/time`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ increase: seconds }),
  })
  expect(response.ok).toBe(true)
}

async function counterOf(address: string): Promise<bigint> {
  const [value] = await provider.callContract({
    contractAddress: CONTRACTS.counter,
    entrypoint: 'get_counter',
    calldata: [address],
  })
  return BigInt(value ?? 0)
}

/** Builds a payload, checks its window is the chain's now -10 min .. +20 min, and has the relayer run it. */
async function relayOnce(account: SessionAccount) {
  const before = await chainTime()
  const payload = await account.getOutsideExecutionPayload(increment)
  const after = await chainTime()
  const { execution } = parseOutsideExecutionCalldata(payload.calldata.map(toFelt))
  expect(Number(execution.executeAfter)).toBeGreaterThanOrEqual(before - BACK)
  expect(Number(execution.executeAfter)).toBeLessThanOrEqual(after - BACK)
  expect(Number(execution.executeBefore)).toBeGreaterThanOrEqual(before + AHEAD)
  expect(Number(execution.executeBefore)).toBeLessThanOrEqual(after + AHEAD)
  const counter = await counterOf(account.address)
  await succeeded((await relayer.execute([payload], { tip: 0 })).transaction_hash)
  expect(await counterOf(account.address)).toBe(counter + 1n)
}

describe("the outside execution's window follows the chain's clock", () => {
  it('runs a payload built after the chain clock moved a day ahead of the last reading', async () => {
    const wallet = init()
    const restored = await wallet.connect()
    if (!restored) throw new Error('the session was not restored')
    // The SDK read the chain's clock (an execute); then the developer moves the chain a day ahead.
    await succeeded((await restored.account.execute(increment)).transaction_hash)
    await moveChainClock(DAY)
    await relayOnce(restored.account)
    await wallet.disconnect()
  })

  it('runs a payload built on a device whose clock is two days ahead of the chain, then two days behind', async () => {
    for (const skewMs of [2 * DAY * 1000, -2 * DAY * 1000]) {
      // A restored session: no reading of the chain's clock before the payload is built.
      const wallet = init(skewMs)
      const restored = await wallet.connect()
      if (!restored) throw new Error('the session was not restored')
      await relayOnce(restored.account)
      await wallet.disconnect()
    }
  })
})
