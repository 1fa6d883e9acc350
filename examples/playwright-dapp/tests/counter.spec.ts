import { expect, test } from '@webwallet/wallet-sim/playwright'
import { RpcProvider } from 'starknet'

const COUNTER = '0x00c0ffee000000000000000000000000000000000000000000000000000c0de2'

test('connects hands-free and increments the counter with the session', async ({ page, wallet, dapp }) => {
  await dapp.goto('/') // the dapp, with ?wallet=<this worker's wallet-sim>
  const address = await dapp.connect({
    button: page.getByRole('button', { name: 'Connect' }),
    address: page.locator('#address'),
  })
  expect(address).toBe(await wallet.address())
  await expect(page.locator('#counter')).toHaveText('0')

  await page.getByRole('button', { name: 'Increment' }).click()
  await expect(page.locator('#counter')).toHaveText('1', { timeout: 30_000 })

  // The chain agrees: get_counter(address) on the worker's node.
  const node = new RpcProvider({ nodeUrl: wallet.rpcUrl })
  const [count] = await node.callContract({
    contractAddress: COUNTER,
    entrypoint: 'get_counter',
    calldata: [address],
  })
  expect(BigInt(count ?? 0)).toBe(1n)
})

test('a session the wallet refuses reaches the dapp as USER_REJECTED', async ({ page, wallet, dapp }) => {
  await dapp.goto('/')
  await wallet.rejectNext()
  await page.getByRole('button', { name: 'Connect' }).click()
  await expect(page.getByRole('alert')).toContainText('USER_REJECTED')
  await expect(page.locator('#address')).toHaveText('none')
})
