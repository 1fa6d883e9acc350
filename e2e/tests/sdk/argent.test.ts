// @webwallet/shim/argent (issue 24) against a started wallet-sim, headless: invisible-sdk 1.0.0's calls
// (init, requestConnection with approvals, sponsored and self-paid execute, deployFrom, getOutsideExecutionPayload,
// account.getSessionStatus, requestApprovals, exportSignedSession, clearSession) on our SDK.
import { createRpc, waitForTransaction } from '@webwallet/shim'
import { ArgentWebWallet } from '@webwallet/shim/argent'
import { CONTRACTS, DEFAULT_PAYMASTER_API_KEYS, type RunningSim, startSim } from '@webwallet/wallet-sim'
import { Account, RpcProvider } from 'starknet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { headlessWalletOptions } from '../../support/headless'
import { logIn } from './login'

const increment = { contractAddress: CONTRACTS.counter, entrypoint: 'increment', calldata: [] }
// wallet-sim's default sponsor key.
const [SPONSOR] = DEFAULT_PAYMASTER_API_KEYS
const SPENDER = '0x0000000000000000000000000000000000000000000000000000000000abcdef'

let sim: RunningSim
let provider: RpcProvider
beforeAll(async () => {
  sim = await startSim({ seed: 24, approve: 'auto' })
  // e2e's starknet is v8, which speaks JSON-RPC 0.9. Its waits (deployContract's for the receipt) sleep this
  // long before each look, 5 s by default: wallet-sim includes a transaction at once.
  provider = new RpcProvider({ nodeUrl: `${sim.url}/rpc/v0_9`, transactionRetryIntervalFallback: 100 })
})
afterAll(async () => {
  await sim?.close()
})

/** The app's init params as an invisible-sdk app writes them; ours only adds the headless wiring. */
function init(email: string, token: string, paymasterParams?: { apiKey: string }) {
  const extra = headlessWalletOptions(sim, token)
  const params = {
    appName: `argent-${email}`,
    environment: 'dev' as const,
    webwalletUrl: sim.url,
    sessionParams: { allowedMethods: [{ contract: CONTRACTS.counter, selector: 'increment' }] },
    ...(paymasterParams ? { paymasterParams } : {}),
  }
  return { wallet: ArgentWebWallet.init(params, extra), again: () => ArgentWebWallet.init(params, extra) }
}

async function succeeded(hash: string) {
  const receipt = await waitForTransaction(createRpc({ nodeUrl: sim.rpcUrl }), hash, { retryInterval: 50 })
  return receipt.execution_status
}

/** The counter of `address` on wallet-sim's counter contract. */
async function counterOf(address: string): Promise<bigint> {
  const [value] = await provider.callContract({
    contractAddress: CONTRACTS.counter,
    entrypoint: 'get_counter',
    calldata: [address],
  })
  return BigInt(value ?? 0)
}

describe('@webwallet/shim/argent against wallet-sim', () => {
  it('connects with an approval, executes sponsored, refuses a call outside the session, restores on a new instance', async () => {
    const token = await logIn(sim, 'argent-sponsored@example.com')
    const { wallet, again } = init('sponsored', token, { apiKey: SPONSOR })
    expect(await wallet.connect()).toBeUndefined()
    expect(await wallet.isConnected()).toBe(false)

    const connected = await wallet.requestConnection({
      callbackData: 'level-1',
      approvalRequests: [{ tokenAddress: CONTRACTS.strk, spender: SPENDER, amount: '1000' }],
    })
    expect(connected?.callbackData).toBe('level-1')
    // The wallet sent the approval: its hash, and no calls left for the app to send.
    expect(connected?.approvalTransactionHash).toMatch(/^0x/)
    expect(connected?.approvalRequestsCalls).toBeUndefined()
    const account = connected!.account
    expect(account).toBe(wallet.sessionAccount)
    expect(account.getSessionStatus()).toBe('VALID')
    expect(await wallet.isConnected()).toBe(true)

    const { transaction_hash } = await account.execute(increment)
    expect(await succeeded(transaction_hash)).toBe('SUCCEEDED')
    expect(await counterOf(account.address)).toBe(1n)

    await expect(
      account.execute({ contractAddress: CONTRACTS.strk, entrypoint: 'approve', calldata: [SPENDER, 1, 0] }),
    ).rejects.toMatchObject({ code: 'CALL_NOT_ALLOWED' })

    // A reload: a new instance on the same storage restores the session without asking the wallet.
    const reloaded = again()
    const restored = await reloaded.connect()
    expect(restored?.account.address).toBe(account.address)
    expect(restored?.account.getSessionStatus()).toBe('VALID')
    const second = await restored!.account.execute([increment])
    expect(await succeeded(second.transaction_hash)).toBe('SUCCEEDED')
    expect(await counterOf(account.address)).toBe(2n)

    // invisible-sdk's export: the signed session with its deployment data, no private key.
    const exported = reloaded.exportSignedSession()
    expect(exported?.address).toBe(account.address)
    expect(exported?.deploymentPayload?.contractAddress).toBeDefined()
    expect(exported?.sessionKey.privateKey).toBe('')

    await expect(reloaded.clearSession()).resolves.toBeUndefined()
    expect(reloaded.sessionAccount).toBeUndefined()
    expect(reloaded.exportSignedSession()).toBeUndefined()
    expect(await again().connect()).toBeUndefined()
  })

  it('hands a relayer a signed outside execution that runs the session call', async () => {
    const token = await logIn(sim, 'argent-outside@example.com')
    const { wallet } = init('outside', token, { apiKey: SPONSOR })
    const { account } = (await wallet.requestConnection({}))!
    // Deployed through the paymaster on its first execute.
    expect(await succeeded((await account.execute(increment)).transaction_hash)).toBe('SUCCEEDED')
    const call = await account.getOutsideExecutionPayload({ calls: [increment] })
    expect(call).toMatchObject({ contractAddress: account.address, entrypoint: 'execute_from_outside_v2' })
    // Any account relays it: a predeployed dev account, paying its own gas.
    const [dev] = sim.accounts
    const relayer = new Account({ provider, address: dev!.address, signer: dev!.private_key })
    const relayed = await relayer.execute([call], { tip: 0 })
    expect(await succeeded(relayed.transaction_hash)).toBe('SUCCEEDED')
    expect(await counterOf(account.address)).toBe(2n)
  })

  it('deployFrom deploys the account paid by another one; then it executes self-paid', async () => {
    const token = await logIn(sim, 'argent-deploy-from@example.com')
    const { wallet } = init('deploy-from', token)
    const { account } = (await wallet.requestConnection({}))!
    expect(await account.isDeployed()).toBe(false)
    const [, dev] = sim.accounts
    const payer = new Account({ provider, address: dev!.address, signer: dev!.private_key })
    const deployed = await account.deployFrom(payer)
    expect(BigInt(deployed.contract_address)).toBe(BigInt(account.address))
    expect(await succeeded(deployed.transaction_hash)).toBe('SUCCEEDED')
    expect(await account.isDeployed()).toBe(true)
    await expect(account.deployFrom(payer)).rejects.toMatchObject({ code: 'ACCOUNT_ALREADY_DEPLOYED' })
    // No paymaster: the account pays its own gas.
    expect(await succeeded((await account.execute(increment)).transaction_hash)).toBe('SUCCEEDED')
    expect(await counterOf(account.address)).toBe(1n)
  })

  it('requestApprovals sends approve(spender, amount) from the account and answers its hash', async () => {
    const token = await logIn(sim, 'argent-approvals@example.com')
    const { wallet } = init('approvals', token, { apiKey: SPONSOR })
    const { account } = (await wallet.requestConnection({}))!
    const amount = 2n ** 128n + 5n // both halves of the u256
    const hash = await wallet.requestApprovals([
      { tokenAddress: CONTRACTS.strk, spender: SPENDER, amount: amount.toString() },
    ])
    expect(await succeeded(hash)).toBe('SUCCEEDED')
    const [low, high] = await provider.callContract({
      contractAddress: CONTRACTS.strk,
      entrypoint: 'allowance',
      calldata: [account.address, SPENDER],
    })
    expect(BigInt(low ?? 0) + (BigInt(high ?? 0) << 128n)).toBe(amount)
    await expect(
      wallet.requestApprovals([{ tokenAddress: CONTRACTS.strk, spender: SPENDER, amount: '' }]),
    ).rejects.toMatchObject({
      code: 'INVALID_APPROVAL_REQUEST',
      message: `Invalid approval request: {"tokenAddress":"${CONTRACTS.strk}","spender":"${SPENDER}","amount":""}`,
    })
  })

  it('a refused session leaves no session (invisible-sdk clears first)', async () => {
    const token = await logIn(sim, 'argent-refused@example.com')
    const { wallet, again } = init('refused', token)
    await wallet.requestConnection({})
    sim.walletSim.approval.set('reject')
    try {
      await expect(wallet.requestConnection({})).rejects.toMatchObject({ code: 'USER_REJECTED' })
    } finally {
      sim.walletSim.approval.set('auto')
    }
    expect(wallet.sessionAccount).toBeUndefined()
    expect(await again().connect()).toBeUndefined()
  })
})
