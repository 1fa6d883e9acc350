// A dapp on npm starknetkit, hands-free through the wallet's popup: connect, a failure a test asked for
// (failNext), then a transaction the policy approves.
import { expect, test } from './fixtures'

test('a starknetkit dapp connects and sends through the popup without a click in the wallet', async ({
  page,
  wallet,
  dapp,
  kitSite,
}) => {
  // starknetkit asks Argent's servers for its iframe allow-list; offline, an empty list: the popup.
  await page.context().route(
    (url) => url.hostname !== 'localhost' && url.hostname !== '127.0.0.1',
    (route) => route.fulfill({ json: { allowedDapps: [] } }),
  )
  await dapp.goto(`${kitSite.origin}/`)
  await dapp.connect({ button: page.getByRole('button', { name: 'Connect' }), address: '#address' })

  await wallet.failNext('NOT_ENOUGH_BALANCE', 'Not enough STRK for this test')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.locator('#status')).toContainText('failed: Not enough STRK for this test')

  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.locator('#status')).toContainText(/sent 0x[0-9a-f]+/)
})

test('the wallet fixture: switch user, fund, read the inbox, move time (no browser)', async ({ wallet }) => {
  const address = await wallet.login('second@example.com')
  expect(await wallet.email()).toBe('second@example.com')
  expect(await wallet.address()).toBe(address)
  await wallet.fund(address, 10n ** 18n)
  const before = await wallet.now()
  expect(await wallet.increaseTime(3600)).toBe(before + 3600)
  expect(Array.isArray(await wallet.inbox('second@example.com'))).toBe(true)
})
