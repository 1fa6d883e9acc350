// starknet.js v8 (e2e's, as x-sessions and starknetkit apps use it), unchanged, against wallet-sim's SNIP-29
// paymaster at POST /paymaster: `PaymasterRpc` and `Account.executePaymasterTransaction`. The v10 client is
// tested in wallet-sim (src/services/paymaster/snip29/starknetjs.test.ts): the wire is the same.
import { randomBytes } from 'node:crypto'
import { CONTRACTS, type RunningSim, startSim } from '@webwallet/wallet-sim'
import { Account, ec, hash, PaymasterRpc, RpcError, RpcProvider } from 'starknet'
import { afterAll, beforeAll, expect, it } from 'vitest'

const ARGENT_CLASS_HASH = '0x036078334509b514626504edc9fb252328d1a240e4e948bef8d0c08dff45927f'
const STRK = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
const increment = { contractAddress: CONTRACTS.counter, entrypoint: 'increment', calldata: [] }
const poll = { retryInterval: 50 }

let sim: RunningSim
let provider: RpcProvider
beforeAll(async () => {
  sim = await startSim({ seed: 30 })
  // e2e's starknet is v8, which speaks JSON-RPC 0.9.
  provider = new RpcProvider({ nodeUrl: `${sim.url}/rpc/v0_9` })
})
afterAll(() => sim?.close())

/** A counterfactual Argent account (owner key only) and its deployment data. */
async function freshArgent(apiKey?: string) {
  const privateKey = `0x${randomBytes(31).toString('hex')}`
  const publicKey = ec.starkCurve.getStarkKey(privateKey)
  const calldata = ['0x0', publicKey, '0x1']
  const address = hash.calculateContractAddressFromHash(publicKey, ARGENT_CLASS_HASH, calldata, 0)
  const paymaster = new PaymasterRpc({
    nodeUrl: `${sim.url}/paymaster`,
    ...(apiKey === undefined ? {} : { headers: { 'x-paymaster-api-key': apiKey } }),
  })
  const account = new Account({ provider, address, signer: privateKey, paymaster })
  const deploymentData = {
    address,
    class_hash: ARGENT_CLASS_HASH,
    salt: publicKey,
    calldata,
    version: 1 as const,
  }
  return { account, address, deploymentData }
}

async function counterOf(address: string) {
  const [value] = await provider.callContract({
    ...increment,
    entrypoint: 'get_counter',
    calldata: [address],
  })
  return BigInt(value ?? 0)
}

it('deploy_and_invoke paid in STRK, then a sponsored invoke', async () => {
  const user = await freshArgent('wallet-sim-sponsor')
  const funded = await fetch(`${sim.url}/dev/accounts/${user.address}/fund`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ amount: (10n ** 19n).toString(), token: STRK }),
  })
  expect(funded.status).toBe(200)

  const paid = await user.account.executePaymasterTransaction([increment], {
    feeMode: { mode: 'default', gasToken: STRK },
    deploymentData: user.deploymentData,
  })
  expect((await provider.waitForTransaction(paid.transaction_hash, poll)).isSuccess()).toBe(true)
  const sponsored = await user.account.executePaymasterTransaction([increment], {
    feeMode: { mode: 'sponsored' },
  })
  expect((await provider.waitForTransaction(sponsored.transaction_hash, poll)).isSuccess()).toBe(true)
  expect(await counterOf(user.address)).toBe(2n)
})

it('sponsoring without an api key is refused: 163, x-paymaster-api-key is invalid', async () => {
  const user = await freshArgent()
  const error = await user.account
    .executePaymasterTransaction([increment], {
      feeMode: { mode: 'sponsored' },
      deploymentData: user.deploymentData,
    })
    .catch((reason: unknown) => reason)
  expect(error).toBeInstanceOf(RpcError)
  expect((error as RpcError).baseError).toMatchObject({ code: 163, data: 'x-paymaster-api-key is invalid' })
})
