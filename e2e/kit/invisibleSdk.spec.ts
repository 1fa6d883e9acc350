// An unchanged app on npm @argent/invisible-sdk 1.0.0 (`environment: 'dev'`), hands-free: the fixtures route
// its wallet URL (http://localhost:3005) and Argent's fixed hosts to the worker's wallet-sim, with no setup
// in the test. Connect (login and session), a sponsored execute, a call outside the session refused,
// reload and restore.
import { expect, test } from './fixtures'

test('an invisible-sdk app runs against wallet-sim with no change and no setup', async ({
  page,
  wallet,
  dapp,
  argentSite,
}) => {
  await page.goto(`${argentSite.origin}/`)
  await expect(page.locator('#result')).toHaveText('ready')

  await page.locator('#connect').click()
  await expect(page.locator('#result')).toHaveText(/^connected from-the-app 0x[0-9a-f]+$/, {
    timeout: 60_000,
  })
  await dapp.waitForAddress('#address', await wallet.address())
  await expect(page.locator('#status')).toHaveText('VALID')

  await page.locator('#play').click()
  await expect(page.locator('#result')).toHaveText(/^sent 0x[0-9a-f]+$/, { timeout: 60_000 })

  await page.locator('#steal').click()
  await expect(page.locator('#result')).toHaveText(/^error: /, { timeout: 60_000 })

  await page.reload()
  await expect(page.locator('#result')).toHaveText('restored')
  await expect(page.locator('#status')).toHaveText('VALID')
  await page.locator('#play').click()
  await expect(page.locator('#result')).toHaveText(/^sent 0x[0-9a-f]+$/, { timeout: 60_000 })
})
