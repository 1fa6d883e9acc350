// The session journeys of the cross-check (issue 18), one code for both chains: wallet-sim on its built-in
// chain, and wallet-sim --node in front of starknet-devnet-rs (the real Argent 0.4.0 Cairo account). Each
// step records what a user of the SDK sees — accepted or not, the error code and the account error, the
// resulting state — with nothing chain-specific (no hashes, addresses or fees), so the two transcripts must
// be equal: any difference is a bug of the built-in chain.
//
// The app's calls are ETH `approve` (the one contract both chains have that a session may call: the
// cosigner co-signs a fee-token transfer only to the paymaster); its state is `allowance(account, SPENDER)`.
import { ETH_ADDRESS as ETH, STRK_ADDRESS as STRK, toHex } from '@webwallet/protocol'
import { createRpc, type SessionAccount, WebWallet } from '@webwallet/shim'
import { createConnector } from '@webwallet/shim/connector'
import type { RunningSim } from '@webwallet/wallet-sim'
import { WebSocket } from 'ws'
import { headlessWalletOptions } from '../support/headless'
import { Account, RpcProvider, typedData } from '../support/starknet10'
import { greeting } from '../support/typedData'

export { ETH, STRK }
export const ARGENT_0_4_0 = '0x036078334509b514626504edc9fb252328d1a240e4e948bef8d0c08dff45927f'
export const SPENDER = '0x00000000000000000000000000000000000000000000000000000000005e4de4'
export const approve = (amount: number, token = ETH) => ({
  contractAddress: token,
  entrypoint: 'approve',
  calldata: [SPENDER, String(amount), '0'],
})

/** One step as the app sees it. */
export interface StepRecord {
  step: string
  accepted: boolean
  /** The SDK error's code, or the receipt's execution status. */
  code?: string
  /** Argent's own words in the error (`session/expired`, `argent/invalid-signature`…), when any. */
  reason?: string
  /** ETH allowance of the account to SPENDER after the step. */
  allowance: string
}

const ACCOUNT_REASON = /(session\/[a-z-]+|argent\/[a-z-]+|Call not allowed by the session: \w+)/

/** Logs `email` in on the running wallet-sim (code from its dev inbox) and returns the login token. */
async function logIn(sim: RunningSim, email: string): Promise<string> {
  const { login, inbox } = sim.walletSim
  login.start(email)
  const { token } = await login.verify(email, inbox.latest(email)?.code ?? '')
  return token
}

/** What the app sees of a step that sends (its hash) or throws: accepted or not, its code and reason. */
async function outcomeOf(
  provider: RpcProvider,
  step: string,
  run: () => Promise<string | undefined>,
): Promise<Omit<StepRecord, 'step' | 'allowance'>> {
  try {
    const hash = await run()
    const status = hash === undefined ? undefined : await statusOf(provider, hash)
    return { accepted: status === undefined || status === 'SUCCEEDED', ...(status ? { code: status } : {}) }
  } catch (error) {
    if (process.env.DEBUG_JOURNEYS) console.error(step, error, (error as { cause?: unknown }).cause)
    const text = `${String(error)} ${JSON.stringify((error as { data?: unknown }).data ?? '')}`
    const reason = ACCOUNT_REASON.exec(text)?.[1]
    return {
      accepted: false,
      code: String((error as { code?: unknown }).code ?? (error as Error).name),
      ...(reason ? { reason } : {}),
    }
  }
}

/** The transcript being written: each step with the account's allowance after it. */
function transcript(provider: RpcProvider) {
  const records: StepRecord[] = []
  const allowanceOf = async (address: string) => {
    const [low = '0x0', high = '0x0'] = await provider.callContract({
      contractAddress: ETH,
      entrypoint: 'allowance',
      calldata: [address, SPENDER],
    })
    return (BigInt(low) + (BigInt(high) << 128n)).toString()
  }
  return {
    records,
    /** Runs a step that sends (its hash) or throws, and records what the app sees. */
    async send(step: string, account: SessionAccount, run: () => Promise<string | undefined>) {
      const entry = await outcomeOf(provider, step, run)
      records.push({ step, ...entry, allowance: await allowanceOf(account.address) })
    },
    /** Records a check of the journey's own (the session's status, the class deployed, the clock). */
    async check(step: string, accepted: boolean, account: SessionAccount) {
      records.push({ step, accepted, allowance: await allowanceOf(account.address) })
    },
  }
}

type Transcript = ReturnType<typeof transcript>

/** Signs a session in the wallet (the hosted wallet over WebSocket, --approve auto) and records it. */
async function signSession(sim: RunningSim, email: string, t: Transcript): Promise<SessionAccount> {
  const token = await logIn(sim, email)
  const wallet = WebWallet.init({
    appName: 'cross-check',
    sessionParams: { allowedMethods: [{ contract: ETH, selector: 'approve' }], validityDays: 1 },
    ...headlessWalletOptions(sim, token),
  })
  const { account } = await wallet.requestConnection()
  await t.check('sign session', wallet.getSessionStatus() === 'VALID', account)
  return account
}

/**
 * The session's own execute: gasless deploy + execute through the paymaster (the account is counterfactual:
 * the SDK's first execute goes through the paymaster with the deployment data), an allowed call self-paid and
 * co-signed, and a call outside the session (approve on STRK), refused.
 */
async function executes(rpc: ReturnType<typeof createRpc>, account: SessionAccount, t: Transcript) {
  await t.send(
    'gasless deploy + execute',
    account,
    async () => (await account.execute(approve(1))).transaction_hash,
  )
  const classHash = await rpc.request<string>('starknet_getClassHashAt', {
    block_id: 'latest',
    contract_address: account.address,
  })
  await t.check(
    'deployed: Argent 0.4.0 at the address the wallet derived',
    BigInt(classHash) === BigInt(ARGENT_0_4_0),
    account,
  )
  await t.send('allowed call', account, async () => (await account.execute(approve(2))).transaction_hash)
  await t.send(
    'out-of-scope call',
    account,
    async () => (await account.execute(approve(3, STRK))).transaction_hash,
  )
}

/**
 * SNIP-9 outside executions the session signs and a dev account relays with execute_from_outside_v2: once,
 * replayed (its nonce is used), with a changed signature. Answers one signed now, to relay after its window.
 */
async function outsideExecutions(account: SessionAccount, relayer: Account, t: Transcript) {
  const payload = await account.getOutsideExecutionPayload(approve(4))
  await t.send(
    'outside execution (SNIP-9)',
    account,
    async () => (await relayer.execute(payload)).transaction_hash,
  )
  await t.send(
    'outside execution replayed',
    account,
    async () => (await relayer.execute(payload)).transaction_hash,
  )
  // A session signature changed in its last felt.
  const tampered = await account.getOutsideExecutionPayload(approve(6))
  const felts = [...tampered.calldata]
  felts[felts.length - 1] = toHex(BigInt(String(felts.at(-1))) + 1n)
  await t.send(
    'outside execution, tampered signature',
    account,
    async () => (await relayer.execute({ ...tampered, calldata: felts })).transaction_hash,
  )
  // Signed now, relayed after its window (20 minutes) closed.
  return account.getOutsideExecutionPayload(approve(7))
}

/** The chain's clock moved past the session's expiry (a day and a bit later) and the late payload's window. */
async function expiry(
  rpc: ReturnType<typeof createRpc>,
  account: SessionAccount,
  relayer: Account,
  late: Awaited<ReturnType<SessionAccount['getOutsideExecutionPayload']>>,
  t: Transcript,
) {
  const chainNow = async () =>
    (await rpc.request<{ timestamp: number }>('starknet_getBlockWithTxHashes', { block_id: 'latest' }))
      .timestamp
  const before = await chainNow()
  await rpc.request('devnet_increaseTime', { time: 2 * 86_400 })
  await t.send('expired session', account, async () => (await account.execute(approve(5))).transaction_hash)
  await t.send(
    'outside execution after its window',
    account,
    async () => (await relayer.execute(late)).transaction_hash,
  )
  await t.check('clock moved', (await chainNow()) >= before + 2 * 86_400, account)
}

/**
 * Runs every journey on `sim` (its services on whichever chain) and answers the transcript.
 * @example expect(await sessionJourneys(devnetSim)).toEqual(await sessionJourneys(builtinSim))
 */
export async function sessionJourneys(sim: RunningSim, email: string): Promise<StepRecord[]> {
  const rpc = createRpc({ nodeUrl: sim.rpcUrl })
  const provider = new RpcProvider({ nodeUrl: sim.rpcUrl })
  const t = transcript(provider)
  const account = await signSession(sim, email, t)
  await executes(rpc, account, t)
  const [dev] = sim.accounts
  if (!dev) throw new Error('no predeployed account to relay the outside execution')
  const relayer = new Account({ provider, address: dev.address, signer: dev.private_key })
  const late = await outsideExecutions(account, relayer, t)
  await expiry(rpc, account, relayer, late, t)
  return t.records
}

async function statusOf(provider: RpcProvider, hash: string): Promise<string> {
  const receipt = await provider.waitForTransaction(hash, { retryInterval: 50 })
  return String((receipt as { execution_status?: string }).execution_status ?? receipt.statusReceipt)
}

const GREETING = greeting('gm')

/**
 * The wallet's own signatures on the account (owner + guardian, no session): the deploy-account and invoke
 * transactions the hosted wallet signs for an execute, and a SNIP-12 message `is_valid_signature` accepts.
 * `sim` runs with `--approve auto --email`: the connector acts as that user.
 */
export async function walletJourneys(sim: RunningSim): Promise<Omit<StepRecord, 'allowance'>[]> {
  const provider = new RpcProvider({ nodeUrl: sim.rpcUrl })
  const connector = createConnector({
    transport: 'websocket',
    websocketUrl: sim.trpcUrl,
    WebSocket: WebSocket as never,
  })
  try {
    await connector.connect()
    const [address = ''] = (await connector.request({ type: 'wallet_requestAccounts' })) as string[]
    const { transaction_hash: hash } = (await connector.request({
      type: 'wallet_addInvokeTransaction',
      params: {
        calls: [{ contract_address: ETH, entry_point: 'approve', calldata: [SPENDER, '0x9', '0x0'] }],
      },
    })) as { transaction_hash: string }
    const status = await statusOf(provider, hash)
    const [low = '0x0'] = await provider.callContract({
      contractAddress: ETH,
      entrypoint: 'allowance',
      calldata: [address, SPENDER],
    })
    const signature = (await connector.request({
      type: 'wallet_signTypedData',
      params: GREETING,
    })) as string[]
    const [valid = '0x0'] = await provider.callContract({
      contractAddress: address,
      entrypoint: 'is_valid_signature',
      calldata: [typedData.getMessageHash(GREETING, address), String(signature.length), ...signature],
    })
    return [
      {
        step: 'wallet execute: deploy-account + invoke signed by owner and guardian',
        accepted: BigInt(low) === 9n,
        code: status,
      },
      { step: 'wallet message signature: is_valid_signature', accepted: BigInt(valid) === 0x56414c4944n },
    ]
  } finally {
    await connector.disconnect()
  }
}

// What a user sees on the real account: the first execute deploys through the paymaster, the session's own
// call runs self-paid, a call outside it never leaves the SDK, a relayer runs a SNIP-9 outside execution the
// session signed (once: its nonce is then used; not with a changed proof; not after its window), and once the
// chain's clock passes the session's expiry the account refuses it.
export const EXPECTED: StepRecord[] = [
  { step: 'sign session', accepted: true, allowance: '0' },
  { step: 'gasless deploy + execute', accepted: true, code: 'SUCCEEDED', allowance: '1' },
  { step: 'deployed: Argent 0.4.0 at the address the wallet derived', accepted: true, allowance: '1' },
  { step: 'allowed call', accepted: true, code: 'SUCCEEDED', allowance: '2' },
  {
    step: 'out-of-scope call',
    accepted: false,
    code: 'CALL_NOT_ALLOWED',
    reason: 'Call not allowed by the session: approve',
    allowance: '2',
  },
  { step: 'outside execution (SNIP-9)', accepted: true, code: 'SUCCEEDED', allowance: '4' },
  {
    step: 'outside execution replayed',
    accepted: false,
    code: '41',
    reason: 'argent/duplicated-outside-nonce',
    allowance: '4',
  },
  {
    step: 'outside execution, tampered signature',
    accepted: false,
    code: '41',
    reason: 'session/invalid-call',
    allowance: '4',
  },
  // The SDK reads the chain's clock before sending (issue 27): refused before the node is asked.
  { step: 'expired session', accepted: false, code: 'SESSION_EXPIRED', allowance: '4' },
  {
    step: 'outside execution after its window',
    accepted: false,
    code: '41',
    reason: 'argent/invalid-timestamp',
    allowance: '4',
  },
  { step: 'clock moved', accepted: true, allowance: '4' },
]
