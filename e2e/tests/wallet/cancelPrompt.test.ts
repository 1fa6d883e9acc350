// Issue 27: a request the dapp gives up on (its AbortSignal, its time limit) while the wallet shows its prompt.
// The shim's connector in the iframe against wallet-sim in Chromium: the wallet is told (tRPC's stop message by
// the request's id), the prompt leaves the wallet's screen, and the next request shows its own prompt, never
// the abandoned one again.
import { CONTRACTS } from '@webwallet/wallet-sim'
import type { Frame } from 'playwright-core'
import { beforeAll, expect, test } from 'vitest'
import { launchBrowser } from '../../support/browser'
import { mail } from '../../support/typedData'
import {
  atRest,
  bundleDapp,
  frameAt,
  loginAndConnect,
  POLL,
  recordWalletPages,
  serveDapp,
  settled,
} from '../security/transportPages'
import { buildWalletUi, startWalletSim } from './walletServer'

const signMail = (contents: string) => ({ type: 'wallet_signTypedData', params: mail(`${contents}-mail`) })
const sign = signMail('abandoned')
const COUNTER = CONTRACTS.counter
const review = {
  type: 'wallet_addInvokeTransaction',
  params: { calls: [{ contract_address: COUNTER, entry_point: 'increment', calldata: [] }] },
}

let script: string
beforeAll(async () => {
  buildWalletUi()
  script = await bundleDapp()
}, 120_000)

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
  await page.goto(`${dapp.origin}/?wallet=${encodeURIComponent(sim.url)}&transport=iframe`)
  await page.waitForFunction(() => window.victimDapp !== undefined)
  await page.evaluate(() => window.victimDapp.connect('connect'))
  const wallet = await frameAt(page, `${sim.url}/iframes/comms`)
  await loginAndConnect(wallet, sim.inbox, 'cancel@example.com')
  expect((await settled(page, 'connect')).state).toBe('resolved')

  // Aborted while the user reads it.
  await page.evaluate((call) => window.victimDapp.request('sign', call), sign)
  await heading(wallet, 'Sign message').waitFor()
  await page.evaluate(() => window.victimDapp.abort('sign'))
  expect((await settled(page, 'sign')).error?.code).toBe('OPERATION_ABORTED')
  await gone(wallet, 'Sign message')

  // Timed out while the user reads it.
  await page.evaluate((call) => window.victimDapp.request('late', call, 4000), sign)
  await heading(wallet, 'Sign message').waitFor()
  expect((await settled(page, 'late')).error?.code).toBe('OPERATION_TIMEOUT')
  await gone(wallet, 'Sign message')

  // Queued behind a prompt on screen: one aborted, one timed out. The user then refuses the prompt on screen:
  // the next prompt is the next request's, never one the dapp gave up on.
  await page.evaluate((call) => window.victimDapp.request('shown', call), signMail('first'))
  await wallet.getByText('first-mail').first().waitFor()
  await page.evaluate((call) => window.victimDapp.request('queued', call), review)
  await page.evaluate((call) => window.victimDapp.request('queuedLate', call, 3000), signMail('late'))
  await page.evaluate(() => window.victimDapp.abort('queued'))
  expect((await settled(page, 'queued')).error?.code).toBe('OPERATION_ABORTED')
  expect((await settled(page, 'queuedLate')).error?.code).toBe('OPERATION_TIMEOUT')
  expect(await page.locator('#webwallet-modal').isVisible()).toBe(true) // 'first' is still asked
  await atRest(wallet) // a click while the modal still grows to the screen is lost, as a person's would be
  await wallet.getByRole('button', { name: 'Reject' }).click()
  expect((await settled(page, 'shown')).error?.code).toBe('USER_REJECTED')
  await page.evaluate((call) => window.victimDapp.request('next', call), signMail('next'))
  await wallet.getByText('next-mail').first().waitFor()
  expect(await heading(wallet, 'Confirm transaction').count()).toBe(0)
  expect(await wallet.getByText('late-mail').count()).toBe(0)
  await atRest(wallet) // a click while the modal still grows to the screen is lost, as a person's would be
  await wallet.getByRole('button', { name: 'Reject' }).click()
  expect((await settled(page, 'next')).error?.code).toBe('USER_REJECTED')
  await gone(wallet, 'Sign message')
})
