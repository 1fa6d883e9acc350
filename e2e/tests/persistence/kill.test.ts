// Whole-server crash test: the real CLI with `--state FILE` takes a concurrent burst of logins, mints and
// ERC-20 transfers, is killed with SIGKILL mid-burst and restarted on the same file. Everything it
// acknowledged (an HTTP answer reached the client) must still be there.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Account, RpcProvider } from 'starknet'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type CliSim, startCli } from './cli'
import { get, logIn, rpc, strkBalance } from './http'

const STRK = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
/** What a first login funds the new account with (LoginService's welcome funds). */
const WELCOME_STRK = 1000n * 10n ** 18n
/** Kill once this much has been acknowledged, with more still in flight. */
const KILL_AFTER = { mints: 40, logins: 6, transfers: 4 }

interface Acked {
  mints: { hash: string; address: string; amount: bigint }[]
  transfers: { hash: string; address: string; amount: bigint }[]
  logins: { email: string; address: string }[]
}

const dir = mkdtempSync(join(tmpdir(), 'wallet-sim-kill-'))
const args = ['--state', join(dir, 'state.json'), '--seed', '11', '--accounts', '4']
const acked: Acked = { mints: [], transfers: [], logins: [] }
let restarted: CliSim | undefined

beforeAll(async () => {
  const first = await startCli(args)
  try {
    await burstThenKill(first)
  } finally {
    await first.kill9()
  }
  restarted = await startCli(args)
})
afterAll(async () => {
  await restarted?.stop()
  rmSync(dir, { recursive: true, force: true })
})

describe('after a kill -9 mid-burst and a restart on the same --state file', () => {
  test('every acknowledged user is listed and logs in again to the same account', async () => {
    const url = restarted!.url
    expect(acked.logins.length).toBeGreaterThanOrEqual(KILL_AFTER.logins)
    const { accounts } = await get<{ accounts: { email: string; address: string }[] }>(`${url}/dev/accounts`)
    for (const { email, address } of acked.logins) {
      expect(accounts).toContainEqual(expect.objectContaining({ email, address }))
      expect(await logIn(url, email)).toBe(address)
    }
  })

  test('every acknowledged transaction and welcome fund is on the restarted chain', async () => {
    const url = restarted!.url
    // Collect what is missing rather than stop at the first, so a failure says how much was lost.
    const lost = []
    for (const { hash, address, amount } of [...acked.mints, ...acked.transfers]) {
      const receipt = await rpc<{ execution_status: string }>(url, 'starknet_getTransactionReceipt', [
        hash,
      ]).catch((error: Error) => ({ execution_status: error.message }))
      const balance = await strkBalance(url, address)
      if (receipt.execution_status !== 'SUCCEEDED' || balance !== amount) {
        lost.push({ hash, receipt: receipt.execution_status, balance, expected: amount })
      }
    }
    for (const { email, address } of acked.logins) {
      const balance = await strkBalance(url, address)
      if (balance !== WELCOME_STRK) lost.push({ email, balance, expected: WELCOME_STRK })
    }
    const total = `${acked.mints.length} mints, ${acked.transfers.length} transfers acknowledged`
    expect(lost, total).toEqual([])
  })
})

/** Mints, logins and transfers from two dev accounts, concurrently; SIGKILL right after an answer. */
async function burstThenKill(sim: CliSim): Promise<void> {
  let killed: Promise<void> | undefined
  const enough = () =>
    acked.mints.length >= KILL_AFTER.mints &&
    acked.logins.length >= KILL_AFTER.logins &&
    acked.transfers.length >= KILL_AFTER.transfers
  // Right after an answer arrives is when a save that lags its answer would be lost.
  const ack = <T>(list: T[], entry: T) => {
    list.push(entry)
    if (!killed && enough()) killed = sim.kill9()
  }
  // Failed requests (refused connections after the kill) are simply not acknowledged.
  const untilKilled = async (work: (i: number) => Promise<void>) => {
    for (let i = 0; !killed; i++) await work(i).catch(() => undefined)
  }
  const devAccounts = await rpc<{ address: string; private_key: string }[]>(
    sim.url,
    'devnet_getPredeployedAccounts',
    {},
  )
  let mints = 0
  let logins = 0
  await Promise.all([
    ...[0, 1, 2, 3].map(() =>
      untilKilled(async () => {
        const n = mints++
        // A fresh address per mint, so its balance is exactly that mint.
        const address = `0x${(0x5a1e0000 + n).toString(16)}`
        const amount = BigInt(n + 1)
        const params = { address, amount: n + 1, unit: 'FRI' }
        const { tx_hash } = await rpc<{ tx_hash: string }>(sim.url, 'devnet_mint', params)
        ack(acked.mints, { hash: tx_hash, address, amount })
      }),
    ),
    ...[0, 1].map(() =>
      untilKilled(async () => {
        const email = `user${logins++}@kill.test`
        ack(acked.logins, { email, address: await logIn(sim.url, email) })
      }),
    ),
    ...devAccounts.slice(0, 2).map((dev, k) => {
      const provider = new RpcProvider({ nodeUrl: `${sim.url}/rpc/v0_9` })
      const account = new Account({ provider, address: dev.address, signer: dev.private_key })
      return untilKilled(async (i) => {
        const address = `0x${(0x7e000000 + k * 0x10000 + i).toString(16)}`
        const amount = BigInt(1000 + i)
        const call = { contractAddress: STRK, entrypoint: 'transfer', calldata: [address, `${amount}`, '0'] }
        // tip 0: skip starknet.js's tip estimation (it reads recent blocks and logs about too few).
        const { transaction_hash } = await account.execute(call, { tip: 0n })
        ack(acked.transfers, { hash: transaction_hash, address, amount })
      })
    }),
  ])
  await killed
}
