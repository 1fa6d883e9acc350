// starknet.js v10's SNIP-29 client, unchanged, against a started wallet-sim: `PaymasterRpc` at /paymaster
// and `Account.executePaymasterTransaction` (build, check the typed data, sign, execute), sponsored with an
// api key and paid in STRK, for a fresh Argent account (deploy_and_invoke) and a deployed one (invoke), and
// the refusals in SNIP-29's codes.
import { randomBytes } from 'node:crypto'
import { Account, ec, hash, PaymasterRpc, RpcError, RpcProvider, stark, type TypedData } from 'starknet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ARGENT_ACCOUNT_CLASS_HASH } from '../../../chain/contracts/argent/account'
import { COUNTER_ADDRESS } from '../../../chain/contracts/counter'
import { erc20BalanceOf, erc20Mint, STRK_ADDRESS } from '../../../chain/contracts/erc20'
import { DEMO_TOKEN_ADDRESS } from '../../../chain/genesis'
import { type RunningSim, startSim } from '../../../index'

const SPONSOR = 'wallet-sim-sponsor'
const STRK = `0x${STRK_ADDRESS.toString(16)}`
const E18 = 10n ** 18n
const poll = { retryInterval: 50 }
const increment = {
  contractAddress: `0x${COUNTER_ADDRESS.toString(16)}`,
  entrypoint: 'increment',
  calldata: [],
}
const strkFee = { feeMode: { mode: 'default' as const, gasToken: STRK } }
const sponsored = { feeMode: { mode: 'sponsored' as const } }

let sim: RunningSim
let provider: RpcProvider
beforeAll(async () => {
  sim = await startSim({ seed: 29 })
  provider = new RpcProvider({ nodeUrl: sim.rpcUrl })
})
afterAll(() => sim?.close())

const paymasterRpc = (apiKey?: string) =>
  new PaymasterRpc({
    nodeUrl: `${sim.url}/paymaster`,
    ...(apiKey === undefined ? {} : { headers: { 'x-paymaster-api-key': apiKey } }),
  })

/** A counterfactual Argent account (owner only) holding `strk` STRK, and starknet.js's Account for it. */
function freshArgent(strk: bigint, apiKey?: string) {
  const privateKey = `0x${randomBytes(31).toString('hex')}`
  const publicKey = ec.starkCurve.getStarkKey(privateKey)
  const calldata = ['0x0', publicKey, '0x1']
  const address = hash.calculateContractAddressFromHash(publicKey, ARGENT_ACCOUNT_CLASS_HASH, calldata, 0)
  erc20Mint(sim.chain.pending, STRK_ADDRESS, BigInt(address), strk)
  sim.chain.closeBlock()
  const account = new Account({ provider, address, signer: privateKey, paymaster: paymasterRpc(apiKey) })
  const deploymentData = {
    address,
    class_hash: `0x${ARGENT_ACCOUNT_CLASS_HASH.toString(16)}`,
    salt: publicKey,
    calldata,
    version: 1 as const,
  }
  return { account, address, privateKey, deploymentData }
}

const strkOf = (address: string) => erc20BalanceOf(sim.chain.pending, STRK_ADDRESS, BigInt(address))
const counterOf = async (address: string) =>
  BigInt((await provider.callContract({ ...increment, entrypoint: 'get_counter', calldata: [address] }))[0]!)
const relayer = () => sim.walletSim.relayer.address

/** The SNIP-29 error code of a refused call (starknet.js's RpcError). */
async function codeOf(promise: Promise<unknown>) {
  const error = await promise.catch((reason: unknown) => reason)
  expect(error).toBeInstanceOf(RpcError)
  return { code: (error as RpcError).code, data: ((error as RpcError).baseError as { data?: unknown }).data }
}

describe('PaymasterRpc', () => {
  it('is available and lists STRK and ETH with their prices in STRK', async () => {
    const paymaster = paymasterRpc()
    expect(await paymaster.isAvailable()).toBe(true)
    const tokens = await paymaster.getSupportedTokens()
    expect(tokens.map((token) => [BigInt(token.token_address), token.priceInStrk])).toEqual([
      [STRK_ADDRESS, E18],
      [0x49d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7n, 10_000n * E18],
    ])
  })
})

describe('Account.executePaymasterTransaction', () => {
  it('deploys a fresh Argent account and runs its call, paid in STRK to the fee recipient', async () => {
    const user = freshArgent(50n * E18)
    const estimate = await user.account.estimatePaymasterTransactionFee([increment], {
      ...strkFee,
      deploymentData: user.deploymentData,
    })
    expect(BigInt(estimate.suggested_max_fee_in_gas_token)).toBeGreaterThan(0n)
    const recipientBefore = strkOf(relayer())
    const { transaction_hash } = await user.account.executePaymasterTransaction(
      [increment],
      { ...strkFee, deploymentData: user.deploymentData },
      BigInt(estimate.suggested_max_fee_in_gas_token) * 2n,
    )
    expect((await provider.waitForTransaction(transaction_hash, poll)).isSuccess()).toBe(true)
    expect(await counterOf(user.address)).toBe(1n)
    const paid = 50n * E18 - strkOf(user.address)
    expect(paid).toBeGreaterThan(0n)
    expect(paid).toBeLessThanOrEqual(BigInt(estimate.suggested_max_fee_in_gas_token) * 2n)
    // The relayer is the fee recipient: it got the fee and paid the gas, and is not out of pocket.
    expect(strkOf(relayer())).toBeGreaterThan(recipientBefore)
  })

  it('sponsors a deployed account’s invoke with an api key: the user pays nothing', async () => {
    const user = freshArgent(5n * E18, SPONSOR)
    const deploy = await user.account.executePaymasterTransaction([increment], {
      ...sponsored,
      deploymentData: user.deploymentData,
    })
    await provider.waitForTransaction(deploy.transaction_hash, poll)
    const { transaction_hash } = await user.account.executePaymasterTransaction([increment], sponsored)
    expect((await provider.waitForTransaction(transaction_hash, poll)).isSuccess()).toBe(true)
    expect(await counterOf(user.address)).toBe(2n)
    expect(strkOf(user.address)).toBe(5n * E18)
  })
})

describe('refusals, in SNIP-29 codes', () => {
  it('sponsoring without a valid api key: 163, x-paymaster-api-key is invalid', async () => {
    for (const apiKey of [undefined, 'not-a-sponsor']) {
      const user = freshArgent(E18, apiKey)
      const refused = user.account.executePaymasterTransaction([increment], {
        ...sponsored,
        deploymentData: user.deploymentData,
      })
      expect(await codeOf(refused)).toEqual({ code: 163, data: 'x-paymaster-api-key is invalid' })
    }
  })

  it('a gas token the paymaster does not take: 151', async () => {
    const user = freshArgent(E18)
    const feeMode = { mode: 'default' as const, gasToken: `0x${DEMO_TOKEN_ADDRESS.toString(16)}` }
    const refused = user.account.buildPaymasterTransaction([increment], {
      feeMode,
      deploymentData: user.deploymentData,
    })
    expect((await codeOf(refused)).code).toBe(151)
  })

  it('typed data signed by another key: 153, and nothing is sent', async () => {
    const user = freshArgent(10n * E18)
    const details = { ...strkFee, deploymentData: user.deploymentData }
    const built = await user.account.buildPaymasterTransaction([increment], details)
    if (built.type !== 'deploy_and_invoke') throw new Error(`expected deploy_and_invoke, got ${built.type}`)
    const thief = new Account({
      provider,
      address: user.address,
      signer: `0x${randomBytes(31).toString('hex')}`,
    })
    const signature = stark.signatureToHexArray(await thief.signMessage(built.typed_data as TypedData))
    const invoke = { userAddress: user.address, typedData: built.typed_data, signature }
    const refused = paymasterRpc().executeTransaction(
      { type: 'deploy_and_invoke', invoke, deployment: user.deploymentData },
      built.parameters,
    )
    expect((await codeOf(refused)).code).toBe(153)
    expect(await provider.getClassHashAt(user.address).catch(() => 'not deployed')).toBe('not deployed')
  })

  it('a fee transfer below what the relayer pays, signed by the owner: 154', async () => {
    const user = freshArgent(10n * E18)
    const details = { ...strkFee, deploymentData: user.deploymentData }
    const built = await user.account.buildPaymasterTransaction([increment], details)
    if (built.type !== 'deploy_and_invoke') throw new Error(`expected deploy_and_invoke, got ${built.type}`)
    // The app lowers the fee to 1 wei-STRK and the owner signs it: the paymaster refuses to relay at a loss.
    const message = built.typed_data.message as { Calls: { Calldata: string[] }[] }
    message.Calls.at(-1)!.Calldata = [message.Calls.at(-1)!.Calldata[0]!, '0x1', '0x0']
    const signature = stark.signatureToHexArray(await user.account.signMessage(built.typed_data as TypedData))
    const invoke = { userAddress: user.address, typedData: built.typed_data, signature }
    const refused = paymasterRpc().executeTransaction(
      { type: 'deploy_and_invoke', invoke, deployment: user.deploymentData },
      built.parameters,
    )
    expect((await codeOf(refused)).code).toBe(154)
  })

  it('an invoke from an account that is not deployed: 150; bad deployment data: 158', async () => {
    const user = freshArgent(E18, SPONSOR)
    const build = (transaction: Parameters<PaymasterRpc['buildTransaction']>[0]) =>
      paymasterRpc(SPONSOR).buildTransaction(transaction, { version: '0x1', feeMode: { mode: 'sponsored' } })
    const invoke = { userAddress: user.address, calls: [increment] }
    expect((await codeOf(build({ type: 'invoke', invoke }))).code).toBe(150)
    const wrongSalt = { ...user.deploymentData, salt: '0x1' }
    expect((await codeOf(build({ type: 'deploy_and_invoke', invoke, deployment: wrongSalt }))).code).toBe(158)
  })
})
