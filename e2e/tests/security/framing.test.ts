// Clickjacking, tried as an attacker would in Chromium against a real wallet-sim: a foreign page framing the
// wallet invisibly over a decoy, a listed page doing the same, and pages framing the popup routes.
import type { BrowserContext } from 'playwright-core'
import { beforeAll, expect, test } from 'vitest'
import { APPROVE_DELAY_MS } from '../../../wallet-sim/ui/src/components/useApproveGuard'
import { launchBrowser } from '../../support/browser'
import { buildWalletUi, startWalletSim } from '../wallet/walletServer'
import { ask, framePage, frameRefused, loginAndConnect, settle, walletFrame } from './pages'

const STRK = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
// A felt (below the field prime): the transfer is one the wallet would send, were it confirmed.
const ATTACKER = '0x00a77ac4e4000000000000000000000000000000000000000000000000000bad'
const HUNDRED_STRK = [
  { contract_address: STRK, entry_point: 'transfer', calldata: [ATTACKER, '100000000000000000000', '0'] },
]

beforeAll(() => buildWalletUi(), 120_000)

/** A context whose viewport holds the tallest wallet screen (review, 775 px). */
async function tallContext(browser: { newContext: (o: object) => Promise<BrowserContext> }) {
  return browser.newContext({ viewport: { width: 800, height: 900 } })
}

test('(a) a foreign page framing /iframes/comms at opacity 0.0001 over a decoy gets no wallet and no answer', async () => {
  await using sim = await startWalletSim()
  await using attacker = await framePage('127.0.0.2', `${sim.url}/iframes/comms`, 'opacity:0.0001')
  await using browser = await launchBrowser()
  const page = await (await tallContext(browser)).newPage()
  await page.goto(attacker.origin)
  expect(await frameRefused(page)).toBe(true)
  await page.evaluate(() => window.send('c1', 'connect'))
  await page.mouse.click(190, 740)
  expect(await page.evaluate(() => window.heard)).toEqual([])
})

test('(a) where the CSP header is lost (a proxy), the wallet page itself refuses an unlisted embedder', async () => {
  await using sim = await startWalletSim()
  await using browser = await launchBrowser()
  const context = await tallContext(browser)
  await context.route(`${sim.url}/iframes/comms`, async (route) => {
    const response = await route.fetch()
    const headers = { ...response.headers() }
    delete headers['content-security-policy']
    await route.fulfill({ response, headers })
  })
  const requests = async (host: '127.0.0.2' | 'localhost') => {
    await using served = await framePage(host, `${sim.url}/iframes/comms`)
    const page = await context.newPage()
    await page.goto(served.origin)
    expect(await frameRefused(page)).toBe(false)
    // The frame has loaded (frameRefused waited for it), so its listener is up: a listed page's frame shows
    // nothing until the wallet has to ask (its screens load on demand), an unlisted one its refusal.
    const frame = await walletFrame(page)
    await page.evaluate(() => window.send('g1', 'getPermissions'))
    await settle(frame)
    return { page, frame, heard: await page.evaluate(() => window.heard) }
  }
  const foreign = await requests('127.0.0.2')
  await foreign.frame.getByRole('heading', { name: 'This site may not embed the wallet' }).waitFor()
  expect(await foreign.frame.getByRole('alert').textContent()).toContain('http://127.0.0.2:')
  expect(foreign.heard).toEqual([])
  // The same request from a listed page is answered (the wallet page may first ask the server whether a
  // hands-free login applies); by then the foreign page has waited longer still: its silence is a refusal.
  const listed = await requests('localhost')
  await expect
    .poll(() => listed.page.evaluate(() => window.heard))
    .toEqual([
      expect.objectContaining({
        data: expect.objectContaining({ trpc: expect.objectContaining({ id: 'g1' }) }),
      }),
    ])
  expect(await foreign.page.evaluate(() => window.heard)).toEqual([])
})

test('(b) a listed page framing the wallet at opacity 0.0001 cannot confirm a transfer with a click on its decoy', async () => {
  await using sim = await startWalletSim()
  await using host = await framePage('localhost', `${sim.url}/iframes/comms`)
  await using browser = await launchBrowser()
  const page = await (await tallContext(browser)).newPage()
  await page.goto(host.origin)
  await page.evaluate(() => window.loaded)
  const frame = await walletFrame(page)
  // Records when an approve button first shows and when it becomes usable.
  await frame.evaluate(() => {
    const times: { shown?: number; armed?: number } = {}
    Object.assign(window, { armTimes: times })
    new MutationObserver(() => {
      const button = document.querySelector('button[data-armed]')
      if (button && times.shown === undefined) times.shown = performance.now()
      if (button?.getAttribute('data-armed') === 'true' && times.armed === undefined)
        times.armed = performance.now()
    }).observe(document, { subtree: true, childList: true, attributes: true })
  })
  await loginAndConnect(page, frame, sim.inbox, 'victim@example.com')
  const times = await frame.evaluate(
    () => (window as unknown as { armTimes: { shown: number; armed: number } }).armTimes,
  )
  expect(times.armed - times.shown).toBeGreaterThanOrEqual(APPROVE_DELAY_MS)

  await page.evaluate(() => {
    const wallet = document.getElementById('wallet') as HTMLIFrameElement
    wallet.style.opacity = '0.0001'
    wallet.style.display = 'block'
  })
  await page.evaluate((calls) => window.send('r1', 'addInvokeTransaction', calls), HUNDRED_STRK)
  const confirm = frame.getByRole('button', { name: 'Confirm' })
  // The estimate says the transfer goes through: from here only the guard can keep Confirm off.
  await frame.locator('button[data-blocked="false"]').waitFor()
  // Long past the delay, the victim clicks the decoy; the invisible Confirm is right under the pointer.
  const shown = await frame.evaluate(() => performance.now())
  await frame.waitForFunction((until) => performance.now() > until, shown + 3 * APPROVE_DELAY_MS, {
    polling: 100, // not rAF: a frame the browser does not render would never re-check
  })
  const box = await confirm.boundingBox()
  if (!box) throw new Error('no Confirm button box')
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
  await settle(frame)
  expect(await confirm.isDisabled()).toBe(true)
  expect(await frame.getByRole('heading', { name: 'Confirm transaction' }).isVisible()).toBe(true)
  expect(await page.evaluate(() => window.answers.r1)).toBeUndefined()

  // Shown for real, the same button arms after the delay: the invisibility was what kept it off.
  await page.evaluate(() => {
    ;(document.getElementById('wallet') as HTMLIFrameElement).style.opacity = '1'
  })
  await frame.locator('button[data-armed="true"]').waitFor()
  await frame.getByRole('button', { name: 'Reject' }).click()
  await page.waitForFunction(() => window.answers.r1 !== undefined)
  expect((await page.evaluate(() => window.answers.r1))?.error?.data).toMatchObject({
    webwalletErrorCode: 'USER_REJECTED',
  })
})

test('(c) no wallet page but /iframes/comms can be framed, not even by a listed site', async () => {
  await using sim = await startWalletSim()
  await using browser = await launchBrowser()
  const context = await tallContext(browser)
  // The approval window too: a frame that cannot prove itself visible hands its prompt to it, never to a frame.
  const routes = ['/interstitialLogin', '/signMessage', '/signSessionKeys', '/review', '/approvalWindow']
  for (const route of routes) {
    await using host = await framePage('localhost', `${sim.url}${route}`)
    const page = await context.newPage()
    await page.goto(host.origin)
    expect(await frameRefused(page), route).toBe(true)
    await page.close()
  }
  await using listed = await framePage('localhost', `${sim.url}/iframes/comms`)
  const page = await context.newPage()
  await page.goto(listed.origin)
  expect(await frameRefused(page)).toBe(false)
  expect((await ask(page, 'p1', 'getPermissions')).result?.data).toEqual([])
})
