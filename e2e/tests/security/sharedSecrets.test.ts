// Issue 23, items 4 and 5 (a, b): no secret is shared between wallet-sims. Once every instance had the same
// guardian key, exported by the package: with it and a stolen session key a thief signed the guardian half
// himself, skipped the cosigner and its fee caps, and sent a transfer straight to `/rpc`. And the paymaster's
// relayer was a predeployed account, whose key `devnet_getPredeployedAccounts` gives any page. Now each
// instance has its own guardian and relayer keys, which the package does not export: the thief's keys (his
// own instance's, every key the package exports, every predeployed key) sign nothing the chain accepts,
// while the victim's honest calls, co-signed by its own cosigner, and the paymaster's relaying still run.
import {
  chainIdFelt,
  selectorFromName,
  sessionMessageHash,
  signHash,
  toHex,
} from '@webwallet/protocol/session'
import { createRpc, SessionAccount, type WebWallet, waitForTransaction } from '@webwallet/shim'
import * as walletSimPackage from '@webwallet/wallet-sim'
import { CONTRACTS, type RunningSim, startSim } from '@webwallet/wallet-sim'
import { Account, RpcProvider } from 'starknet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseTransaction } from '../../../wallet-sim/src/chain/parseTransaction'
import { transactionHash } from '../../../wallet-sim/src/chain/transactionHash'
import { postJson, rpcCall, type StolenSession, stealSession } from './attacker'

const STRK = CONTRACTS.strk
const E18 = 10n ** 18n
const ATTACKER = '0x0000000000000000000000000000000000000000000000000000000000a77ac4'
/** The guardian key the thief gives his own wallet-sim, which he therefore knows. */
const THIEFS_GUARDIAN = '0x7468696566277320677561726469616e'
const increment = { contractAddress: CONTRACTS.counter, entrypoint: 'increment', calldata: [] }
const steal = (amount: bigint) => ({
  contractAddress: STRK,
  entrypoint: 'transfer',
  calldata: [ATTACKER, toHex(amount), '0x0'],
})

let victim: RunningSim
let thiefsOwn: RunningSim
let wallet: WebWallet
let stolen: StolenSession

beforeAll(async () => {
  ;[victim, thiefsOwn] = await Promise.all([
    startSim({ seed: 23, approve: 'auto' }),
    startSim({ seed: 23, guardianPrivateKey: THIEFS_GUARDIAN }),
  ])
  ;({ wallet, stolen } = await stealSession(victim, {
    email: 'victim23@example.com',
    appName: 'shared-secrets',
    allowedMethods: [
      { contract: CONTRACTS.counter, selector: 'increment' },
      { contract: STRK, selector: 'transfer' },
    ],
  }))
}, 60_000)
afterAll(async () => {
  await Promise.all([victim?.close(), thiefsOwn?.close()])
})

const rpc = () => createRpc({ nodeUrl: victim.rpcUrl })
const succeeded = async (hash: string) =>
  (await waitForTransaction(rpc(), hash, { retryInterval: 50 })).execution_status
async function strkBalance(address: string): Promise<bigint> {
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
const nonceOf = async (address: string) =>
  BigInt(
    await rpc().request<string>('starknet_getNonce', {
      block_id: 'pre_confirmed',
      contract_address: address,
    }),
  )

/** Every hex string the package exports: where a key once was. */
const exportedStrings = (): string[] =>
  (Object.values(walletSimPackage) as unknown[]).filter(
    (value): value is string => typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value),
  )

/**
 * `fetch` whose `/cosigner/signSession` is answered by the thief himself: the guardian half signed with
 * `guardianKey`, none of the cosigner's checks. Anything else goes to the victim's wallet-sim.
 */
function signingAsGuardian(guardianKey: string): typeof fetch {
  return async (input, init) => {
    if (!String(input).endsWith('/cosigner/signSession')) return fetch(input, init)
    const { session, transaction } = JSON.parse(String(init?.body)) as {
      session: { sessionHash: string; cacheAuthorisation: boolean }
      transaction: Record<string, unknown> & { chain_id: string }
    }
    const tx = parseTransaction({ ...transaction, type: 'INVOKE', signature: [] } as never, 'INVOKE')
    const message = sessionMessageHash(
      transactionHash(tx, chainIdFelt(transaction.chain_id)),
      session.sessionHash,
      session.cacheAuthorisation,
    )
    const { signer, r, s } = signHash(message, guardianKey)
    const signature = { publicKey: toHex(signer), r: toHex(r), s: toHex(s) }
    return new Response(JSON.stringify({ signature }), { headers: { 'content-type': 'application/json' } })
  }
}

/** The thief's session account: the stolen session and key, self-paid, straight to the victim's `/rpc`. */
const thief = (guardianKey: string) =>
  new SessionAccount({
    rpc: rpc(),
    session: stolen,
    address: stolen.stored.address,
    chainId: stolen.stored.chainId,
    network: 'sepolia',
    cosignerBaseUrl: victim.url,
    fetch: signingAsGuardian(guardianKey),
    now: () => Date.now(),
  })

describe('(a) a stolen session key and a guardian key from elsewhere', () => {
  it('honest: the app runs its calls, co-signed by its own cosigner (deploying the account)', async () => {
    const account = wallet.sessionAccount!
    expect(await succeeded((await account.execute(increment)).transaction_hash)).toBe('SUCCEEDED')
    expect(await succeeded((await account.execute(increment)).transaction_hash)).toBe('SUCCEEDED')
  })

  it('the package exports no key, and each instance has a guardian of its own', () => {
    expect(Object.keys(walletSimPackage).filter((name) => /private|secret|guardian/i.test(name))).toEqual([])
    expect(victim.walletSim.guardianPublicKey).not.toBe(thiefsOwn.walletSim.guardianPublicKey)
  })

  it("cannot co-sign a 500 STRK transfer with the key of the thief's own wallet-sim or any exported value", async () => {
    const before = await strkBalance(stolen.stored.address)
    expect(before).toBeGreaterThan(500n * E18)
    const candidates = [THIEFS_GUARDIAN, ...exportedStrings()]
    for (const key of candidates) {
      const sent = await thief(key)
        .execute(steal(500n * E18))
        .then((answer) => answer.transaction_hash)
        .catch(() => undefined)
      // Refused by the account's validation (the guardian is not the victim instance's), or at worst reverted.
      if (sent !== undefined) expect(await succeeded(sent)).not.toBe('SUCCEEDED')
    }
    expect(await strkBalance(ATTACKER)).toBe(0n)
    expect(await strkBalance(stolen.stored.address)).toBe(before)
  })
})

describe("(b) the paymaster's relayer key", () => {
  it('is not among the predeployed accounts nor the package exports: no key found signs as the relayer', async () => {
    const relayer = victim.walletSim.relayer.address
    const listed = (await postJson(victim.rpcUrl, rpcCall('devnet_getPredeployedAccounts'))).json<{
      result: { address: string; private_key: string }[]
    }>().result
    expect(listed.length).toBeGreaterThan(0)
    expect(listed.map((account) => BigInt(account.address))).not.toContain(BigInt(relayer))
    const before = { strk: await strkBalance(relayer), nonce: await nonceOf(relayer) }
    expect(before.strk).toBeGreaterThan(0n)
    const provider = new RpcProvider({ nodeUrl: victim.rpcUrl })
    for (const key of [...listed.map((account) => account.private_key), ...exportedStrings()]) {
      const asRelayer = new Account({ provider, address: relayer, signer: key })
      const sent = await asRelayer
        .execute(steal(100n * E18))
        .then((answer) => answer.transaction_hash)
        .catch(() => undefined)
      if (sent !== undefined) expect(await succeeded(sent)).not.toBe('SUCCEEDED')
    }
    expect(await strkBalance(ATTACKER)).toBe(0n)
    expect(await nonceOf(relayer)).toBe(before.nonce)
  })

  it("the minter behind devnet_mint is not the seed's, which anyone computes with the package", async () => {
    // The package's own genesis for the victim's seed gives the seed's minter and its key.
    const { minter } = walletSimPackage.createChain({ seed: 23, accounts: 0 })
    const provider = new RpcProvider({ nodeUrl: victim.rpcUrl })
    const asMinter = new Account({ provider, address: minter.address, signer: minter.private_key })
    const sent = await asMinter
      .execute(steal(100n * E18))
      .then((answer) => answer.transaction_hash)
      .catch(() => undefined)
    if (sent !== undefined) expect(await succeeded(sent)).not.toBe('SUCCEEDED')
    expect(await strkBalance(ATTACKER)).toBe(0n)
    // devnet_mint, a dev power for Node clients like this one, still mints.
    const minted = await postJson(
      victim.rpcUrl,
      rpcCall('devnet_mint', { address: ATTACKER, amount: 5, unit: 'FRI' }),
    )
    expect(minted.body).not.toContain('"error"')
    expect(await strkBalance(ATTACKER)).toBe(5n)
  })

  it('honest: the paymaster still relays, from its own account', async () => {
    const relayer = victim.walletSim.relayer.address
    const nonce = await nonceOf(relayer)
    const account = wallet.sessionAccount!
    const sent = await account.execute(increment, { gasless: true, gasTokenAddress: STRK })
    expect(await succeeded(sent.transaction_hash)).toBe('SUCCEEDED')
    const tx = await rpc().request<{ sender_address: string }>('starknet_getTransactionByHash', {
      transaction_hash: sent.transaction_hash,
    })
    expect(BigInt(tx.sender_address)).toBe(BigInt(relayer))
    expect(await nonceOf(relayer)).toBe(nonce + 1n)
  })
})
