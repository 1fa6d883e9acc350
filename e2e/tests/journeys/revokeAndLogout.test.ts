// Issue 36 item 9 in Chromium, from the demo over the iframe: the user revokes the app's session on the
// wallet's Connected apps page (the app's next execute is SESSION_REVOKED), the app revokes its own session
// (the page then shows it revoked), and the app logs the user out of the wallet (the next sign-in asks for
// the e-mail again). One wallet-sim, one demo build and one browser for the file.
import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { connectNewUser, type Demo, newEmail, openDemo } from '../../support/demo'
import { useJourney } from '../../support/journey'

const journey = useJourney()

/** The wallet's Connected apps page in a tab of the demo's browser (the wallet's login is shared with the iframe). */
async function connectedApps(demo: Demo): Promise<Page> {
  const tab = await demo.page.context().newPage()
  await tab.goto(`${journey.stack.walletUrl}/apps`)
  await tab.getByRole('heading', { name: 'Connected apps' }).waitFor()
  return tab
}

/** The demo's origin, as the wallet lists it. */
const demoOrigin = () => new URL(journey.stack.demoUrl).origin

test('a session revoked on the Connected apps page: the app’s next execute is SESSION_REVOKED', async () => {
  const demo = await openDemo(journey.browser, journey.stack, { transport: 'iframe' })
  await connectNewUser(demo, journey.stack, newEmail('apps-revoke'))
  const tab = await connectedApps(demo)
  const app = tab.locator(`li.app[data-origin="${demoOrigin()}"]`)
  await app.waitFor()
  expect(await app.locator('.status').allTextContents()).toEqual(['active'])
  expect(await app.innerText()).toMatch(/Allowed methods[\s\S]*Spending limit/)
  await app.getByRole('button', { name: 'Revoke' }).click()
  await expect.poll(() => app.locator('.status').allTextContents(), { timeout: 15_000 }).toEqual(['revoked'])

  await demo.run('increment')
  expect(await demo.text('error-code')).toBe('SESSION_REVOKED')
  expect(await demo.error()).toContain('Session revoked')
  await tab.close()
  await demo.page.context().close()
}, 120_000)

test('Revoke session in the app: the session is gone from the app and revoked on the wallet’s page', async () => {
  const demo = await openDemo(journey.browser, journey.stack, { transport: 'iframe' })
  await connectNewUser(demo, journey.stack, newEmail('app-revoke'))
  await demo.run('revoke')
  expect(await demo.error()).toBeUndefined()
  expect(await demo.text('session-status')).toBe('not connected')
  const tab = await connectedApps(demo)
  const app = tab.locator(`li.app[data-origin="${demoOrigin()}"]`)
  await expect.poll(() => app.locator('.status').allTextContents(), { timeout: 15_000 }).toEqual(['revoked'])
  await tab.close()
  await demo.page.context().close()
}, 120_000)

test('Log out of wallet in the app: the wallet’s login ends, and the next sign-in asks for the e-mail', async () => {
  const demo = await openDemo(journey.browser, journey.stack, { transport: 'iframe' })
  await connectNewUser(demo, journey.stack, newEmail('app-logout'))
  await demo.run('wallet-logout')
  expect(await demo.error()).toBeUndefined()
  expect(await demo.text('session-status')).toBe('not connected')
  // The wallet's own page agrees: nobody is logged in.
  const tab = await connectedApps(demo)
  await tab.getByRole('button', { name: 'Log in' }).waitFor()
  await tab.close()
  await demo.click('connect')
  const wallet = await demo.wallet()
  await wallet.getByLabel('E-mail address').waitFor({ timeout: 15_000 })
  await demo.page.context().close()
}, 120_000)
