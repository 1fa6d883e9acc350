// A wallet that cannot be reached (issue 36, item 6), in Chromium with the SDK's default connector: the
// wallet's server stopped behind an iframe that had loaded, and a page whose wallet is down from the start,
// both answer SERVICE_UNREACHABLE naming the wallet and its URL, never CONNECT_AND_SIGN_SESSION 'Unknown
// error' or a 20 s IFRAME_TIMEOUT.
import { CONTRACTS, type RunningSim, startSim } from '@webwallet/wallet-sim'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../../support/browser'
import { bundle, ROOT, serveDapp } from '../compat/page'
import type { Outcome } from './walletDown.page'

let browser: Awaited<ReturnType<typeof launchBrowser>>
let dapp: Awaited<ReturnType<typeof serveDapp>>
let sim: RunningSim
let page: Page

beforeAll(async () => {
  const script = await bundle(`${ROOT}e2e/tests/sdk/walletDown.page.ts`, {
    conditions: ['@webwallet/source'],
  })
  ;[browser, dapp] = await Promise.all([launchBrowser(), serveDapp(script)])
  // Hands-free: the wallet page of this exact origin logs the --email user in and approves.
  sim = await startSim({
    seed: 3606,
    approve: 'auto',
    email: 'down@example.com',
    allowedDapps: [dapp.origin],
  })
  page = await browser.newPage()
  await page.goto(dapp.origin)
  await page.waitForFunction(() => 'walletDown' in globalThis)
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await sim?.close()
  await dapp?.[Symbol.asyncDispose]()
})

const signIn = (on: Page) =>
  on.evaluate(
    ([url, counter]) =>
      (
        globalThis as unknown as {
          walletDown: { signIn(u: string, c: string): Promise<Outcome | 'signed'> }
        }
      ).walletDown.signIn(url, counter),
    [sim.url, CONTRACTS.counter] as const,
  )

describe('the wallet cannot be reached', () => {
  it("behind an iframe that loaded, its server stopped: SERVICE_UNREACHABLE from the wallet page's own call", async () => {
    expect(await signIn(page)).toBe('signed')
    await sim.close()
    const outcome = await signIn(page)
    expect(outcome).toMatchObject({ code: 'SERVICE_UNREACHABLE', data: { service: 'wallet' } })
    // The wallet page's own call to its API (the frame itself was loaded): not 'Unknown error'.
    expect((outcome as Outcome & { data: { url: string } }).data.url).toMatch(
      new RegExp(`^${sim.url}/wallet/api/`),
    )
  })

  // A fresh page cannot read the iframe allow-list either, so the wallet opens in a popup: its probe answers.
  it('down from the start: the probe answers SERVICE_UNREACHABLE at once, with the network error as cause', async () => {
    const fresh = await browser.newPage()
    await fresh.goto(dapp.origin)
    await fresh.waitForFunction(() => 'walletDown' in globalThis)
    const started = Date.now()
    const outcome = await signIn(fresh)
    expect(outcome).toMatchObject({
      code: 'SERVICE_UNREACHABLE',
      data: { service: 'wallet' },
      hasCause: true,
    })
    expect((outcome as Outcome & { data: { url: string } }).data.url.startsWith(sim.url)).toBe(true)
    expect(Date.now() - started).toBeLessThan(10_000)
  })
})
