// Compatibility with AVNU's public gasless client, @avnu/gasless-sdk 0.1.8 on starknet.js v6, pointed at the
// simulator's paymaster (`/paymaster/v1`): prices, compatibility, signed answers, and sponsored and
// STRK-paid executions that land on the simulated chain through a SNIP-9 v2 outside execution.
import { type RunningSim, startSim } from '@webwallet/wallet-sim'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gasless, starknetV6 } from '../../support/avnu'

const { Account, RpcProvider, ec, hash } = starknetV6
const STRK = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
const ETH = '0x049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7'
const SPONSOR = 'wallet-sim-sponsor'
const SERVER_KEY = '0x5e7e7'
const OWNER_KEY = '0xa11ce5'
const RECIPIENT = '0x7e51e47'
const ownerPublicKey = ec.starkCurve.getStarkKey(OWNER_KEY)
// Argent 0.4 `constructor(owner: Signer::Starknet(pubkey), guardian: Option::None)`: one key signs, as the
// v6 Account does (Signer variant 0, Option::None is variant 1).
const constructorCalldata = ['0x0', ownerPublicKey, '0x1']
const SALT = '0x5a17'
/** The paymaster's full public key (the SDK's `apiPublicKey`: a curve point, not the x-only Stark key). */
const apiPublicKey = starknetV6.encode.addHexPrefix(
  starknetV6.encode.buf2hex(ec.starkCurve.getPublicKey(SERVER_KEY)),
)

let sim: RunningSim
let options: { baseUrl: string }
let classHash: string
let userAddress: string

beforeAll(async () => {
  sim = await startSim({ accounts: 2, paymasterPrivateKey: SERVER_KEY })
  options = { baseUrl: sim.url }
  classHash = await argentClassHash(sim.url)
  userAddress = hash.calculateContractAddressFromHash(SALT, classHash, constructorCalldata, 0)
  await rpc('devnet_mint', { address: userAddress, amount: 1e18, unit: 'FRI' })
})
afterAll(() => sim?.close())

describe('fetchGaslessStatus and fetchAccountsRewards', () => {
  it('reports the paymaster up, and no sponsor rewards for an account', async () => {
    expect(await gasless.fetchGaslessStatus(options)).toEqual({ status: true })
    expect(await gasless.fetchAccountsRewards(sim.accounts[0]!.address, options)).toEqual([])
  })
})

describe('fetchGasTokenPrices', () => {
  it('lists STRK and ETH priced in wei per whole token', async () => {
    expect(await gasless.fetchGasTokenPrices(options)).toEqual([
      { tokenAddress: STRK, decimals: 18, priceInETH: 10n ** 14n },
      { tokenAddress: ETH, decimals: 18, priceInETH: 10n ** 18n },
    ])
  })

  it("verifies the paymaster's signed answer with its public key, and refuses a wrong or missing one", async () => {
    const prices = await gasless.fetchGasTokenPrices({ ...options, apiPublicKey })
    expect(prices.map((price) => price.tokenAddress)).toEqual([STRK, ETH])

    const otherKey = starknetV6.encode.buf2hex(ec.starkCurve.getPublicKey('0x0bad'))
    await expect(gasless.fetchGasTokenPrices({ ...options, apiPublicKey: `0x${otherKey}` })).rejects.toThrow(
      'Invalid server signature',
    )

    await dev('/faults', { route: '/paymaster/v1/gas-token-prices', count: 1, dropSignatureHeader: true })
    await expect(gasless.fetchGasTokenPrices({ ...options, apiPublicKey })).rejects.toThrow(
      'No server signature',
    )
  })
})

describe('fetchAccountCompatibility', () => {
  it('accepts a counterfactual Argent account and refuses a deployed non-Argent account', async () => {
    expect(await gasless.fetchAccountCompatibility(userAddress, options)).toEqual({
      isCompatible: true,
      // The relayer's own part, which clients add to their estimate of the calls.
      gasConsumedOverhead: 2_000_000n,
      dataGasConsumedOverhead: 256n,
    })
    const devAccount = await gasless.fetchAccountCompatibility(sim.accounts[0]!.address, options)
    expect(devAccount.isCompatible).toBe(false)
  })
})

describe('executeCalls', () => {
  it('deploys the account and runs a sponsored transfer, then a transfer paid in STRK', async () => {
    const account = new Account(new RpcProvider({ nodeUrl: `${sim.url}/rpc/v0_9` }), userAddress, OWNER_KEY)
    const transfer = (amount: number) => ({
      contractAddress: STRK,
      entrypoint: 'transfer',
      calldata: [RECIPIENT, String(amount), '0'],
    })
    const deploymentData = { class_hash: classHash, salt: SALT, unique: '0x0', calldata: constructorCalldata }

    const sponsored = await gasless.executeCalls(
      account,
      [transfer(5)],
      { deploymentData },
      // Signed answers: build-typed-data and execute are both verified by the SDK.
      { ...options, apiKey: SPONSOR, apiPublicKey },
    )
    expect(await succeeded(sponsored.transactionHash)).toBe(true)
    expect(BigInt(await rpc<string>('starknet_getClassHashAt', ['latest', userAddress]))).toBe(
      BigInt(classHash),
    )
    expect(await strkBalance(RECIPIENT)).toBe(5n)
    // Sponsored: the user paid only the transfer.
    expect(await strkBalance(userAddress)).toBe(10n ** 18n - 5n)

    const relayer = sim.walletSim.relayer.address
    const relayerBefore = await strkBalance(relayer)
    const maxGasTokenAmount = 5n * 10n ** 16n
    const paid = await gasless.executeCalls(
      account,
      [transfer(7)],
      { gasTokenAddress: STRK, maxGasTokenAmount },
      options,
    )
    const receipt = await rpc<{ execution_status: string; actual_fee: { amount: string } }>(
      'starknet_getTransactionReceipt',
      [paid.transactionHash],
    )
    expect(receipt.execution_status).toBe('SUCCEEDED')
    expect(await strkBalance(RECIPIENT)).toBe(12n)
    expect(await strkBalance(userAddress)).toBe(10n ** 18n - 12n - maxGasTokenAmount)
    // The relayer paid the gas and received the user's fee.
    expect(await strkBalance(relayer)).toBe(
      relayerBefore + maxGasTokenAmount - BigInt(receipt.actual_fee.amount),
    )
  })

  it("surfaces the paymaster's refusals as the SDK's errors", async () => {
    const account = new Account(new RpcProvider({ nodeUrl: `${sim.url}/rpc/v0_9` }), userAddress, OWNER_KEY)
    const call = { contractAddress: STRK, entrypoint: 'transfer', calldata: [RECIPIENT, '1', '0'] }
    await expect(gasless.executeCalls(account, [call], {}, options)).rejects.toThrow(
      'gasTokenAddress and maxGasTokenAmount are required without an api key',
    )
    await expect(
      gasless.executeCalls(account, [call], {}, { ...options, apiKey: 'not-a-key' }),
    ).rejects.toThrow('401 Unauthorized')
    // Signed by another key: the account's own check reverts the outside execution.
    const stranger = new Account(account, userAddress, '0x0bad')
    const refused = gasless.executeCalls(stranger, [call], {}, { ...options, apiKey: SPONSOR })
    await expect(refused).rejects.toBeInstanceOf(gasless.ContractError)
    await expect(refused).rejects.toMatchObject({
      message: expect.stringMatching(/^Contract error: /),
      revertError: expect.stringContaining("('argent/invalid-owner-sig')"),
    })
    expect(await strkBalance(RECIPIENT)).toBe(12n)
  })
})

/** The Argent class the simulator's login service deploys for its users (public: the user record has it). */
async function argentClassHash(url: string): Promise<string> {
  const email = 'avnu-compat@example.com'
  await post(`${url}/login/start`, { email })
  const { code } = (await (await fetch(`${url}/dev/inbox/${email}`)).json()) as { code: string }
  const { user } = (await post(`${url}/login/verify`, { email, code })) as { user: { classHash: string } }
  return user.classHash
}

async function post(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`)
  return response.status === 204 ? undefined : response.json()
}

const dev = (path: string, body: unknown) => post(`${sim.url}/dev${path}`, body)

async function rpc<T>(method: string, params: unknown): Promise<T> {
  const body = (await post(`${sim.url}/rpc`, { jsonrpc: '2.0', id: 1, method, params })) as {
    result?: T
    error?: { message: string }
  }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result as T
}

async function succeeded(transactionHash: string): Promise<boolean> {
  const receipt = await rpc<{ execution_status: string }>('starknet_getTransactionReceipt', [transactionHash])
  return receipt.execution_status === 'SUCCEEDED'
}

async function strkBalance(address: string): Promise<bigint> {
  const { amount } = await rpc<{ amount: string }>('devnet_getAccountBalance', { address, unit: 'FRI' })
  return BigInt(amount)
}
