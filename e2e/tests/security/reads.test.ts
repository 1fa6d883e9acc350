// Reads before consent, in Chromium against a real wallet-sim: a page the user never connected learns
// nothing about who is logged in (no deploymentData, no account, a login status that names nobody), while
// the connected page gets them.
import { beforeAll, expect, test } from 'vitest'
import { launchBrowser } from '../../support/browser'
import { buildWalletUi, startWalletSim } from '../wallet/walletServer'
import { ask, framePage, loginAndConnect, walletFrame } from './pages'

beforeAll(() => buildWalletUi(), 120_000)

test('(d) a page that did not connect gets no deploymentData, no account and a login status that names nobody', async () => {
  await using sim = await startWalletSim()
  // Two listed pages (localhost, two ports): one site for the browser, so one wallet login between them.
  await using connected = await framePage('localhost', `${sim.url}/iframes/comms`)
  await using stranger = await framePage('localhost', `${sim.url}/iframes/comms`)
  await using browser = await launchBrowser()
  const context = await browser.newContext({ viewport: { width: 800, height: 900 } })
  const app = await context.newPage()
  await app.goto(connected.origin)
  await app.evaluate(() => window.loaded)
  await loginAndConnect(app, await walletFrame(app), sim.inbox, 'ann@example.com')
  const address = sim.login.user('ann@example.com')?.account.address ?? ''
  expect((await ask(app, 'd1', 'deploymentData')).result?.data).toMatchObject({ address, version: 1 })

  const page = await context.newPage()
  await page.goto(stranger.origin)
  await page.evaluate(() => window.loaded)
  const status = (await ask(page, 's1', 'getLoginStatus')).result?.data
  expect(status).toEqual({ isLoggedIn: true, hasSession: false, isPreauthorized: false })
  expect((await ask(page, 'a1', 'requestAccounts', { silent_mode: true })).result?.data).toEqual([])
  expect((await ask(page, 'p1', 'getPermissions')).result?.data).toEqual([])
  const refused = await ask(page, 'd1', 'deploymentData')
  expect(refused.error?.message).toBe('Connector not connected')
  expect(refused.error?.data).toMatchObject({ webwalletErrorCode: 'CONNECTOR_NOT_CONNECTED' })
  // Nothing the stranger heard carries the address or the e-mail, and no screen was shown for it.
  const heard = JSON.stringify(await page.evaluate(() => window.heard))
  expect(heard).not.toContain(address.slice(3))
  expect(heard).not.toContain('ann@example.com')
  const frame = await walletFrame(page)
  expect(await frame.getByRole('status', { name: 'Waiting for the app' }).isVisible()).toBe(true)
})
