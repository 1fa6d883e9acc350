// The session account against wallet-sim's simulated chain (real Argent 0.4 account, real Stark signatures)
// and wallet-sim's cosigner, which recomputes the transaction hash from the request before it co-signs.
// The session is authorised by the hosted wallet (owner + the simulator's guardian, whose key only the
// simulator holds) for a freshly logged-in user; the account is built here with its own RPC and deployer.
import type { DeploymentPayload } from '@webwallet/protocol'
import { SessionExpiredError } from '@webwallet/protocol/errors'
import { toHex } from '@webwallet/protocol/session'
import { createRpc, SessionAccount, WebWallet } from '@webwallet/shim'
import { CONTRACTS, type RunningSim, startSim } from '@webwallet/wallet-sim'
import { Account, RpcProvider } from 'starknet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { headlessWalletOptions } from '../../support/headless'
import { logIn } from './login'

const UDC = '0x02ceed65a4bd731034c01113685c831b01c15d7d432f71afb1cf1634b53a2125'
const STRK = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
const RECIPIENT = '0x0000000000000000000000000000000000000000000000000000000000abcdef'

let sim: RunningSim
let funder: Account

beforeAll(async () => {
  sim = await startSim({ seed: 7, approve: 'auto' })
  const dev = sim.accounts[0]!
  // e2e's starknet is v8, which speaks JSON-RPC 0.9.
  funder = new Account({
    provider: new RpcProvider({ nodeUrl: `${sim.url}/rpc/v0_9` }),
    address: dev.address,
    signer: dev.private_key,
  })
})
afterAll(async () => {
  await sim?.close()
})

type ActiveSession = ConstructorParameters<typeof SessionAccount>[0]['session']

/**
 * A session for a new user (created and funded by the login, not deployed), signed by the wallet over
 * WebSocket; the SDK's export of it (with the key) is what the account below signs with.
 */
async function walletSignedSession(email: string, validityDays: number): Promise<ActiveSession> {
  const token = await logIn(sim, email)
  const now = await chainNowMs()
  const wallet = WebWallet.init({
    appName: 'integration',
    sessionParams: { allowedMethods: [{ contract: CONTRACTS.counter, selector: 'increment' }], validityDays },
    ...headlessWalletOptions(sim, token),
    now: () => now,
    // This test drives the account with the raw key, so it opts in to the export.
    allowSessionKeyExport: true,
  })
  await wallet.requestConnection()
  const signed = wallet.exportSignedSession({ includePrivateKey: true })
  if (!signed) throw new Error(`no session for ${email}`)
  return {
    stored: { ...signed, sessionKey: { ...signed.sessionKey, privateKey: '' } },
    privateKey: signed.sessionKey.privateKey,
  }
}

async function newSessionAccount(email: string, validityDays = 30) {
  const session = await walletSignedSession(email, validityDays)
  const rpc = createRpc({ nodeUrl: sim.rpcUrl })
  const deployer = async (p: DeploymentPayload) => {
    const calldata = [
      p.classHash,
      p.addressSalt,
      '0x0',
      toHex(BigInt(p.constructorCalldata.length)),
      ...p.constructorCalldata,
    ]
    const { transaction_hash: transactionHash } = await funder.execute({
      contractAddress: UDC,
      entrypoint: 'deployContract',
      calldata,
    })
    return { transactionHash, contractAddress: p.contractAddress }
  }
  const account = new SessionAccount(
    {
      rpc,
      session,
      address: session.stored.address,
      chainId: session.stored.chainId,
      network: 'sepolia',
      cosignerBaseUrl: sim.url,
      fetch: (...args) => fetch(...args),
      now: () => Date.now(),
    },
    { deployer },
  )
  return { account, rpc }
}

async function chainNowMs(): Promise<number> {
  const block = await createRpc({ nodeUrl: sim.rpcUrl }).request<{ timestamp: number }>(
    'starknet_getBlockWithTxHashes',
    { block_id: 'latest' },
  )
  return block.timestamp * 1000
}

async function counterOf(address: string): Promise<bigint> {
  const [value] = await new RpcProvider({ nodeUrl: `${sim.url}/rpc/v0_9` }).callContract({
    contractAddress: CONTRACTS.counter,
    entrypoint: 'get_counter',
    calldata: [address],
  })
  return BigInt(value ?? '0x0')
}

// The app's own call. Not a STRK transfer: the cosigner co-signs a fee-token transfer only to the paymaster.
const increment = { contractAddress: CONTRACTS.counter, entrypoint: 'increment', calldata: [] }

describe('SessionAccount on the simulated chain', () => {
  it('deploys first, then runs three session calls with no further approval, in at most 3 node round trips each', async () => {
    const { account, rpc } = await newSessionAccount('session-51@example.com')
    expect(await account.isDeployed()).toBe(false)
    const first = await account.execute(increment)
    await account.waitForTransaction(first.transaction_hash)
    expect(await account.isDeployed()).toBe(true)
    for (let i = 0; i < 2; i++) {
      const before = rpc.roundTrips()
      const { transaction_hash } = await account.execute([increment])
      expect(rpc.roundTrips() - before).toBeLessThanOrEqual(3)
      const receipt = await account.waitForTransaction(transaction_hash)
      expect(receipt.execution_status).toBe('SUCCEEDED')
    }
    expect(await counterOf(account.address)).toBe(3n)
  })

  it('refuses a call outside the session before anything is sent', async () => {
    const { account, rpc } = await newSessionAccount('session-52@example.com')
    await account.deploy()
    const before = rpc.roundTrips()
    await expect(
      account.execute({ contractAddress: STRK, entrypoint: 'approve', calldata: [RECIPIENT, 5, 0] }),
    ).rejects.toThrow('Call not allowed by the session: approve')
    expect(rpc.roundTrips() - before).toBeLessThanOrEqual(1)
  })

  it('refuses to deploy twice', async () => {
    const { account } = await newSessionAccount('session-53@example.com')
    await account.deploy()
    await expect(account.deploy()).rejects.toThrow('Account is already deployed')
  })

  it("fails fast with SESSION_EXPIRED once the chain's clock passed the session's expiry", async () => {
    const { account, rpc } = await newSessionAccount('session-54@example.com', 1)
    await account.deploy()
    await rpc.request('devnet_increaseTime', { time: 2 * 86_400 })
    const error = await account.execute(increment).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SessionExpiredError)
    expect((error as SessionExpiredError).data.chainTime).toBeGreaterThanOrEqual(
      (error as SessionExpiredError).data.expiresAt,
    )
  })
})
