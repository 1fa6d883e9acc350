// A popup opened by a site outside the allow-list still works (the popup is the transport of those sites),
// but every screen names that site as unlisted and nothing is approved for it automatically, even with
// `--approve auto --email`.
import { beforeAll, expect, test } from 'vitest'
import { launchBrowser } from '../../support/browser'
import { buildWalletUi, startWalletSim } from '../wallet/walletServer'
import { type LoopbackHost, loginAndConnect, popupPage } from './pages'

beforeAll(() => buildWalletUi(), 120_000)

async function openWallet(host: LoopbackHost, walletUrl: string) {
  const browser = await launchBrowser()
  const context = await browser.newContext()
  const served = await popupPage(host, walletUrl)
  const page = await context.newPage()
  await page.goto(served.origin)
  const opened = context.waitForEvent('page')
  await page.click('#open')
  const popup = await opened
  await page.evaluate(() => window.ready)
  return {
    page,
    popup,
    origin: served.origin,
    [Symbol.asyncDispose]: async () => {
      await browser.close()
      await served[Symbol.asyncDispose]()
    },
  }
}

test('an unlisted opener gets the screens, marked unlisted, never the automatic login', async () => {
  await using sim = await startWalletSim({ approve: 'auto', email: 'bot@example.com' })
  await using foreign = await openWallet('127.0.0.2', `${sim.url}/interstitialLogin`)
  const { page, popup, origin } = foreign
  const closed = popup.waitForEvent('close')
  const connecting = loginAndConnect(page, popup, sim.inbox, 'ann@example.com')
  await popup.getByRole('heading', { name: 'Log in with e-mail' }).waitFor()
  expect(await popup.getByRole('note', { name: 'Requesting origin' }).textContent()).toBe(origin)
  expect(await popup.getByRole('note', { name: 'Unlisted site' }).textContent()).toContain(origin)
  const answer = await connecting
  expect(answer?.result?.data).toMatchObject({
    account: [sim.login.user('ann@example.com')?.account.address],
  })
  await closed
})

test('a listed opener is not marked unlisted', async () => {
  await using sim = await startWalletSim()
  await using listed = await openWallet('localhost', `${sim.url}/interstitialLogin`)
  const { page, popup, origin } = listed
  await page.evaluate(() => window.send('c1', 'connect'))
  await popup.getByRole('heading', { name: 'Log in with e-mail' }).waitFor()
  expect(await popup.getByRole('note', { name: 'Requesting origin' }).textContent()).toBe(origin)
  expect(await popup.getByRole('note', { name: 'Unlisted site' }).count()).toBe(0)
})
