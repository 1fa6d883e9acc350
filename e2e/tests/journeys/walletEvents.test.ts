// Issue 26 item 1 in Chromium: the wallet pushes account changes to the dapp over the iframe. The user logs
// out in the wallet's own tab (another tab of the same browser): the demo hears it from the wallet, with no
// click of its own, and drops the session of the account the wallet left.
import { expect, test } from 'vitest'
import { connectNewUser, newEmail, openDemo } from '../../support/demo'
import { useJourney } from '../../support/journey'

const journey = useJourney()

test('over the iframe: logging out in the wallet tab ends the demo session at once', async () => {
  const demo = await openDemo(journey.browser, journey.stack, { transport: 'iframe' })
  await connectNewUser(demo, journey.stack, newEmail('events'))
  expect(await demo.text('session-status')).toBe('VALID')

  const walletTab = await demo.page.context().newPage()
  // The wallet's home (any of its pages without a request): the user's account and Log out.
  await walletTab.goto(`${journey.stack.walletUrl}/interstitialLogin`)
  await walletTab.getByRole('button', { name: 'Log out' }).click()

  await demo.page.getByTestId('address').waitFor({ state: 'detached', timeout: 15_000 })
  expect(await demo.text('toast')).toContain('The wallet logged out or switched account')
  expect(await demo.error()).toBeUndefined()
  await walletTab.close()
})
