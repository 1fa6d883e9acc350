// Issue 23, item 5 (d): one signed outside execution sent ten times at once, as a page replaying it would.
// The paymaster's dry run and send are one serial step of its relayer, so the copies after the first are
// dry-run once its nonce is used and refused before anything is sent. Shared by the attack test against a
// node (security/relayOnce.test.ts) and the devnet project's (e2e/devnet/relayOnce.test.ts).
import { STRK_ADDRESS } from '@webwallet/protocol'
import type { RunningSim } from '@webwallet/wallet-sim'
import { ec, hash, typedData as td } from 'starknet'
import { postJson, rpcCall } from './attacker'

const STRK = STRK_ADDRESS
const SPONSOR = 'wallet-sim-sponsor'
const COPIES = 10

export interface DuplicateOutcome {
  /** Answers that relayed a transaction (200 with a hash, or a SNIP-29 result). */
  relayed: number
  /** Answers that refused before sending (no transaction hash). */
  refusedUnsent: number
  /** How far the relayer's nonce moved: one transaction per relay it paid for. */
  relayerNonceMoved: bigint
  /** How often the execution's transfer ran: 1 FRI each. */
  transfersRan: bigint
}

/** An owner-only Argent account (`[r, s]` signatures) of a fresh key, funded and deployed through the paymaster. */
export async function ownAccount(sim: RunningSim, label: string) {
  const ownerKey = `0x${Buffer.from(ec.starkCurve.utils.randomPrivateKey()).toString('hex')}`
  const publicKey = ec.starkCurve.getStarkKey(ownerKey)
  const constructorCalldata = ['0x0', publicKey, '0x1']
  const email = `${label}@example.com`
  await postJson(`${sim.url}/login/start`, { email })
  const code = sim.walletSim.inbox.latest(email)?.code ?? ''
  const { user } = (await postJson(`${sim.url}/login/verify`, { email, code })).json<{
    user: { classHash: string }
  }>()
  const address = hash.calculateContractAddressFromHash(publicKey, user.classHash, constructorCalldata, 0)
  const minted = await postJson(sim.rpcUrl, rpcCall('devnet_mint', { address, amount: 1e18, unit: 'FRI' }))
  if (minted.body.includes('"error"')) throw new Error(`devnet_mint: ${minted.body}`)
  const sign = (typedData: object) => {
    const { r, s } = ec.starkCurve.sign(td.getMessageHash(typedData as never, address), ownerKey)
    return [`0x${r.toString(16)}`, `0x${s.toString(16)}`]
  }
  const deploymentData = {
    class_hash: user.classHash,
    salt: publicKey,
    unique: '0x0',
    calldata: constructorCalldata,
  }
  // The honest first execution: deploys the account, relayed once.
  const built = await postJson(
    `${sim.url}/paymaster/v1/build-typed-data`,
    { userAddress: address, calls: [transferOne] },
    { 'api-key': SPONSOR },
  )
  const deployed = await postJson(
    `${sim.url}/paymaster/v1/execute`,
    { userAddress: address, typedData: built.body, signature: sign(built.json()), deploymentData },
    { 'api-key': SPONSOR },
  )
  if (deployed.status !== 200) throw new Error(`the account's deployment was refused: ${deployed.body}`)
  return { address, sign }
}

/** The execution's call: 1 FRI of STRK to a fixed address, so each run shows in its balance. */
export const RECIPIENT = '0x7e5'
const transferOne = { contractAddress: STRK, entrypoint: 'transfer', calldata: [RECIPIENT, '1', '0'] }

const read = async <T>(sim: RunningSim, method: string, params: unknown) =>
  (await postJson(sim.rpcUrl, rpcCall(method, params))).json<{ result: T }>().result
export const nonceOf = async (sim: RunningSim, address: string) =>
  BigInt(
    await read<string>(sim, 'starknet_getNonce', { block_id: 'pre_confirmed', contract_address: address }),
  )
export const strkOf = async (sim: RunningSim, address: string) =>
  BigInt(
    (
      await read<string[]>(sim, 'starknet_call', {
        request: {
          contract_address: STRK,
          entry_point_selector: hash.getSelectorFromName('balance_of'),
          calldata: [address],
        },
        block_id: 'pre_confirmed',
      })
    )[0] ?? '0x0',
  )

/**
 * Builds one sponsored outside execution of `account` on `route`, signs it, sends it `COPIES` times at once,
 * and tells what happened.
 */
export async function sendDuplicates(
  sim: RunningSim,
  account: Awaited<ReturnType<typeof ownAccount>>,
  route: 'avnu' | 'snip29',
): Promise<DuplicateOutcome> {
  const relayer = sim.walletSim.relayer.address
  const nonceBefore = await nonceOf(sim, relayer)
  const received = await strkOf(sim, RECIPIENT)
  let answers: { relayed: boolean; hash: boolean }[]
  if (route === 'avnu') {
    const built = await postJson(
      `${sim.url}/paymaster/v1/build-typed-data`,
      { userAddress: account.address, calls: [transferOne] },
      { 'api-key': SPONSOR },
    )
    const body = {
      userAddress: account.address,
      typedData: built.body,
      signature: account.sign(built.json()),
    }
    const sent = await Promise.all(
      Array.from({ length: COPIES }, () =>
        postJson(`${sim.url}/paymaster/v1/execute`, body, { 'api-key': SPONSOR }),
      ),
    )
    answers = sent.map((answer) => ({
      relayed: answer.status === 200,
      hash: answer.body.includes('transactionHash'),
    }))
  } else {
    const headers = { 'x-paymaster-api-key': SPONSOR }
    const parameters = { version: '0x1', fee_mode: { mode: 'sponsored' } }
    const call = {
      to: STRK,
      selector: hash.getSelectorFromName('transfer'),
      calldata: [RECIPIENT, '0x1', '0x0'],
    }
    const built = await postJson(
      `${sim.url}/paymaster`,
      rpcCall('paymaster_buildTransaction', {
        transaction: { type: 'invoke', invoke: { user_address: account.address, calls: [call] } },
        parameters,
      }),
      headers,
    )
    const typedData = built.json<{ result: { typed_data: object } }>().result.typed_data
    const executable = rpcCall('paymaster_executeTransaction', {
      transaction: {
        type: 'invoke',
        invoke: { user_address: account.address, typed_data: typedData, signature: account.sign(typedData) },
      },
      parameters,
    })
    const sent = await Promise.all(
      Array.from({ length: COPIES }, () => postJson(`${sim.url}/paymaster`, executable, headers)),
    )
    answers = sent.map((answer) => {
      const json = answer.json<{ result?: unknown; error?: unknown }>()
      return {
        relayed: json.result !== undefined,
        hash: JSON.stringify(json.error ?? {}).includes('transaction_hash'),
      }
    })
  }
  return {
    relayed: answers.filter((answer) => answer.relayed).length,
    refusedUnsent: answers.filter((answer) => !answer.relayed && !answer.hash).length,
    relayerNonceMoved: (await nonceOf(sim, relayer)) - nonceBefore,
    transfersRan: (await strkOf(sim, RECIPIENT)) - received,
  }
}
