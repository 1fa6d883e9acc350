// The login → session → execute journey in Chromium, on a consumer app's page: connect, log in by e-mail in
// the wallet's iframe (the code from wallet-sim's dev inbox), sign the session, then one session call to the
// counter with no wallet prompt. The counter is then read from the node, not from the page. Answers the URLs
// of the scripts the page (not the wallet's frame) loaded.
import { hash } from 'starknet'
import { expect } from 'vitest'
import { launchBrowser } from '../../support/browser'
import { progress } from './run'
import type { StartedSim } from './walletSim'

export async function browserJourney(
  appUrl: string,
  sim: StartedSim,
  contracts: { counter: string },
): Promise<string[]> {
  const { counter } = contracts
  await using browser = await launchBrowser()
  const page = await browser.newPage()
  const pageErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && request.frame() === page.mainFrame())
      scripts.push(request.url())
  })
  const query = new URLSearchParams({ wallet: sim.url, counter, sponsor: 'wallet-sim-sponsor' })
  await page.goto(`${appUrl}/?${query}`)
  progress(`journey on ${appUrl}: connect`)
  await page.getByTestId('connect').click()
  const wallet = page.frameLocator('iframe[src*="/iframes/comms"]')
  const email = `consumer-${Date.now().toString(36)}@example.com`
  await wallet.getByLabel('E-mail address').fill(email)
  await wallet.getByRole('button', { name: 'Send code' }).click()
  await wallet.getByLabel('Code').waitFor()
  const { code } = await sim.dev<{ code: string }>(`/inbox/${encodeURIComponent(email)}`)
  await wallet.getByLabel('Code').fill(code)
  await wallet.getByRole('button', { name: 'Log in' }).click()
  // The consent is read to its end first, as a user scrolls it: Sign session stays off until then.
  await wallet.getByRole('heading', { name: 'Start a session' }).waitFor()
  await expect
    .poll(async () => {
      await wallet.locator('.screen-body').evaluate((el) => el.scrollTo(0, el.scrollHeight))
      return wallet.locator('button[data-seen="true"]').count()
    })
    .toBeGreaterThan(0)
  await wallet.getByRole('button', { name: 'Sign session' }).click()
  await page.getByTestId('address').waitFor({ timeout: 60_000 })
  const address = (await page.getByTestId('address').textContent()) ?? ''
  expect(address).toMatch(/^0x[0-9a-f]{64}$/)

  progress(`journey on ${appUrl}: execute`)
  await page.getByTestId('execute').click()
  const status = page.getByTestId('status')
  await page.waitForFunction(
    () => /^(executed|error)/.test(document.querySelector('[data-testid="status"]')?.textContent ?? ''),
    undefined,
    { timeout: 120_000 },
  )
  expect(await status.textContent()).toMatch(/^executed 0x[0-9a-f]+$/)
  const [value] = await sim.rpc<string[]>('starknet_call', {
    request: {
      contract_address: counter,
      entry_point_selector: hash.getSelectorFromName('get_counter'),
      calldata: [address],
    },
    block_id: 'latest',
  })
  expect(BigInt(value ?? -1)).toBe(1n)
  expect(pageErrors).toEqual([])
  return scripts
}
