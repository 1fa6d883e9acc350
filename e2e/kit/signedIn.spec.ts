// Signed-in pages and chain snapshots under the real runner: the worker's context signs in to the demo once
// (hands-free, through the wallet's screens); each signed-in test then opens the demo already connected and
// sends a session transaction without a wallet screen. The normal path (a fresh context, the connect button,
// the screens) still works beside it. With revertChain, a test's transaction is gone for the next test.
import { expect, test } from './fixtures'

test.use({
  revertChain: true,
  signIn: { button: '[data-testid=connect]', address: '[data-testid=address]' },
})

test.describe.configure({ mode: 'serial' })

const blockCount = async (rpcUrl: string): Promise<number> => {
  const answer = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'devnet_getStatus', params: {} }),
  }).then((r) => r.json())
  return answer.result.block_count
}
let blocksBefore: number | undefined

test('a signed-in test starts connected and sends a session transaction with no wallet screen', async ({
  signedInPage: page,
  wallet,
  demoSite,
}) => {
  blocksBefore = await blockCount(wallet.rpcUrl)
  const walletPages: string[] = []
  page.on('frameattached', (frame) => walletPages.push(frame.url()))
  page.context().on('page', (popup) => walletPages.push(popup.url()))
  await page.goto(`${demoSite.origin}/?wallet=${wallet.url}`)
  await expect(page.getByTestId('address')).toContainText(/0x[0-9a-f]{6}/i)
  const counter = page.getByTestId('counter')
  await expect(counter).toHaveText(/^\d+$/)
  const before = Number(await counter.textContent())
  await page.getByTestId('increment').click()
  await expect(page.getByTestId('toast')).toHaveAttribute('data-kind', 'done', { timeout: 30_000 })
  await expect(counter).toHaveText(String(before + 1))
  expect(walletPages.filter((url) => url.startsWith(wallet.url))).toEqual([])
  expect(await blockCount(wallet.rpcUrl)).toBeGreaterThan(blocksBefore)
})

test('the chain is back where it was before the last test (revertChain)', async ({ wallet }) => {
  expect(blocksBefore).toBeDefined()
  expect(await blockCount(wallet.rpcUrl)).toBe(blocksBefore)
})

test('the normal path still works: a fresh page connects through the wallet', async ({
  page,
  dapp,
  wallet,
}) => {
  await dapp.goto('/')
  await expect(page.getByTestId('connect')).toBeVisible()
  const address = await dapp.connect({
    button: page.getByTestId('connect'),
    address: page.getByTestId('address'),
  })
  expect(address).toBe(await wallet.address())
})
