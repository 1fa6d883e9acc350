// The injectedWallet option: a dapp that only knows Argent X (get-starknet v4, starknet.js WalletAccount)
// finds wallet-sim as Argent X in its page and in a popup it opens, connects and sends hands-free; a refusal
// a test asked for (rejectNext) reaches it as the wallet API's 113.
import { expect, test } from './fixtures'

test.use({ injectedWallet: 'argentX' })

test('a dapp written for Argent X connects, is refused once and sends, with no change to its code', async ({
  page,
  wallet,
  dapp,
  injectedSite,
  argentRoutes,
}) => {
  // Argent's routes are off with the injected wallet: no route, so Playwright pauses none of its requests.
  expect(argentRoutes).toBe(false)
  await dapp.goto(`${injectedSite.origin}/`)
  const address = await dapp.connect({
    button: page.getByRole('button', { name: 'Connect' }),
    address: '#address',
  })
  expect(address).toBe(await wallet.address())

  await wallet.rejectNext()
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.locator('#status')).toContainText('failed (113)')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.locator('#status')).toContainText(/sent 0x[0-9a-f]+/, { timeout: 30_000 })

  // Every page of the context has it, popups included.
  const [popup] = await Promise.all([
    page.context().waitForEvent('page'),
    page.evaluate(() => window.open(location.href)),
  ])
  await popup.waitForLoadState()
  expect(await popup.evaluate(() => 'starknet_argentX' in window)).toBe(true)
})

test.describe('signed in', () => {
  test.use({
    baseURL: async ({ injectedSite }, use) => use(injectedSite.origin),
    signIn: { button: 'text=Connect', address: '#address' },
  })

  test('a signed-in page carries the injected wallet, its dapp already connected', async ({
    signedInPage: page,
    wallet,
  }) => {
    await page.goto(`/?wallet=${wallet.url}`)
    expect(
      await page.evaluate(() =>
        (
          window as unknown as { starknet_argentX: { request(r: unknown): Promise<string[]> } }
        ).starknet_argentX.request({
          type: 'wallet_getPermissions',
        }),
      ),
    ).toEqual(['accounts'])
    await page.getByRole('button', { name: 'Connect' }).click()
    await expect(page.locator('#address')).toContainText(/0x[0-9a-f]+/)
    expect(await page.locator('[data-wallet-sim=argentX]').isVisible()).toBe(false)
  })
})
