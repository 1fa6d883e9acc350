// Issue 27: a request the dapp gives up on (its AbortSignal, its time limit) while the wallet shows its prompt.
// The shim's connector in the iframe against wallet-sim in Chromium: the wallet is told (tRPC's stop message by
// the request's id), the prompt leaves the wallet's screen, and the next request shows its own prompt, never
// the abandoned one again.
import { build } from 'esbuild'
import type { Frame, Page } from 'playwright-core'
import { beforeAll, expect, test } from 'vitest'
import { launchBrowser } from '../../support/browser'
import { frameAt, loginAndConnect, POLL, recordWalletPages, serveDapp } from '../security/transportPages'
import { buildWalletUi, startWalletSim } from './walletServer'

const ENTRY = `
import { createConnector } from '@webwallet/shim/connector'
const connector = createConnector({ url: new URLSearchParams(location.search).get('wallet'), transport: 'iframe' })
const outcomes = {}
const controllers = {}
const track = (key, promise) => {
  outcomes[key] = { state: 'pending' }
  promise.then(
    (value) => { outcomes[key] = { state: 'resolved', value } },
    (e) => { outcomes[key] = { state: 'rejected', error: { code: e.code, message: e.message } } },
  )
}
window.victimDapp = {
  outcomes,
  connect: (key) => track(key, connector.connect()),
  request: (key, call, timeoutMs) => {
    controllers[key] = new AbortController()
    track(key, connector.request(call, { signal: controllers[key].signal, ...(timeoutMs ? { timeoutMs } : {}) }))
  },
  abort: (key) => controllers[key].abort(),
}
`

const MAIL = {
  types: {
    StarknetDomain: [
      { name: 'name', type: 'shortstring' },
      { name: 'version', type: 'shortstring' },
      { name: 'chainId', type: 'shortstring' },
      { name: 'revision', type: 'shortstring' },
    ],
    Mail: [{ name: 'contents', type: 'shortstring' }],
  },
  primaryType: 'Mail',
  domain: { name: 'Dapp', version: '1', chainId: 'SN_SEPOLIA', revision: '1' },
  message: { contents: 'abandoned' },
}
const mail = (contents: string) => ({
  type: 'wallet_signTypedData',
  params: { ...MAIL, message: { contents: `${contents}-mail` } },
})
const sign = mail('abandoned')
const COUNTER = '0x00c0ffee000000000000000000000000000000000000000000000000000c0de2'
const review = {
  type: 'wallet_addInvokeTransaction',
  params: { calls: [{ contract_address: COUNTER, entry_point: 'increment', calldata: [] }] },
}

let script: string
beforeAll(async () => {
  buildWalletUi()
  const result = await build({
    stdin: { contents: ENTRY, resolveDir: import.meta.dirname, loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  })
  script = result.outputFiles[0]?.text ?? ''
}, 120_000)

type Outcome = { state: string; error?: { code: string } }
/** The page's calls beyond transportPages' (a time limit, an abort). */
type Dapp = { request(key: string, call: unknown, timeoutMs?: number): void; abort(key: string): void }
const outcomeOf = async (page: Page, key: string): Promise<Outcome> => {
  try {
    await page.waitForFunction((k) => window.victimDapp.outcomes[k]?.state !== 'pending', key)
  } catch (error) {
    // Which request never settled, and where the others stood (a flaky first run in CI timed out here once).
    const outcomes = await page.evaluate(() => JSON.stringify(window.victimDapp.outcomes))
    throw new Error(`'${key}' never settled; outcomes: ${outcomes}`, { cause: error })
  }
  return page.evaluate((k) => window.victimDapp.outcomes[k] as Outcome, key)
}
const heading = (wallet: Frame, name: string) => wallet.getByRole('heading', { name, exact: true })
/** Waits (polling: the frame sits in a hidden modal) until the wallet shows no heading `name`. */
const gone = (wallet: Frame, name: string) =>
  wallet.waitForFunction(
    (n) => ![...document.querySelectorAll('h1')].some((h) => h.textContent === n),
    name,
    POLL,
  )

test('a prompt the dapp gave up on (abort, time limit) leaves the wallet and is never shown again', async () => {
  await using sim = await startWalletSim()
  await using dapp = await serveDapp(script)
  await using browser = await launchBrowser()
  const context = await browser.newContext()
  await recordWalletPages(context, sim.url) // frameAt waits for the wallet frame's recorder
  const page = await context.newPage()
  await page.goto(`${dapp.origin}/?wallet=${encodeURIComponent(sim.url)}`)
  await page.waitForFunction(() => window.victimDapp !== undefined)
  await page.evaluate(() => window.victimDapp.connect('connect'))
  const wallet = await frameAt(page, `${sim.url}/iframes/comms`)
  await loginAndConnect(wallet, sim.inbox, 'cancel@example.com')
  expect((await outcomeOf(page, 'connect')).state).toBe('resolved')

  // Aborted while the user reads it.
  await page.evaluate((call) => window.victimDapp.request('sign', call), sign)
  await heading(wallet, 'Sign message').waitFor()
  await page.evaluate(() => (window.victimDapp as never as Dapp).abort('sign'))
  expect((await outcomeOf(page, 'sign')).error?.code).toBe('OPERATION_ABORTED')
  await gone(wallet, 'Sign message')

  // Timed out while the user reads it.
  await page.evaluate((call) => (window.victimDapp as never as Dapp).request('late', call, 4000), sign)
  await heading(wallet, 'Sign message').waitFor()
  expect((await outcomeOf(page, 'late')).error?.code).toBe('OPERATION_TIMEOUT')
  await gone(wallet, 'Sign message')

  // Queued behind a prompt on screen: one aborted, one timed out. The user then refuses the prompt on screen:
  // the next prompt is the next request's, never one the dapp gave up on.
  await page.evaluate((call) => window.victimDapp.request('shown', call), mail('first'))
  await wallet.getByText('first-mail').first().waitFor()
  await page.evaluate((call) => window.victimDapp.request('queued', call), review)
  await page.evaluate(
    (call) => (window.victimDapp as never as Dapp).request('queuedLate', call, 3000),
    mail('late'),
  )
  await page.evaluate(() => (window.victimDapp as never as Dapp).abort('queued'))
  expect((await outcomeOf(page, 'queued')).error?.code).toBe('OPERATION_ABORTED')
  expect((await outcomeOf(page, 'queuedLate')).error?.code).toBe('OPERATION_TIMEOUT')
  expect(await page.locator('#webwallet-modal').isVisible()).toBe(true) // 'first' is still asked
  await wallet.getByRole('button', { name: 'Reject' }).click()
  expect((await outcomeOf(page, 'shown')).error?.code).toBe('USER_REJECTED')
  await page.evaluate((call) => window.victimDapp.request('next', call), mail('next'))
  await wallet.getByText('next-mail').first().waitFor()
  expect(await heading(wallet, 'Confirm transaction').count()).toBe(0)
  expect(await wallet.getByText('late-mail').count()).toBe(0)
  await wallet.getByRole('button', { name: 'Reject' }).click()
  expect((await outcomeOf(page, 'next')).error?.code).toBe('USER_REJECTED')
  await gone(wallet, 'Sign message')
})
