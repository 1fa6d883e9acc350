// Issue 27: the SDK under real use against wallet-sim (WebSocket transport, approval mode `auto`): concurrent
// executes, a double-clicked requestConnection, the chain's clock moving away from the device's, the
// wallet's Reject, clearSession with an account still held, and disconnect in Node.
import { createRpc, WebWallet, waitForTransaction } from '@webwallet/shim'
import { CONTRACTS, type RunningSim, startSim } from '@webwallet/wallet-sim'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { headlessWalletOptions } from '../../support/headless'
import { logIn } from './login'

const increment = { contractAddress: CONTRACTS.counter, entrypoint: 'increment', calldata: [] }
const sessionParams = { allowedMethods: [{ contract: CONTRACTS.counter, selector: 'increment' }] }

let sim: RunningSim
let rpc: ReturnType<typeof createRpc>

beforeAll(async () => {
  sim = await startSim({ seed: 27, approve: 'auto' })
  rpc = createRpc({ nodeUrl: sim.rpcUrl })
})
afterAll(async () => {
  await sim?.close()
})

async function newWallet(email: string, extra: Record<string, unknown> = {}) {
  const token = await logIn(sim, email)
  return WebWallet.init({
    appName: 'real-use',
    sessionParams,
    ...headlessWalletOptions(sim, token),
    ...extra,
  })
}

async function landed(hash: string): Promise<string> {
  return String((await waitForTransaction(rpc, hash, { retryInterval: 50 })).execution_status)
}

describe('the SDK under real use', () => {
  it('three executes at once (Promise.all, a double click) all land, with nonces in order', async () => {
    const wallet = await newWallet('concurrent@example.com')
    const { account } = await wallet.requestConnection()
    await landed((await account.execute(increment)).transaction_hash) // deployed, as after a first call
    const hashes = await Promise.all([
      account.execute(increment),
      account.execute(increment),
      account.execute(increment),
    ])
    expect(new Set(hashes.map((h) => h.transaction_hash)).size).toBe(3)
    for (const { transaction_hash } of hashes) expect(await landed(transaction_hash)).toBe('SUCCEEDED')
    await wallet.disconnect()
  })

  it('a double-clicked requestConnection signs one session', async () => {
    const wallet = await newWallet('double-click@example.com')
    const [a, b] = await Promise.all([wallet.requestConnection(), wallet.requestConnection()])
    expect(a.account.session.hash).toBe(b.account.session.hash)
    expect(b.account).toBe(a.account)
    await wallet.disconnect()
  })

  it("a session signed after the chain's clock jumped ahead expires with the chain, and works", async () => {
    await rpc.request('devnet_increaseTime', { time: 40 * 86_400 }) // the device's clock does not move
    const wallet = await newWallet('chain-ahead@example.com')
    const { account } = await wallet.requestConnection()
    const block = await rpc.request<{ timestamp: number }>('starknet_getBlockWithTxHashes', {
      block_id: 'pre_confirmed',
    })
    expect(account.session.expiresAt).toBeGreaterThan(block.timestamp + 29 * 86_400)
    expect(await landed((await account.execute(increment)).transaction_hash)).toBe('SUCCEEDED')
    expect(wallet.getSessionStatus()).toBe('VALID')
    await wallet.disconnect()
  })

  it('a device clock far ahead of the chain does not make a live session EXPIRED', async () => {
    let skew = 0
    const wallet = await newWallet('device-ahead@example.com', { now: () => Date.now() + skew })
    const { account } = await wallet.requestConnection()
    skew = 31 * 86_400_000 // past the 30-day expiry on the device only
    expect(await landed((await account.execute(increment)).transaction_hash)).toBe('SUCCEEDED')
    expect(wallet.getSessionStatus()).toBe('VALID')
    await wallet.disconnect()
  })

  it("the wallet's Reject is USER_REJECTED, the wallet's words in data", async () => {
    const wallet = await newWallet('rejects@example.com')
    sim.walletSim.approval.set('reject')
    try {
      const error = await wallet.requestConnection().catch((e: unknown) => e)
      expect(error).toMatchObject({ code: 'USER_REJECTED', data: { webwalletErrorCode: 'USER_REJECTED' } })
    } finally {
      sim.walletSim.approval.set('auto')
    }
    await wallet.disconnect()
  })

  it('after clearSession an account the app still holds no longer executes (SESSION_REVOKED)', async () => {
    const wallet = await newWallet('cleared@example.com')
    const { account } = await wallet.requestConnection()
    wallet.clearSession()
    await expect(account.execute(increment)).rejects.toMatchObject({ code: 'SESSION_REVOKED' })
    await wallet.disconnect()
  })
})
