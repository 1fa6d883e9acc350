// The session account against wallet-sim's simulated chain (real Argent 0.4 account, real Stark signatures)
// and wallet-sim's cosigner, which recomputes the transaction hash from the request before it co-signs.
import { CHAIN_IDS, type DeploymentPayload } from '@webwallet/protocol'
import { NodeError } from '@webwallet/protocol/errors'
import { serializeSignerSignatures, sessionHash, signHash, toHex } from '@webwallet/protocol/session'
import { type RunningSim, startSim } from '@webwallet/wallet-sim'
import { Account, hash, RpcProvider } from 'starknet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Served, serve } from '../../../wallet-sim/src/services'
import { createCosignerRouter } from '../../../wallet-sim/src/services/cosigner/router'
import { createSessionRequest, generateSessionKey } from '../session/request'
import { signedSession } from '../session/signed'
import { createRpc } from './rpc'
import { SessionAccount } from './SessionAccount'
import { waitForTransaction } from './waitForTransaction'

const ARGENT_CLASS_HASH = '0x036078334509b514626504edc9fb252328d1a240e4e948bef8d0c08dff45927f'
const UDC = '0x02ceed65a4bd731034c01113685c831b01c15d7d432f71afb1cf1634b53a2125'
const STRK = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
// wallet-sim's demo counter sits at an address above the felt range, so the sessions here allow a transfer.
const RECIPIENT = '0x0000000000000000000000000000000000000000000000000000000000abcdef'
const OWNER_KEY = '0x1111'
const GUARDIAN_KEY = '0x2222'

let sim: RunningSim
let funder: Account
let cosigner: Served

beforeAll(async () => {
  sim = await startSim({ seed: 7 })
  // Registers the Argent class until wallet-sim's contract index does (after the simulator's own classes).
  await import('../../../wallet-sim/src/chain/contracts/argent')
  const dev = sim.accounts[0]!
  cosigner = await serve('/cosigner', createCosignerRouter({ guardianPrivateKey: GUARDIAN_KEY }))
  funder = new Account({
    provider: new RpcProvider({ nodeUrl: sim.rpcUrl }),
    address: dev.address,
    signer: dev.private_key,
  })
})
afterAll(async () => {
  await cosigner?.close()
  await sim?.close()
})

function argentAccount(salt: string) {
  const owner = ecKey(OWNER_KEY)
  const guardian = toHex(BigInt(ecKey(GUARDIAN_KEY)))
  const constructorCalldata = ['0x0', owner, '0x0', '0x0', guardian]
  const contractAddress = toHex(
    BigInt(hash.calculateContractAddressFromHash(salt, ARGENT_CLASS_HASH, constructorCalldata, 0)),
  )
  const payload: DeploymentPayload = {
    classHash: ARGENT_CLASS_HASH,
    constructorCalldata,
    addressSalt: salt,
    contractAddress,
  }
  return payload
}

function ecKey(privateKey: string): string {
  return toHex(signHash(1n, privateKey).signer)
}

async function newSessionAccount(salt: string, validityDays = 30) {
  const payload = argentAccount(salt)
  const { transaction_hash } = await funder.execute({
    contractAddress: STRK,
    entrypoint: 'transfer',
    calldata: [payload.contractAddress, '100000000000000000000', '0'],
  })
  await waitForTransaction(createRpc({ nodeUrl: sim.rpcUrl }), transaction_hash, { retryInterval: 50 })
  const request = createSessionRequest({
    appName: 'integration',
    allowedMethods: [{ contract: STRK, selector: 'transfer' }],
    validityDays,
    sessionKey: generateSessionKey(),
    now: await chainNowMs(),
  })
  const sessionHashValue = sessionHash(request.session, payload.contractAddress, CHAIN_IDS.SN_SEPOLIA)
  const signature = serializeSignerSignatures([
    signHash(sessionHashValue, OWNER_KEY),
    signHash(sessionHashValue, GUARDIAN_KEY),
  ])
  const active = signedSession(request, {
    address: payload.contractAddress,
    chainId: CHAIN_IDS.SN_SEPOLIA,
    signature: signature.map(toHex),
    deploymentPayload: payload,
  })
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
      session: active,
      address: payload.contractAddress,
      chainId: CHAIN_IDS.SN_SEPOLIA,
      network: 'sepolia',
      cosignerBaseUrl: cosigner.url.replace(/\/cosigner$/, ''),
      fetch: (...args) => fetch(...args),
      now: () => Date.now(),
    },
    { deployer },
  )
  return { account, rpc }
}

async function chainNowMs(): Promise<number> {
  const block = (await new RpcProvider({ nodeUrl: sim.rpcUrl }).getBlock('latest')) as { timestamp: number }
  return block.timestamp * 1000
}

async function balanceOf(address: string): Promise<bigint> {
  const [low] = await new RpcProvider({ nodeUrl: sim.rpcUrl }).callContract({
    contractAddress: STRK,
    entrypoint: 'balanceOf',
    calldata: [address],
  })
  return BigInt(low ?? '0x0')
}

const pay = (amount: number) => ({
  contractAddress: STRK,
  entrypoint: 'transfer',
  calldata: [RECIPIENT, amount, 0],
})

describe('SessionAccount on the simulated chain', () => {
  it('deploys first, then runs three session calls with no further approval, in at most 3 node round trips each', async () => {
    const { account, rpc } = await newSessionAccount('0x51')
    expect(await account.isDeployed()).toBe(false)
    const first = await account.execute(pay(1))
    await account.waitForTransaction(first.transaction_hash)
    expect(await account.isDeployed()).toBe(true)
    for (let i = 0; i < 2; i++) {
      const before = rpc.roundTrips()
      const { transaction_hash } = await account.execute([pay(1)])
      expect(rpc.roundTrips() - before).toBeLessThanOrEqual(3)
      const receipt = await account.waitForTransaction(transaction_hash)
      expect(receipt.execution_status).toBe('SUCCEEDED')
    }
    expect(await balanceOf(RECIPIENT)).toBe(3n)
  })

  it('refuses a call outside the session before anything is sent', async () => {
    const { account, rpc } = await newSessionAccount('0x52')
    await account.deploy()
    const before = rpc.roundTrips()
    await expect(
      account.execute({ contractAddress: STRK, entrypoint: 'approve', calldata: [RECIPIENT, 5, 0] }),
    ).rejects.toThrow('Call not allowed by the session: approve')
    expect(rpc.roundTrips() - before).toBeLessThanOrEqual(1)
  })

  it('refuses to deploy twice', async () => {
    const { account } = await newSessionAccount('0x53')
    await account.deploy()
    await expect(account.deploy()).rejects.toThrow('Account is already deployed')
  })

  it('is refused by the account once the session expired on chain', async () => {
    const { account, rpc } = await newSessionAccount('0x54', 1)
    await account.deploy()
    await rpc.request('devnet_increaseTime', { time: 2 * 86_400 })
    const error = await account.execute(pay(1)).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NodeError)
    expect(JSON.stringify((error as NodeError).data)).toContain('session/expired')
  })
})
