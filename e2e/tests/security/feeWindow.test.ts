// Issue 23, item 5 (c): with `--block-time`, the cosigner used to give back an outside execution's fee
// charge once the wall clock passed its Execute Before, while the still open block, stamped earlier, would
// run it all the same. A thief with a stolen session key had two 6 STRK fee payments co-signed under the
// 10 STRK cap (the first given back before it ran), then had both relayed into that block: 12 STRK paid.
// Now expiry is the chain's clock (the open block's timestamp): the first charge stays until that block is
// past its window, so the second is refused (feeCapExceeded). The first, within its window, runs.
import { selectorFromName, toHex } from '@webwallet/protocol/session'
import {
  createPaymaster,
  createRpc,
  type OutsideTypedData,
  SessionAccount,
  type WebWallet,
} from '@webwallet/shim'
import { CONTRACTS, type RunningSim, startSim } from '@webwallet/wallet-sim'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { postJson, rpcCall, type StolenSession, stealSession } from './attacker'

const STRK = CONTRACTS.strk
const E18 = 10n ** 18n
const CAP = 10n * E18 // the SDK's default STRK fee cap
const FEE = 6n * E18
/** Long enough that the whole test runs in one open block. */
const BLOCK_TIME_MS = 60_000
const increment = { contractAddress: CONTRACTS.counter, entrypoint: 'increment', calldata: [] }

/** How far the chain's wall clock is moved ahead: the time that passes, without waiting for it. */
let skewMs = 0
let sim: RunningSim
let wallet: WebWallet
let stolen: StolenSession
/** What the cosigner answered the thief, in order: the refusal status word, or 'signed'. */
let answers: unknown[] = []

beforeAll(async () => {
  sim = await startSim({
    seed: 26,
    approve: 'auto',
    blockTime: BLOCK_TIME_MS,
    clock: () => Date.now() + skewMs,
  })
  ;({ wallet, stolen } = await stealSession(sim, {
    email: 'window@example.com',
    appName: 'fee-window',
    allowedMethods: [
      { contract: CONTRACTS.counter, selector: 'increment' },
      { contract: STRK, selector: 'transfer' },
    ],
  }))
}, 60_000)
afterAll(() => sim?.close())

const rpc = () => createRpc({ nodeUrl: sim.rpcUrl })
const recordingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init)
  if (String(input).includes('/cosigner/')) {
    const body = (await response.clone().json()) as { status?: unknown }
    answers.push(response.ok ? 'signed' : body.status)
  }
  return response
}
const thief = () =>
  new SessionAccount({
    rpc: rpc(),
    session: stolen,
    address: stolen.stored.address,
    chainId: stolen.stored.chainId,
    network: 'sepolia',
    cosignerBaseUrl: sim.url,
    fetch: recordingFetch,
    now: () => Date.now(),
  })
async function strkOf(address: string): Promise<bigint> {
  const [low = '0x0'] = await rpc().request<string[]>('starknet_call', {
    request: {
      contract_address: STRK,
      entry_point_selector: toHex(selectorFromName('balanceOf')),
      calldata: [address],
    },
    block_id: 'pre_confirmed',
  })
  return BigInt(low)
}
const openBlockTimestamp = async () =>
  (await rpc().request<{ timestamp: number }>('starknet_getBlockWithTxHashes', { block_id: 'pre_confirmed' }))
    .timestamp
const statusOf = async (hash: string) =>
  (
    await rpc().request<{ execution_status: string }>('starknet_getTransactionReceipt', {
      transaction_hash: hash,
    })
  ).execution_status

/** The paymaster's typed data for `increment` paying `FEE` STRK, its window cut to end at `executeBefore`. */
async function feePayment(executeBefore?: number): Promise<OutsideTypedData> {
  const typedData = (await createPaymaster({ baseUrl: sim.url }).buildTypedData({
    userAddress: stolen.stored.address,
    calls: [increment] as never,
    gasTokenAddress: STRK,
    maxGasTokenAmount: toHex(FEE),
  })) as OutsideTypedData
  if (executeBefore === undefined) return typedData
  const message = typedData.message as Record<string, unknown>
  return { ...typedData, message: { ...message, 'Execute Before': toHex(BigInt(executeBefore)) } } as never
}
const relay = async (typedData: OutsideTypedData, signature: string[]) =>
  createPaymaster({ baseUrl: sim.url }).execute({
    userAddress: stolen.stored.address,
    typedData: JSON.stringify(typedData),
    signature,
  })

it('a fee payment near its Execute Before cannot be given back while the open block can still run it', async () => {
  // Honest: the app's gasless call deploys the account and opens the block the rest runs in.
  const account = wallet.sessionAccount!
  const first = await account.execute(increment)
  expect(await statusOf(first.transaction_hash)).toBe('SUCCEEDED')
  const opened = await openBlockTimestamp()
  const start = await strkOf(stolen.stored.address)

  // The thief's first payment, its window ending 3 s after the block opened: co-signed.
  const executeBefore = opened + 3
  const early = await feePayment(executeBefore)
  answers = []
  const earlySignature = await thief().signMessage(early)
  expect(answers).toEqual(['signed'])

  // The clock passes Execute Before (moved ahead, not waited for); the open block keeps its earlier timestamp.
  skewMs = (executeBefore + 2) * 1000 - Date.now()
  expect(sim.chain.now()).toBeGreaterThan(executeBefore)
  expect(await openBlockTimestamp()).toBe(opened)

  // A second payment, with the paymaster's usual 20-minute window: it fits only if the first is given back.
  answers = []
  const late = await feePayment()
  const lateSignature = await thief()
    .signMessage(late)
    .catch(() => undefined)
  const lateAnswers = answers

  // Honest counterpart: the first one, within the open block's window, is relayed and runs.
  const ran = await relay(early, earlySignature)
  expect(await statusOf(ran.transactionHash)).toBe('SUCCEEDED')
  if (lateSignature !== undefined) await relay(late, lateSignature).catch(() => undefined)
  const closed = await postJson(sim.rpcUrl, rpcCall('devnet_createBlock'))
  expect(closed.body).not.toContain('"error"')

  // What left the account since: the one payment that ran; the session's spending stays within the cap.
  const paid = start - (await strkOf(stolen.stored.address))
  expect(paid).toBe(FEE)
  expect(sim.walletSim.spending.spent(stolen.stored.hash, STRK)).toBeLessThanOrEqual(CAP)
  // The cosigner refused the second: the first was still charged.
  expect(lateAnswers).toEqual(['feeCapExceeded'])
}, 60_000)
