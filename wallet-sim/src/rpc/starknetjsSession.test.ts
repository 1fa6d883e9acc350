// starknet.js v10 and v8 on their default fee path (estimate with SKIP_VALIDATE and an empty signature, then
// +50%) for an Argent session-token signer and for an owner-key dev account: both must pass, as on Starknet.
import { buildSession } from '@webwallet/protocol/session'
import {
  Account,
  type Call,
  hash,
  type InvocationsSignerDetails,
  RpcProvider,
  type Signature,
  Signer,
  transaction,
} from 'starknet'
import {
  Account as AccountV8,
  type Call as CallV8,
  type InvocationsSignerDetails as InvocationsSignerDetailsV8,
  RpcProvider as RpcProviderV8,
  type Signature as SignatureV8,
  Signer as SignerV8,
} from 'starknet-v8'
import { describe, expect, it } from 'vitest'
import type { Felt } from '../chain/contract'
import {
  allowedMethods,
  argentAccount,
  argentSession,
  keys,
  pub,
  RECIPIENT,
} from '../chain/contracts/argent/testing'
import { STRK_ADDRESS } from '../chain/contracts/index'
import { toHex } from '../chain/felt'
import { ALLOCATION, dataFeltsGas, validationGas } from '../chain/gas'
import { type RunningSim, startSim } from '../index'

type SessionOfAccount = ReturnType<typeof argentSession>

/** One fri of STRK to RECIPIENT: a call the fixture's session allows. */
const pay: Call = {
  contractAddress: toHex(STRK_ADDRESS),
  entrypoint: 'transfer',
  calldata: [toHex(RECIPIENT), '0x1', '0x0'],
}

/** The invoke hash starknet.js signs, from the details its Account hands the signer. */
function invokeHash(calls: Call[], details: InvocationsSignerDetails): Felt {
  return BigInt(
    hash.calculateInvokeTransactionHash({
      ...details,
      senderAddress: details.walletAddress,
      compiledCalldata: transaction.getExecuteCalldata(calls, details.cairoVersion),
      nonceDataAvailabilityMode: 0,
      feeDataAvailabilityMode: 0,
    }),
  )
}

/** Signs every invoke with a session token (owner + guardian authorisation, guardian as co-signer). */
class SessionSigner extends Signer {
  constructor(private readonly session: SessionOfAccount) {
    super(toHex(keys.session))
  }
  override async signTransaction(calls: Call[], details: InvocationsSignerDetails): Promise<Signature> {
    return this.session.signature(calls, invokeHash(calls, details)).map(toHex)
  }
}

/** The same signer for starknet.js v8 (its own classes; the hash is the same V3 invoke hash). */
class SessionSignerV8 extends SignerV8 {
  constructor(private readonly session: SessionOfAccount) {
    super(toHex(keys.session))
  }
  override async signTransaction(calls: CallV8[], details: InvocationsSignerDetailsV8): Promise<SignatureV8> {
    return this.session
      .signature(calls, invokeHash(calls as Call[], details as InvocationsSignerDetails))
      .map(toHex)
  }
}

async function rpc<T>(sim: RunningSim, method: string, params: unknown): Promise<T> {
  const response = await fetch(sim.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: T; error?: unknown }
  if (body.error !== undefined) throw new Error(`${method}: ${JSON.stringify(body.error)}`)
  return body.result as T
}

/** Funds and deploys an Argent account on `sim`, with a session allowing STRK transfers. */
async function deploySessionAccount(sim: RunningSim) {
  const chainId = BigInt(await rpc<string>(sim, 'starknet_chainId', []))
  const account = argentAccount({ keys, chainId, salt: 7n })
  const address = toHex(account.address)
  await rpc(sim, 'devnet_mint', { address, amount: 1e21, unit: 'FRI' })
  const deployed = await rpc<{ transaction_hash: string }>(sim, 'starknet_addDeployAccountTransaction', {
    deploy_account_transaction: await account.deployJson(),
  })
  const session = argentSession({
    session: buildSession({
      expiresAt: sim.chain.now() + 3600,
      allowedMethods,
      metadata: { projectID: 'starknetjs-session-test', txFees: [] },
      sessionPublicKey: pub(keys.session),
    }),
    address: account.address,
    chainId,
    keys,
  })
  return { address, session, deployHash: deployed.transaction_hash }
}

const received = async (provider: RpcProvider) => {
  const [low] = await provider.callContract({
    contractAddress: toHex(STRK_ADDRESS),
    entrypoint: 'balance_of',
    calldata: [toHex(RECIPIENT)],
  })
  return BigInt(low!)
}

describe('starknet.js default fee estimate for a session-signed invoke', () => {
  it('v10: execute with no bounds succeeds; validation is charged; too-low bounds revert or give 53', async () => {
    await using sim = await startSim({ accounts: 1 })
    const { address, session, deployHash } = await deploySessionAccount(sim)
    const provider = new RpcProvider({ nodeUrl: sim.rpcUrl })
    await provider.waitForTransaction(deployHash, { retryInterval: 10 })
    const account = new Account({ provider, address, signer: new SessionSigner(session) })

    const { transaction_hash } = await account.execute(pay)
    const receipt = await provider.waitForTransaction(transaction_hash, { retryInterval: 10 })
    if (!receipt.isSuccess()) throw new Error(`not SUCCEEDED: ${JSON.stringify(receipt.value)}`)
    expect(await received(provider)).toBe(1n)

    // The receipt pays for validating the whole token; the empty-signature estimate (no overhead) did not.
    const exact = new Account({
      provider: new RpcProvider({ nodeUrl: sim.rpcUrl, resourceBoundsOverhead: false }),
      address,
      signer: new SessionSigner(session),
    })
    const estimate = await exact.estimateInvokeFee(pay)
    const { signature } = (await provider.getTransactionByHash(transaction_hash)) as { signature: string[] }
    expect(signature.length).toBeGreaterThan(20)
    const used = BigInt(receipt.value.execution_resources.l2_gas)
    // Besides the signature (validation and archival data), the first transfer made RECIPIENT's balance
    // non-zero (an allocated key); the later estimate's transfer does not.
    expect(used - estimate.resourceBounds.l2_gas.max_amount).toBe(
      validationGas(signature.length) -
        validationGas(0) +
        dataFeltsGas(0, signature.length) +
        ALLOCATION.l2Gas,
    )

    // Bounds that really are too low still fail: the bare estimate (validation not in it) reverts ...
    const bare = await account.execute(pay, { resourceBounds: estimate.resourceBounds })
    const reverted = await provider.waitForTransaction(bare.transaction_hash, { retryInterval: 10 })
    expect(reverted.isReverted()).toBe(true)
    expect((reverted.value as { revert_reason?: string }).revert_reason).toMatch(/Insufficient max L2Gas/)
    // ... and bounds below the fixed part are refused (53).
    const low = {
      ...estimate.resourceBounds,
      l2_gas: { ...estimate.resourceBounds.l2_gas, max_amount: validationGas(signature.length) },
    }
    await expect(account.execute(pay, { resourceBounds: low })).rejects.toMatchObject({
      baseError: { code: 53 },
    })
    expect(await received(provider)).toBe(1n)
  })

  it('v8 (RPC 0.9): execute with no bounds succeeds', async () => {
    await using sim = await startSim({ accounts: 1 })
    const { address, session, deployHash } = await deploySessionAccount(sim)
    const provider = new RpcProviderV8({ nodeUrl: `${sim.url}/rpc/v0_9` })
    await provider.waitForTransaction(deployHash, { retryInterval: 10 })
    const account = new AccountV8({ provider, address, signer: new SessionSignerV8(session) })
    const { transaction_hash } = await account.execute(pay)
    const receipt = await provider.waitForTransaction(transaction_hash, { retryInterval: 10 })
    expect(receipt.isSuccess()).toBe(true)
  })
})

describe('starknet.js default fee estimate for an owner-signed dev account', () => {
  it('v10 and v8: execute with no bounds succeeds', async () => {
    await using sim = await startSim({ accounts: 1 })
    const [dev] = sim.accounts
    const provider = new RpcProvider({ nodeUrl: sim.rpcUrl })
    const account = new Account({ provider, address: dev!.address, signer: dev!.private_key })
    const first = await account.execute(pay)
    expect(
      (await provider.waitForTransaction(first.transaction_hash, { retryInterval: 10 })).isSuccess(),
    ).toBe(true)
    const providerV8 = new RpcProviderV8({ nodeUrl: `${sim.url}/rpc/v0_9` })
    const accountV8 = new AccountV8({ provider: providerV8, address: dev!.address, signer: dev!.private_key })
    const second = await accountV8.execute(pay)
    expect(
      (await providerV8.waitForTransaction(second.transaction_hash, { retryInterval: 10 })).isSuccess(),
    ).toBe(true)
    expect(await received(provider)).toBe(2n)
  })
})
