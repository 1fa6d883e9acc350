// The demo (our SDK), hands-free: connect signs a session without a click in the wallet; a wallet-confirmed
// transaction is refused once on request (rejectNext) and then approved by the policy; switching the user
// makes the next connect sign as the new one.
import { expect, test } from './fixtures'

test('the demo connects hands-free; a refused transaction shows the error, the next one goes through', async ({
  page,
  wallet,
  dapp,
}) => {
  await dapp.goto('/')
  const address = await dapp.connect({
    button: page.getByTestId('connect'),
    address: page.getByTestId('address'),
  })
  expect(address).toBe(await wallet.address())

  await wallet.rejectNext()
  await page.getByTestId('wallet-transaction').click()
  await expect(page.getByTestId('error-message')).toContainText('User rejected request')

  await page.getByTestId('wallet-transaction').click()
  await expect(page.getByTestId('activity')).toContainText('send 0.01 STRK to yourself')

  // Another user: the wallet page's hands-free login ends, and the next session is signed as that user.
  const bob = await wallet.login('bob@example.com')
  await page.getByTestId('disconnect').click()
  expect(
    await dapp.connect({ button: page.getByTestId('connect'), address: page.getByTestId('address') }),
  ).toBe(bob)
})
