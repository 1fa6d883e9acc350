// P-256 session keys (`p256SessionKey()`, Argent's WebAuthn signer) on the real Argent 0.4.0 account
// (starknet-devnet-rs) and on the built-in chain, side by side. The account's WebAuthn check (SHA-256 in
// Cairo) needs more steps than a validation may use: a session's own invoke is refused (55, out of steps);
// an outside execution, checked in `__execute__` (ten times the steps), carries it. So the SDK sends every
// P-256 execute through the paymaster with a gas-token fee that covers the check, and a relayer may run the
// session's SNIP-9 payloads. Both chains must accept and refuse the same, with the same error shape.

import { chainIdFelt, sessionMessageHash, signHash, toHex } from '@webwallet/protocol/session'
import { createRpc, SessionAccount, WebWallet } from '@webwallet/shim'
import { memoryP256KeyStore, p256SessionKey } from '@webwallet/shim/p256'
import { type RunningSim, startSim } from '@webwallet/wallet-sim'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runStrategy } from '../../shim/src/account/strategy'
import { OUT_OF_STEPS, VALIDATE_MAX_L2_GAS } from '../../wallet-sim/src/chain/limits'
import { parseTransaction } from '../../wallet-sim/src/chain/parseTransaction'
import { transactionHash } from '../../wallet-sim/src/chain/transactionHash'
import type { Devnet } from '../support/devnet'
import { headlessWalletOptions } from '../support/headless'
import { Account, RpcProvider } from '../support/starknet10'
import { approve, ETH, SPENDER } from './journeys'
import { freshDevnet } from './shared'

interface Outcome {
  step: string
  accepted: boolean
  code?: string
  /** The first line of a node error's data and its last sentence (no frames: addresses differ). */
  shape?: string
  l2Gas?: bigint
}

/** The guardian key this test starts its instances with, to sign as the guardian without the cosigner. */
const GUARDIAN_PRIVATE_KEY = '0x7032353620677561726469616e'
let devnet: Devnet
const sims: { devnet?: RunningSim; builtin?: RunningSim } = {}
const outcomes: { devnet: Outcome[]; builtin: Outcome[] } = { devnet: [], builtin: [] }

beforeAll(async () => {
  devnet = await freshDevnet()
  sims.devnet = await startSim({
    node: devnet.rpcUrl,
    approve: 'auto',
    email: 'p256-devnet@example.com',
    guardianPrivateKey: GUARDIAN_PRIVATE_KEY,
  })
  sims.builtin = await startSim({
    approve: 'auto',
    email: 'p256-builtin@example.com',
    guardianPrivateKey: GUARDIAN_PRIVATE_KEY,
  })
  outcomes.devnet = await p256Journey(sims.devnet)
  outcomes.builtin = await p256Journey(sims.builtin)
}, 300_000)
afterAll(async () => {
  await sims.devnet?.close()
  await sims.builtin?.close()
  await devnet?.stop()
})

async function p256Journey(sim: RunningSim): Promise<Outcome[]> {
  const rpc = createRpc({ nodeUrl: sim.rpcUrl })
  const provider = new RpcProvider({ nodeUrl: sim.rpcUrl })
  const out: Outcome[] = []
  const record = async (step: string, run: () => Promise<{ transaction_hash: string }>) => {
    try {
      const { transaction_hash } = await run()
      const receipt = await provider.waitForTransaction(transaction_hash, { retryInterval: 50 })
      const r = receipt as { execution_status?: string; execution_resources?: { l2_gas: number } }
      out.push({
        step,
        accepted: r.execution_status === 'SUCCEEDED',
        code: String(r.execution_status),
        l2Gas: BigInt(r.execution_resources?.l2_gas ?? 0),
      })
    } catch (error) {
      const e = error as { code?: unknown; name?: string; data?: { rpcCode?: number; rpcData?: unknown } }
      const data = String(e.data?.rpcData ?? '')
      const lines = data.trim().split('\n')
      out.push({
        step,
        accepted: false,
        code: String(e.data?.rpcCode ?? e.code ?? e.name),
        ...(data ? { shape: `${lines[0]} … ${lines.at(-1)}` } : {}),
      })
    }
  }
  const wallet = WebWallet.init({
    appName: 'p256 on the real account',
    sessionParams: { allowedMethods: [{ contract: ETH, selector: 'approve' }], validityDays: 1 },
    ...headlessWalletOptions(sim),
    sessionKey: p256SessionKey({ origin: 'http://localhost:5173', store: memoryP256KeyStore() }),
  })
  const { account } = await wallet.requestConnection()
  // 1. The first execute deploys the account through the paymaster; 2. later ones go that way too.
  await record('first execute: gasless deploy + execute', () => account.execute(approve(1)))
  await record('later execute: through the paymaster', () => account.execute(approve(2)))
  // 3. The session's own invoke (the route the SDK no longer takes for P-256), self-paid: the cosigner refuses
  // it, as the account would. 3b. Co-signed with the guardian key directly (no cosigner checks): the account
  // itself refuses it, out of steps in `__validate__`.
  const ctx = (account as unknown as { ctx: Parameters<typeof runStrategy>[0] }).ctx
  const call = { ...approve(3), calldata: approve(3).calldata.map((v) => `0x${BigInt(v).toString(16)}`) }
  await record('self-paid session invoke', () => runStrategy(ctx, [call], {}, undefined, { deploy: false }))
  const guardianDirectly = { ...ctx, fetch: guardianSigningFetch(ctx.fetch) }
  await record('self-paid session invoke, guardian-signed', () =>
    runStrategy(guardianDirectly, [call], {}, undefined, { deploy: false }),
  )
  // 4. The SDK without a paymaster refuses before anything is signed.
  await record('execute without a paymaster', () => new SessionAccount(ctx).execute(approve(3)))
  // 5. A SNIP-9 payload the session signed, relayed by a dev account paying its own gas.
  const [dev] = sim.accounts
  if (!dev) throw new Error('no predeployed account to relay with')
  const relayer = new Account({ provider, address: dev.address, signer: dev.private_key })
  const payload = await account.getOutsideExecutionPayload(approve(4))
  await record('outside execution relayed by a dev account', () => relayer.execute(payload))
  const [allowance = '0x0'] = await rpc.request<string[]>('starknet_call', {
    request: {
      contract_address: ETH,
      entry_point_selector: '0x1e888a1026b19c8c0b57c72d63ed1737106aa10034105b980ba117bd0c29fe1',
      calldata: [account.address, SPENDER],
    },
    block_id: 'latest',
  })
  out.push({ step: `allowance ${BigInt(allowance)}`, accepted: true })
  return out
}

/**
 * `fetch` with the cosigner's signSession answered by the guardian key itself, without the cosigner's checks
 * (as if its key were used directly), so the transaction reaches the account's own validation.
 */
function guardianSigningFetch(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    if (!String(input).endsWith('/cosigner/signSession')) return inner(input, init)
    const { session, transaction } = JSON.parse(String(init?.body)) as {
      session: { sessionHash: string; cacheAuthorisation: boolean }
      transaction: Record<string, unknown> & { chain_id: string }
    }
    const tx = parseTransaction({ ...transaction, type: 'INVOKE', signature: [] } as never, 'INVOKE')
    const hash = transactionHash(tx, chainIdFelt(transaction.chain_id))
    const message = sessionMessageHash(hash, session.sessionHash, session.cacheAuthorisation)
    const { signer, r, s } = signHash(message, GUARDIAN_PRIVATE_KEY)
    const signature = { publicKey: toHex(signer), r: toHex(r), s: toHex(s) }
    return new Response(JSON.stringify({ signature }), { headers: { 'content-type': 'application/json' } })
  }
}

const withoutGas = (list: Outcome[]) => list.map(({ l2Gas: _, ...rest }) => rest)

describe('P-256 session keys on the real Argent account and on the built-in chain', () => {
  it('on devnet: executes go through the paymaster, the own invoke runs out of steps, a relayer can run a payload', () => {
    expect(withoutGas(outcomes.devnet)).toEqual([
      { step: 'first execute: gasless deploy + execute', accepted: true, code: 'SUCCEEDED' },
      { step: 'later execute: through the paymaster', accepted: true, code: 'SUCCEEDED' },
      { step: 'self-paid session invoke', accepted: false, code: 'SIGN_SESSION_ERROR' },
      {
        step: 'self-paid session invoke, guardian-signed',
        accepted: false,
        code: '55',
        shape: `Transaction validation has failed: … ${OUT_OF_STEPS}`,
      },
      { step: 'execute without a paymaster', accepted: false, code: 'INVALID_OPTIONS' },
      { step: 'outside execution relayed by a dev account', accepted: true, code: 'SUCCEEDED' },
      { step: 'allowance 4', accepted: true },
    ])
  })

  it('the built-in chain accepts and refuses the same, with the same error shape', () => {
    expect(withoutGas(outcomes.builtin)).toEqual(withoutGas(outcomes.devnet))
  })

  it('an outside execution with the WebAuthn check costs the same on both (above the validation limit)', () => {
    const gasOf = (list: Outcome[]) => list.find((o) => o.step.startsWith('outside execution'))?.l2Gas ?? 0n
    const [real, builtin] = [gasOf(outcomes.devnet), gasOf(outcomes.builtin)]
    expect(real).toBeGreaterThan(VALIDATE_MAX_L2_GAS)
    // Within 5%: the built-in chain prices the check as measured, the rest by its calibrated model.
    expect(builtin * 100n).toBeGreaterThan(real * 95n)
    expect(builtin * 100n).toBeLessThan(real * 105n)
  })
})
