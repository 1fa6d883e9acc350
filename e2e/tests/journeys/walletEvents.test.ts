// Issue 26 item 1 in Chromium: the wallet pushes account changes to the dapp over the iframe. The user logs
// out in the wallet's own tab (another tab of the same browser): the demo hears it from the wallet, with no
// click of its own, and drops the session of the account the wallet left; also after a reload. A popup
// wallet cannot push while closed: the demo learns it at its next wallet request, before that one is answered.
import { expect, test } from 'vitest'
import { connectNewUser, type Demo, logInWithEmail, newEmail, openDemo } from '../../support/demo'
import { useJourney } from '../../support/journey'

const journey = useJourney()

/** Logs out in a wallet tab of the demo's browser; the demo, asking nothing, drops its session and says why. */
async function logOutInWalletTabEndsSession(demo: Demo) {
  const walletTab = await demo.page.context().newPage()
  // The wallet's home (any of its pages without a request): the user's account and Log out.
  await walletTab.goto(`${journey.stack.walletUrl}/interstitialLogin`)
  await walletTab.getByRole('button', { name: 'Log out' }).click()

  await demo.page.getByTestId('address').waitFor({ state: 'detached', timeout: 15_000 })
  expect(await demo.text('toast')).toContain('The wallet logged out or switched account')
  expect(await demo.error()).toBeUndefined()
  await walletTab.close()
}

test('over the iframe, after a reload: the restored demo follows the wallet at once, and a logout in the wallet tab ends it', async () => {
  const demo = await openDemo(journey.browser, journey.stack, { transport: 'iframe' })
  await connectNewUser(demo, journey.stack, newEmail('events-reload'))
  await demo.page.reload()
  await demo.page.getByTestId('address').waitFor()
  expect(await demo.text('session-origin')).toBe('restored from storage')
  // Nothing clicked in the demo since the reload: the connector subscribed when it restored the connection.
  await expect.poll(() => demo.walletRequests.includes('/iframes/comms'), { timeout: 15_000 }).toBe(true)
  expect(await demo.page.locator('iframe').first().isVisible()).toBe(false)

  await logOutInWalletTabEndsSession(demo)
})

test('over the iframe: logging out in the wallet tab ends the demo session at once; another user logging in there tells the demo nothing of them', async () => {
  const demo = await openDemo(journey.browser, journey.stack, { transport: 'iframe' })
  await connectNewUser(demo, journey.stack, newEmail('events-first'))
  expect(await demo.text('session-status')).toBe('VALID')
  const first = await demo.text('address')

  const walletTab = await demo.page.context().newPage()
  await walletTab.goto(`${journey.stack.walletUrl}/interstitialLogin`)
  await walletTab.getByRole('button', { name: 'Log out' }).click()
  // The logout alone ends the session the demo made in this page (no reload), as the wallet pushes it.
  await demo.page.getByTestId('address').waitFor({ state: 'detached', timeout: 15_000 })
  expect(await demo.text('toast')).toContain('The wallet logged out or switched account')
  expect(await demo.error()).toBeUndefined()
  const other = newEmail('events-other')
  await walletTab.getByRole('button', { name: 'Log in' }).click()
  await logInWithEmail(walletTab, journey.stack, other)
  // The wallet tab now shows the other user's account; the demo never connected it. (Log out shows while
  // the account still loads: wait for the account itself.)
  const shown = walletTab.locator('dd[title^="0x"]')
  await shown.waitFor()
  const otherAddress = (await shown.getAttribute('title')) ?? ''
  const otherDigits = otherAddress.toLowerCase().replace(/^0x0*/, '')
  const otherCompact = (await shown.innerText()).toLowerCase()
  expect(otherDigits).toMatch(/^[0-9a-f]{20,}$/)

  // An absence: what the wallet pushes after the other user's login has a second to arrive.
  await demo.page.waitForTimeout(1_000)
  const page = (await demo.page.content()).toLowerCase()
  expect(page).not.toContain(first.toLowerCase())
  expect(page).not.toContain(other)
  expect(page).not.toContain(otherDigits)
  expect(page).not.toContain(otherCompact)
  await walletTab.close()
})

test('over the popup: the next wallet request learns of a logout in the wallet tab before it is answered', async () => {
  const demo = await openDemo(journey.browser, journey.stack, { transport: 'popup' })
  await connectNewUser(demo, journey.stack, newEmail('events-popup'))
  const walletTab = await demo.page.context().newPage()
  await walletTab.goto(`${journey.stack.walletUrl}/interstitialLogin`)
  await walletTab.getByRole('button', { name: 'Log out' }).click()
  // An absence: no popup is open, so nothing reaches the demo until it asks.
  await demo.page.waitForTimeout(1_000)
  expect(await demo.page.getByTestId('address').count()).toBe(1)

  await demo.click('sign-message')
  const popup = (await demo.wallet()) as import('playwright-core').Page
  // The popup asks the user to log in for the signature; the demo has already heard the logout and dropped
  // the session of the account the wallet left, while that request is still unanswered.
  await demo.page.getByTestId('address').waitFor({ state: 'detached', timeout: 15_000 })
  expect(popup.isClosed()).toBe(false)
  await popup.close()
  await walletTab.close()
})

test('over the popup: while a popup is open, a logout in the wallet tab reaches the demo at once', async () => {
  const demo = await openDemo(journey.browser, journey.stack, { transport: 'popup' })
  await connectNewUser(demo, journey.stack, newEmail('events-popup-open'))
  await demo.click('sign-message')
  const popup = (await demo.wallet()) as import('playwright-core').Page
  await popup.getByRole('button', { name: 'Sign' }).waitFor()
  // The popup's questions found nothing changed: the demo still shows the account.
  expect(await demo.page.getByTestId('address').count()).toBe(1)

  const walletTab = await demo.page.context().newPage()
  await walletTab.goto(`${journey.stack.walletUrl}/interstitialLogin`)
  await walletTab.getByRole('button', { name: 'Log out' }).click()
  // The open popup hears the other tab's logout (its storage) and pushes it, before the user answers it.
  await demo.page.getByTestId('address').waitFor({ state: 'detached', timeout: 15_000 })
  expect(popup.isClosed()).toBe(false)
  await popup.close()
  await walletTab.close()
})
