// Draining the paymaster's relayer: the AVNU v1 API answers CORS `*` and the simulator's sponsor key is
// public, so any web page can ask it to relay. A page on 127.0.0.2 posts executions that would revert
// (a bogus signature, sponsored or paid in a gas token, with or without a deployment) and one validly signed
// by the attacker's own account that pays 1 FRI for its gas. Each is refused after a simulation, before
// anything is sent: the relayer's nonce and STRK balance, read from Node, do not move. The same paymaster
// still relays the account's legitimate executions, which move them.
import { DEFAULT_PAYMASTER_API_KEYS, type RunningSim, startSim } from '@webwallet/wallet-sim'
import type { Page } from 'playwright-core'
import { ec, hash, typedData as td } from 'starknet'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { launchBrowser } from '../../support/browser'
import { attackerSite, postJson, rpcCall } from './attacker'

const SPONSOR = DEFAULT_PAYMASTER_API_KEYS[0]
const STRK = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
const OWNER_KEY = '0xa11ce5'
const SALT = '0x5a17'
// Argent 0.4 `constructor(owner: Signer::Starknet(pubkey), guardian: Option::None)`: `[r, s]` signs for it.
const constructorCalldata = ['0x0', ec.starkCurve.getStarkKey(OWNER_KEY), '0x1']

let sim: RunningSim
let attacker: Awaited<ReturnType<typeof attackerSite>>
let browser: Awaited<ReturnType<typeof launchBrowser>>
let account: string
let deploymentData: { class_hash: string; salt: string; unique: string; calldata: string[] }

beforeAll(async () => {
  sim = await startSim({ accounts: 2 })
  attacker = await attackerSite('127.0.0.2')
  browser = await launchBrowser()
  // The Argent class the simulator deploys for its users, read from a login as any client can.
  const email = 'drain@example.com'
  await postJson(`${sim.url}/login/start`, { email })
  const code = sim.walletSim.inbox.latest(email)?.code ?? ''
  const { user } = (await postJson(`${sim.url}/login/verify`, { email, code })).json<{
    user: { classHash: string }
  }>()
  account = hash.calculateContractAddressFromHash(SALT, user.classHash, constructorCalldata, 0)
  deploymentData = { class_hash: user.classHash, salt: SALT, unique: '0x0', calldata: constructorCalldata }
  const minted = await postJson(
    sim.rpcUrl,
    rpcCall('devnet_mint', { address: account, amount: 1e18, unit: 'FRI' }),
  )
  expect(minted.body).not.toContain('"error"')
})
afterAll(async () => {
  await browser?.close()
  await Promise.all([sim?.close(), attacker?.close()])
})

const read = async <T>(method: string, params: unknown) =>
  (await postJson(sim.rpcUrl, rpcCall(method, params))).json<{ result: T }>().result
const relayerState = async () => {
  const address = sim.walletSim.relayer.address
  return {
    nonce: BigInt(await read<string>('starknet_getNonce', { block_id: 'latest', contract_address: address })),
    strk: BigInt(
      (await read<{ amount: string }>('devnet_getAccountBalance', { address, unit: 'FRI' })).amount,
    ),
  }
}
const transfer = (amount: number) => ({
  contractAddress: STRK,
  entrypoint: 'transfer',
  calldata: ['0x7e5', `${amount}`, '0'],
})
const sign = (typedData: object) => {
  const { r, s } = ec.starkCurve.sign(td.getMessageHash(typedData as never, account), OWNER_KEY)
  return [`0x${r.toString(16)}`, `0x${s.toString(16)}`]
}

interface Attempt {
  /** Sent with the public sponsor key; otherwise paid in STRK, `maxGasTokenAmount` of it. */
  sponsored: boolean
  maxGasTokenAmount?: string
  /** The typed data and signature to send as they are; otherwise the page builds it and signs `['0x1', '0x2']`. */
  signed?: { typedData: object; signature: string[] }
  deploy?: boolean
}

/** From the attacker's page, by CORS fetch: build the typed data (unless given), then execute. */
function fromPage(page: Page, attempt: Attempt) {
  return page.evaluate(
    async ({ url, account, attempt, sponsor, strk, call, deploymentData }) => {
      const post = async (path: string, body: unknown) => {
        const response = await fetch(`${url}/paymaster/v1${path}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(attempt.sponsored ? { 'api-key': sponsor } : {}),
          },
          body: JSON.stringify(body),
        })
        return { status: response.status, body: (await response.json()) as Record<string, unknown> }
      }
      const paying = attempt.sponsored
        ? {}
        : { gasTokenAddress: strk, maxGasTokenAmount: attempt.maxGasTokenAmount }
      const typedData =
        attempt.signed?.typedData ??
        (await post('/build-typed-data', { userAddress: account, calls: [call], ...paying })).body
      return post('/execute', {
        userAddress: account,
        typedData: JSON.stringify(typedData),
        signature: attempt.signed?.signature ?? ['0x1', '0x2'],
        ...(attempt.deploy ? { deploymentData } : {}),
      })
    },
    { url: sim.url, account, attempt, sponsor: SPONSOR, strk: STRK, call: transfer(1), deploymentData },
  )
}

it('a page cannot make the relayer pay for executions that fail or underpay; legitimate ones still run', async () => {
  const page = await browser.newPage()
  await page.goto(`${attacker.origin}/`)
  const start = await relayerState()

  // Not deployed yet: a bogus execution that asks the relayer to deploy the account first.
  const deploying = await fromPage(page, { sponsored: true, deploy: true })
  expect(deploying.status).toBe(500)
  expect(deploying.body.messages).toEqual([expect.stringMatching(/^Contract error: /)])
  expect(await relayerState()).toEqual(start)

  // The owner's own sponsored execution deploys the account: the relayer pays, its nonce moves.
  const built = await postJson(
    `${sim.url}/paymaster/v1/build-typed-data`,
    { userAddress: account, calls: [transfer(5)] },
    { 'api-key': SPONSOR },
  )
  const legit = await postJson(
    `${sim.url}/paymaster/v1/execute`,
    { userAddress: account, typedData: built.body, signature: sign(built.json()), deploymentData },
    { 'api-key': SPONSOR },
  )
  expect(legit.status, legit.body).toBe(200)
  const deployed = await relayerState()
  expect(deployed.nonce).toBe(start.nonce + 1n)
  expect(deployed.strk).toBeLessThan(start.strk)

  // Repeated, as a draining page would (bounded): sponsored and STRK-paid, each with a bogus signature.
  for (let round = 0; round < 3; round++) {
    for (const attempt of [{ sponsored: true }, { sponsored: false, maxGasTokenAmount: '0x1' }]) {
      const answer = await fromPage(page, attempt)
      expect(answer.status).toBe(500)
      expect(answer.body.revertError).toContain('argent/invalid-owner-sig')
      expect(answer.body).not.toHaveProperty('transactionHash')
    }
  }
  expect(await relayerState()).toEqual(deployed)

  // The attacker's own account, validly signed, offers 1 FRI for the gas: refused as not covering it.
  const cheap = (
    await postJson(`${sim.url}/paymaster/v1/build-typed-data`, {
      userAddress: account,
      calls: [transfer(1)],
      gasTokenAddress: STRK,
      maxGasTokenAmount: '0x1',
    })
  ).json()
  const underpaid = await fromPage(page, {
    sponsored: false,
    signed: { typedData: cheap, signature: sign(cheap) },
  })
  expect(underpaid.status).toBe(400)
  expect(underpaid.body.messages).toEqual([
    expect.stringMatching(/^The fee transfer is worth 1 FRI; the transaction costs \d+ FRI$/),
  ])
  expect(await relayerState()).toEqual(deployed)

  // Paying enough, the same account's execution is relayed from the same page.
  const covered = (
    await postJson(`${sim.url}/paymaster/v1/build-typed-data`, {
      userAddress: account,
      calls: [transfer(1)],
      gasTokenAddress: STRK,
      maxGasTokenAmount: `${5n * 10n ** 16n}`,
    })
  ).json()
  const paid = await fromPage(page, {
    sponsored: false,
    signed: { typedData: covered, signature: sign(covered) },
  })
  expect(paid.status).toBe(200)
  const after = await relayerState()
  expect(after.nonce).toBe(deployed.nonce + 1n)
  expect(after.strk).toBeGreaterThan(deployed.strk)
})
