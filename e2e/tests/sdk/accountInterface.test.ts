// SessionAccount as a starknet.js account in Chromium (issue 24): a page bundled with the shim's sources and
// the page's own starknet.js — v10, then v8 (as an app that installed it) — uses `new Contract({ abi,
// address, providerOrAccount: account })` on wallet-sim's demo counter: views through starknet.js,
// invokes through the session (no prompt: the session allows `increment`), `getNonce`,
// `estimateInvokeFee`, `execute(calls, { nonce })`, `callContract`; and what a session must refuse, refused
// with its code: a method outside the scope (CALL_NOT_ALLOWED), declare, deployAccount
// (NOT_SUPPORTED_BY_SESSION), owner typed data (OUTSIDE_EXECUTION_ONLY).
import { CONTRACTS, startSim } from '@webwallet/wallet-sim'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../../support/browser'
import { bundle, ROOT, serveDapp } from '../compat/page'
import { logIn } from './login'

let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined
beforeAll(async () => {
  browser = await launchBrowser()
}, 120_000)
afterAll(async () => {
  await browser?.close()
})

const PAGE = `${ROOT}e2e/tests/sdk/accountInterface.page.ts`

describe.each([
  ['v10', 'starknet'],
  ['v8', 'starknet-v8'],
])('SessionAccount with starknet.js %s (the page bundles %s)', (version, starknet) => {
  it('backs a Contract, estimates, reads the nonce, sends with a given nonce and refuses what a session cannot do', async () => {
    const script = await bundle(PAGE, {
      conditions: ['@webwallet/source'],
      alias: { starknet },
      // One starknet.js in the page: the shim's sources and the page's script import the same copy.
    })
    expect(script).not.toBe('')
    await using dapp = await serveDapp(script)
    // The page's origin may use the wallet's WebSocket (wallet-sim refuses browser origins it was not given).
    const sim = await startSim({ seed: 24, approve: 'auto', allowedDapps: [dapp.origin] })
    await using _sim = { [Symbol.asyncDispose]: () => sim.close() }
    const page = await browser!.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(String(error)))
    await page.goto(dapp.origin)
    await page.waitForFunction(() => 'runAccountInterface' in globalThis)
    const email = `account-interface-${version}@example.com`
    const token = await logIn(sim, email)
    const r: {
      address: string
      before: string
      afterFirst: string
      after: string
      called: string[]
      nonce: string
      nonceAfter: string
      estimate: { overall_fee: string; l2_gas: string; unit: string }
      wrongNonce: { fulfilled: boolean; code?: string; message?: string }
      secondSuccess: boolean
      secondFee: string
      outOfScope: { fulfilled: boolean; code?: string }
      declare: { fulfilled: boolean; code?: string; message?: string }
      deployAccount: { fulfilled: boolean; code?: string }
      ownerMessage: { fulfilled: boolean; code?: string }
      accountIsProvider: boolean
    } = await page.evaluate(
      (config) =>
        (
          globalThis as unknown as { runAccountInterface: (c: unknown) => Promise<never> }
        ).runAccountInterface(config),
      { url: sim.url, rpcUrl: sim.rpcUrl, trpcUrl: sim.trpcUrl, token, counter: CONTRACTS.counter },
    )
    expect(errors).toEqual([])
    // The page's account was built on the copy under test.
    expect(r.accountIsProvider).toBe(version === 'v8')
    expect(BigInt(r.address)).toBe(BigInt(sim.walletSim.login.user(email)?.account.address ?? '0x0'))
    // Views through starknet.js (Contract and callContract), invokes through the session.
    expect([r.before, r.afterFirst, r.after]).toEqual(['0', '1', '3'])
    expect(r.called.map((felt) => BigInt(felt))).toEqual([3n])
    // getNonce is the chain's; execute(calls, { nonce }) sent with it (and a stale one was refused).
    expect(BigInt(r.nonceAfter)).toBe(BigInt(r.nonce) + 2n)
    expect(r.wrongNonce.fulfilled).toBe(false)
    expect(r.wrongNonce.message).toMatch(/nonce/i)
    expect(r.secondSuccess).toBe(true)
    // The estimate covers what the session's own invoke of the same call paid.
    expect(r.estimate.unit).toBe('FRI')
    expect(BigInt(r.estimate.overall_fee)).toBeGreaterThanOrEqual(BigInt(r.secondFee))
    expect(BigInt(r.secondFee)).toBeGreaterThan(0n)
    expect(BigInt(r.estimate.l2_gas)).toBeGreaterThan(10n ** 6n)
    expect(r.outOfScope).toMatchObject({ fulfilled: false, code: 'CALL_NOT_ALLOWED' })
    expect(r.declare).toMatchObject({
      fulfilled: false,
      code: 'NOT_SUPPORTED_BY_SESSION',
      message: 'declare is not supported by a session account',
    })
    expect(r.deployAccount).toMatchObject({ fulfilled: false, code: 'NOT_SUPPORTED_BY_SESSION' })
    expect(r.ownerMessage).toMatchObject({ fulfilled: false, code: 'OUTSIDE_EXECUTION_ONLY' })
    await page.close()
  }, 120_000)
})
