// Issue 13, attack 2: a stolen session key tries to spend the user's STRK. The session allows STRK
// `transfer` so that the paymaster can take its gas fee in STRK; the cosigner (the guardian, whose signature
// the Argent account requires on every session transaction) co-signs such a transfer only to the paymaster's
// fee recipient, and counts every fee against the session's `txFees` caps (10 STRK by default) over its
// whole life, tip included, across a restart. The thief uses the SDK itself, with the exported session key.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { selectorFromName, toHex } from '@webwallet/protocol/session'
import {
  createPaymaster,
  createRpc,
  type OutsideTypedData,
  SessionAccount,
  type WebWallet,
  waitForTransaction,
} from '@webwallet/shim'
import { CONTRACTS, type RunningSim, type StartSimOptions, startSim } from '@webwallet/wallet-sim'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StolenSession, stealSession } from './attacker'

const STRK = CONTRACTS.strk
const E18 = 10n ** 18n
const CAP = 10n * E18 // the SDK's default STRK fee cap (docs/protocol.md, Constants: 10 units of 18 decimals)
const ATTACKER = '0x0000000000000000000000000000000000000000000000000000000000a77ac4'
const SPONSOR_KEY = 'spending-sponsor'
const increment = { contractAddress: CONTRACTS.counter, entrypoint: 'increment', calldata: [] }
const steal = (amount: bigint) => ({
  contractAddress: STRK,
  entrypoint: 'transfer',
  calldata: [ATTACKER, toHex(amount), '0x0'],
})
/**
 * The app's session: the counter, and the STRK transfer the paymaster takes its fee with. (Once the SDK adds
 * the fee-token transfers itself, issue 13, the app lists only the counter.)
 */
const ALLOWED_METHODS = [
  { contract: CONTRACTS.counter, selector: 'increment' },
  { contract: STRK, selector: 'transfer' },
]

const dir = mkdtempSync(join(tmpdir(), 'session-spending-'))
const options: StartSimOptions = {
  seed: 13,
  approve: 'auto',
  stateFile: join(dir, 'chain.json'),
  paymasterApiKeys: [SPONSOR_KEY],
}
let sim: RunningSim
let wallet: WebWallet
let stolen: StolenSession

/** What the cosigner answered, in order: [path, HTTP status, refusal status word]. */
let answers: [string, number, unknown][] = []
const recordingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init)
  const { pathname } = new URL(input instanceof Request ? input.url : String(input))
  if (pathname.startsWith('/cosigner/')) {
    const body = (await response.clone().json()) as { status?: unknown }
    answers.push([pathname, response.status, body.status])
  }
  return response
}

/** The thief's session account: the stolen session and key, the SDK's own signing code, any paymaster. */
function thief(paymaster: { apiKey?: string } | false = {}) {
  return new SessionAccount(
    {
      rpc: createRpc({ nodeUrl: sim.rpcUrl }),
      session: stolen,
      address: stolen.stored.address,
      chainId: stolen.stored.chainId,
      network: 'sepolia',
      cosignerBaseUrl: sim.url,
      fetch: recordingFetch,
      now: () => Date.now(),
    },
    paymaster === false ? {} : { paymaster: createPaymaster({ baseUrl: sim.url, ...paymaster }) },
  )
}

async function strkBalance(address: string): Promise<bigint> {
  const [low = '0x0'] = await createRpc({ nodeUrl: sim.rpcUrl }).request<string[]>('starknet_call', {
    request: {
      contract_address: STRK,
      entry_point_selector: toHex(selectorFromName('balanceOf')),
      calldata: [address],
    },
    block_id: 'pre_confirmed',
  })
  return BigInt(low)
}
const feeRecipient = () => sim.walletSim.relayer.address
const spent = () => sim.walletSim.spending.spent(stolen.stored.hash, STRK)
const succeeded = async (hash: string) =>
  (await waitForTransaction(createRpc({ nodeUrl: sim.rpcUrl }), hash, { retryInterval: 50 })).execution_status

/** Outside-execution typed data from the paymaster: `calls`, then a transfer of `fee` STRK to its recipient. */
const paidTypedData = async (calls: object[], fee: bigint) =>
  (await createPaymaster({ baseUrl: sim.url }).buildTypedData({
    userAddress: stolen.stored.address,
    calls: calls as never,
    gasTokenAddress: STRK,
    maxGasTokenAmount: toHex(fee),
  })) as OutsideTypedData

beforeAll(async () => {
  sim = await startSim(options)
  // The thief's copy of the key: the test reads it through the export an app must opt in to.
  ;({ wallet, stolen } = await stealSession(sim, {
    email: 'victim@example.com',
    appName: 'spending',
    allowedMethods: ALLOWED_METHODS,
  }))
})
afterAll(async () => {
  await sim?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('a stolen session key', () => {
  it('leaves the app its legitimate calls: gasless paid in STRK (deploying the account), then self-paid', async () => {
    const account = wallet.sessionAccount!
    expect(await succeeded((await account.execute(increment)).transaction_hash)).toBe('SUCCEEDED')
    expect(await account.isDeployed()).toBe(true)
    const before = spent()
    const selfPaid = (await account.execute(increment)).transaction_hash
    expect(await succeeded(selfPaid)).toBe('SUCCEEDED')
    expect(
      await succeeded(
        (await account.execute(increment, { gasless: true, gasTokenAddress: STRK })).transaction_hash,
      ),
    ).toBe('SUCCEEDED')
    // The self-paid call was charged its maximum fee, then settled at the next co-signing to its actual
    // fee; the gasless one is charged its fee transfer until the chain shows it ran.
    const receipt = await createRpc({ nodeUrl: sim.rpcUrl }).request<{ actual_fee: { amount: string } }>(
      'starknet_getTransactionReceipt',
      { transaction_hash: selfPaid },
    )
    const pending = sim.walletSim.spending.pending(stolen.stored.hash)
    expect(pending.map(([, charge]) => charge.kind)).toEqual(['outside'])
    const feeTransfer = BigInt(pending[0]![1].amounts[toHex(BigInt(STRK))] ?? '0')
    expect(spent()).toBe(before + BigInt(receipt.actual_fee.amount) + feeTransfer)
    expect(spent()).toBeLessThan(CAP)
  })

  it('cannot transfer 800 STRK to itself, self-paid or (on the SDK retry) through the paymaster', async () => {
    const before = await strkBalance(stolen.stored.address)
    answers = []
    await expect(thief().execute(steal(800n * E18))).rejects.toThrow()
    expect(answers).toEqual([
      ['/cosigner/signSession', 403, 'feeTransferNotAllowed'],
      ['/cosigner/signSessionEFO', 403, 'feeTransferNotAllowed'],
    ])
    // An outside execution any caller may submit, and one the paymaster would relay.
    answers = []
    await expect(thief(false).getOutsideExecutionPayload(steal(800n * E18))).rejects.toThrow()
    await expect(thief().signMessage(await paidTypedData([steal(800n * E18)], E18))).rejects.toThrow()
    expect(answers.map(([, , status]) => status)).toEqual(['feeTransferNotAllowed', 'feeTransferNotAllowed'])
    expect(await strkBalance(ATTACKER)).toBe(0n)
    expect(await strkBalance(stolen.stored.address)).toBe(before)
  })

  it('cannot pay the paymaster more than the cap, in one fee or with a tip on a self-paid one', async () => {
    answers = []
    await expect(thief().signMessage(await paidTypedData([increment], 800n * E18))).rejects.toThrow()
    // The SDK's own bounds (the estimate plus 50%: a few hundredths of a STRK) with a tip of 10^15 FRI per
    // unit of L2 gas on top: far more than the 10 STRK cap, although the bounds alone fit.
    const noRetry = thief(false)
    const tip = 10n ** 15n
    await expect(noRetry.execute(increment, { tip })).rejects.toThrow('Sign session error')
    expect(answers.map(([, , status]) => status)).toEqual(['feeCapExceeded', 'feeCapExceeded'])
    expect(await succeeded((await noRetry.execute(increment)).transaction_hash)).toBe('SUCCEEDED')
  })

  it('spends at most the cap in many small fee payments to the paymaster, then is refused', async () => {
    const received = await strkBalance(feeRecipient())
    const paid: bigint[] = []
    let refusal: unknown
    for (let i = 0; i < 15 && refusal === undefined; i++) {
      const typedData = await paidTypedData([increment], E18)
      answers = []
      const signature = await thief()
        .signMessage(typedData)
        .catch(() => undefined)
      if (signature === undefined) {
        refusal = answers.at(-1)?.[2]
        break
      }
      const { transactionHash } = await createPaymaster({ baseUrl: sim.url }).execute({
        userAddress: stolen.stored.address,
        typedData: JSON.stringify(typedData),
        signature,
      })
      expect(await succeeded(transactionHash)).toBe('SUCCEEDED')
      paid.push(E18)
    }
    expect(refusal).toBe('feeCapExceeded')
    expect(paid.length).toBeGreaterThan(0)
    expect(paid.length).toBeLessThan(10)
    expect(spent()).toBeLessThanOrEqual(CAP)
    expect(spent() + E18).toBeGreaterThan(CAP)
    // The relayer both received the fees and paid the gas: it got at most what the cosigner let through.
    expect((await strkBalance(feeRecipient())) - received).toBeLessThanOrEqual(BigInt(paid.length) * E18)
  })

  it('is still held to the spent cap after a restart with the same state; sponsored calls still work', async () => {
    const before = spent()
    await sim.close()
    sim = await startSim(options)
    expect(spent()).toBe(before)
    answers = []
    await expect(thief().signMessage(await paidTypedData([increment], E18))).rejects.toThrow()
    expect(answers.map(([, , status]) => status)).toEqual(['feeCapExceeded'])
    // A sponsored call costs the session nothing, so the app keeps working on the paymaster's budget.
    const sponsored = await thief({ apiKey: SPONSOR_KEY }).execute(increment)
    expect(await succeeded(sponsored.transaction_hash)).toBe('SUCCEEDED')
    expect(spent()).toBe(before)
  })
})
