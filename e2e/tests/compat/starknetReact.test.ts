// @starknet-react/core 5, unchanged, in Chromium: a React 18 page (compat/starknet-react/app.jsx, starknet.js v8)
// whose only connector is the shim's WebWalletConnector, on the popup and the iframe transports. Its hooks
// connect (e-mail login in the wallet), give the account, send a transaction (useSendTransaction), follow its
// receipt (useTransactionReceipt), read the counter (useReadContract) and disconnect. On the popup, its SNIP-29
// paymaster hooks go to wallet-sim's POST /paymaster: usePaymasterGasTokens, usePaymasterEstimateFees, and
// usePaymasterSendTransaction sponsored (the user pays nothing) and paid in a gas token (the user pays it).
// Then compat/starknet-react/session.jsx, whose connector is the shim's WebWalletSessionConnector: the user signs
// one session, and the hooks (useSendTransaction, useContract's populate, useEstimateFees, useReadContract,
// useTransactionReceipt) run the session's calls with no wallet prompt; a call outside it is CALL_NOT_ALLOWED.
import { CONTRACTS } from '@webwallet/wallet-sim'
import type { BuildOptions } from 'esbuild'
import type { Page } from 'playwright-core'
import { RpcProvider } from 'starknet'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { clickClosing, launchBrowser } from '../../support/browser'
import { readConsent } from '../../support/demo'
import { buildWalletUi, startWalletSim } from '../wallet/walletServer'
import {
  bundle,
  compatDir,
  confirmTransaction,
  logInAndConnect,
  type Prompt,
  prompted,
  resolveFrom,
  serveDapp,
  signOutsideExecution,
  type Transport,
} from './page'

let script = ''
let sessionScript = ''
let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined
beforeAll(async () => {
  const dir = compatDir('starknet-react')
  buildWalletUi()
  // The shim's connectors (its sources) import starknet: the page's own v8, as an app's bundler does.
  const options: BuildOptions = {
    jsx: 'automatic',
    conditions: ['@webwallet/source'],
    plugins: [resolveFrom(dir, ['starknet', 'react', 'react-dom'])],
  }
  script = await bundle(`${dir}app.jsx`, options)
  sessionScript = await bundle(`${dir}session.jsx`, options)
  browser = await launchBrowser()
}, 180_000)
afterAll(() => browser?.close())

/** Waits until the page's output `name` reads as `pattern`, or fails at once on an error the hooks rendered. */
async function output(page: Page, name: string, pattern: RegExp): Promise<string> {
  const out = page.getByRole('status', { name, exact: true })
  const settled = new RegExp(`${pattern.source}|^error: `)
  await out.filter({ hasText: settled }).waitFor({ state: 'attached', timeout: 60_000 })
  const text = (await out.textContent()) ?? ''
  expect(text).toMatch(pattern)
  return text
}

const HASH = /^0x[0-9a-f]+$/

for (const transport of ['popup', 'iframe'] as const satisfies Transport[]) {
  const paymaster = transport === 'popup'
  test(`starknet-react v5 over the shim's ${transport}: connect, account, send, receipt, read${paymaster ? ', paymaster hooks' : ''}, disconnect`, async () => {
    await using sim = await startWalletSim()
    await using dapp = await serveDapp(script)
    const context = await browser!.newContext()
    const page = await context.newPage()
    const query = new URLSearchParams({
      wallet: sim.url,
      transport,
      counter: CONTRACTS.counter,
      gasToken: CONTRACTS.strk,
    })
    await page.goto(`${dapp.origin}/?${query}`)
    const click = (name: string) => () => page.getByRole('button', { name, exact: true }).click()

    const email = `react-${transport}@example.com`
    await prompted(transport, context, page, click('Connect wallet'), logInAndConnect(sim, email))
    await output(page, 'status', /^connected$/)
    const address = sim.login.user(email)?.account.address ?? ''
    expect(BigInt(await output(page, 'address', HASH))).toBe(BigInt(address))
    expect(BigInt(await output(page, 'account', HASH))).toBe(BigInt(address))

    await prompted(transport, context, page, click('Increment'), confirmTransaction)
    await output(page, 'transaction', HASH)
    await output(page, 'receipt', /^SUCCEEDED$/)
    await output(page, 'counter', /^1$/)

    if (paymaster) {
      const provider = new RpcProvider({ nodeUrl: `${sim.url}/rpc/v0_9` })
      const strk = async () => {
        const [low = '0', high = '0'] = await provider.callContract({
          contractAddress: CONTRACTS.strk,
          entrypoint: 'balance_of',
          calldata: [address],
        })
        return BigInt(low) + (BigInt(high) << 128n)
      }
      await output(page, 'gas token listed', /^true$/)
      const fee = BigInt(await output(page, 'fee in gas token', /^\d+$/))
      expect(fee).toBeGreaterThan(0n)

      // Sponsored: the wallet signs the paymaster's outside execution; the sponsor pays, the user does not.
      const before = await strk()
      await prompted(transport, context, page, click('Increment, sponsored'), signOutsideExecution)
      const sponsored = await output(page, 'sponsored transaction', HASH)
      expect((await provider.waitForTransaction(sponsored, { retryInterval: 100 })).isSuccess()).toBe(true)
      expect(await strk()).toBe(before)

      // In a gas token: the user pays the paymaster at most the estimate starknet-react passed as the bound.
      await prompted(transport, context, page, click('Increment, fee in gas token'), signOutsideExecution)
      const paid = await output(page, 'paid transaction', HASH)
      expect((await provider.waitForTransaction(paid, { retryInterval: 100 })).isSuccess()).toBe(true)
      const spent = before - (await strk())
      expect(spent).toBeGreaterThan(0n)
      expect(spent).toBeLessThanOrEqual(fee)
      await output(page, 'counter', /^3$/)
    }

    await click('Disconnect')()
    await output(page, 'status', /^disconnected$/)
    expect(await page.getByRole('status', { name: 'failure' }).textContent()).toBe('')
    await context.close()
  }, 120_000)
}

type Sim = Awaited<ReturnType<typeof startWalletSim>>

/** The session's prompt: e-mail login with the code from wallet-sim's inbox, the consent read, Sign session. */
function logInAndSignSession(sim: Sim, email: string) {
  return async (prompt: Prompt) => {
    await prompt.getByLabel('E-mail address').fill(email)
    await prompt.getByRole('button', { name: 'Send code' }).click()
    await prompt.getByLabel('Code').waitFor()
    await prompt.getByLabel('Code').fill(sim.inbox.latest(email)?.code ?? '')
    await prompt.getByRole('button', { name: 'Log in' }).click()
    await readConsent(prompt)
    await prompt.locator('[data-armed="true"]').waitFor()
    await clickClosing(prompt.getByRole('button', { name: 'Sign session' }))
  }
}

for (const transport of ['popup', 'iframe'] as const satisfies Transport[]) {
  test(`starknet-react v5 over the session (${transport}): one signed session, then the hooks invoke with no wallet prompt`, async () => {
    await using sim = await startWalletSim()
    await using dapp = await serveDapp(sessionScript)
    const context = await browser!.newContext()
    const page = await context.newPage()
    const query = new URLSearchParams({ wallet: sim.url, transport, counter: CONTRACTS.counter })
    await page.goto(`${dapp.origin}/?${query}`)
    const click = (name: string) => () => page.getByRole('button', { name, exact: true }).click()

    const email = `react-session-${transport}@example.com`
    await prompted(transport, context, page, click('Start session'), logInAndSignSession(sim, email))
    await output(page, 'status', /^connected$/)
    const address = sim.login.user(email)?.account.address ?? ''
    expect(BigInt(await output(page, 'address', HASH))).toBe(BigInt(address))
    await output(page, 'account', /^session$/)

    // From here the wallet is never shown: nobody answers a prompt (one would hold its invoke until the test's
    // timeout), no popup opens, and the iframe stays hidden.
    const popups: string[] = []
    context.on('page', (opened) => popups.push(opened.url()))
    // Any iframe on screen would be the wallet's modal (the page has none of its own).
    const walletShown = () => page.locator('iframe').filter({ visible: true }).count()

    expect(BigInt(await output(page, 'fee', /^\d+$/))).toBeGreaterThan(0n)
    // The first invoke deploys the account (through the paymaster) with it; the second is self-paid.
    await click('Increment')()
    await output(page, 'transaction', HASH)
    await output(page, 'receipt', /^SUCCEEDED$/)
    await output(page, 'counter', /^1$/)
    await click('Increment through the contract')()
    await output(page, 'contract transaction', HASH)
    await output(page, 'contract receipt', /^SUCCEEDED$/)
    await output(page, 'counter', /^2$/)

    // Outside the session: refused before anything is sent, the code in the hook's error.
    await click('Set value')()
    const refused = page.getByRole('status', { name: 'outside transaction', exact: true })
    await refused.filter({ hasText: /^error: / }).waitFor({ timeout: 60_000 })
    expect(await refused.textContent()).toBe(
      'error: CALL_NOT_ALLOWED Call not allowed by the session: set_value',
    )
    expect(popups).toEqual([])
    expect(await walletShown()).toBe(0)

    // A reload reconnects the stored session (starknet-react's autoConnect), still with no prompt.
    await page.reload()
    await output(page, 'status', /^connected$/)
    await output(page, 'account', /^session$/)
    await output(page, 'counter', /^2$/)
    expect(popups).toEqual([])

    // Disconnect ends the session: nothing stored is left for a reload to reuse.
    await click('Disconnect')()
    await output(page, 'status', /^disconnected$/)
    expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull()
    expect(await page.getByRole('status', { name: 'failure' }).textContent()).toBe('')
    await context.close()
  }, 180_000)
}
