// The demo speaks plainly, on a phone too: each task's outcome is in view when it ends (a toast pinned to the
// viewport), a user's own cancel is a quiet note and not a red error, focus goes back to the button that
// started the task, the busy banner lies over the page instead of pushing it down, the transaction list
// survives a reload, the balances shown follow the transactions, a wallet-sim that stops answering is
// named with its URL and turns the status pill to "Connection lost", and no request leaves the machine.
import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { connectNewUser, newEmail, openDemo } from '../../support/demo'
import { useJourney } from '../../support/journey'

// A new account's balances at the first read: the backend's `initialising` answer and the SDK's 5 s wait
// before it asks again are journeys/portfolio.test.ts's (and sdk/portfolio.test.ts's) to prove.
const journey = useJourney({ initialisingPolls: 0 })

/** Whether the element is entirely inside the page's viewport. */
async function inViewport(page: Page, testId: string): Promise<boolean> {
  const box = await page.getByTestId(testId).boundingBox()
  const size = page.viewportSize()!
  return (
    box !== null &&
    box.y >= 0 &&
    box.x >= 0 &&
    box.y + box.height <= size.height &&
    box.x + box.width <= size.width
  )
}

/** Every request the page makes to a host other than this machine's. */
function outsideRequests(page: Page): string[] {
  const outside: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.protocol === 'data:' || url.protocol === 'blob:') return
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) outside.push(request.url())
  })
  return outside
}

test('on a phone: outcomes in view, a quiet cancel, focus back, a banner over the page, a list that survives', async () => {
  const demo = await openDemo(journey.browser, journey.stack, { transport: 'iframe' })
  const { page } = demo
  const outside = outsideRequests(page)
  await page.setViewportSize({ width: 375, height: 667 })
  await connectNewUser(demo, journey.stack, newEmail('feedback'))
  await page.getByTestId('toast').waitFor()
  expect(await page.getByTestId('toast').getAttribute('data-kind')).toBe('done')

  await page.getByTestId('portfolio-load').click()
  await demo.idle()
  const strkBefore = await strkBalance(page)

  // The busy banner lies over the page: the cards under it do not move when it shows.
  await page.evaluate(() => window.scrollTo(0, 0))
  const counterTop = () =>
    page.getByTestId('counter').evaluate((el) => Math.round(el.getBoundingClientRect().top))
  const before = await counterTop()
  const shown = page.evaluate(
    () =>
      new Promise<{ position: string; counterTop: number }>((resolve) => {
        const observer = new MutationObserver(() => {
          const busy = document.querySelector('[data-testid="busy"]')
          if (!busy) return
          observer.disconnect()
          const counter = document.querySelector('[data-testid="counter"]')!
          resolve({
            position: getComputedStyle(busy).position,
            counterTop: Math.round(counter.getBoundingClientRect().top),
          })
        })
        observer.observe(document.body, { childList: true, subtree: true })
      }),
  )
  // Clicked where it is, without scrolling to it (at the page's top, where the browser keeps no scroll anchor).
  await page.getByTestId('increment').evaluate((el: HTMLElement) => el.click())
  expect(await shown).toEqual({ position: 'fixed', counterTop: before })
  await demo.idle()

  // Scrolled to the bottom (the portfolio and settings), the counter's button far above: the outcome of an
  // increment still shows in the viewport, with its transaction.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await page.getByTestId('increment').evaluate((el: HTMLElement) => el.click())
  await page.getByTestId('busy').waitFor({ state: 'attached' })
  await demo.idle()
  expect(await page.getByTestId('toast').getAttribute('data-kind')).toBe('done')
  expect(await page.getByTestId('toast-text').textContent()).toMatch(
    /counter went up\. 0x[0-9a-f]{4}…[0-9a-f]{4}$/,
  )
  expect(await inViewport(page, 'toast')).toBe(true)
  expect(await page.getByTestId('counter').textContent()).toBe('2')
  // The account paid the gas: the balances shown follow, with no click on Reload.
  await expect.poll(() => strkBalance(page), { timeout: 20_000 }).not.toBe(strkBefore)

  // A cancel: a quiet note where the task is, no alert, the toast says so; focus is back on the button.
  await page.getByTestId('sign-message').focus()
  await page.keyboard.press('Enter')
  await page
    .frameLocator('iframe[src*="/iframes/comms"]')
    .getByRole('heading', { name: 'Sign message' })
    .waitFor()
  await page.keyboard.press('Escape')
  await demo.idle()
  const note = page.getByTestId('error')
  expect(await note.getAttribute('data-kind')).toBe('cancelled')
  expect(await note.getAttribute('role')).toBe('status')
  expect(await page.getByRole('alert').count()).toBe(0)
  expect(await page.getByTestId('error-code').textContent()).toBe('USER_REJECTED')
  expect(await page.getByTestId('toast').getAttribute('data-kind')).toBe('cancelled')
  expect(await inViewport(page, 'toast')).toBe(true)
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
    .toBe('sign-message')

  // A call the session does not allow: a red error next to it, and in view.
  await page.getByTestId('outside-session').click()
  await demo.idle()
  expect(await page.getByTestId('error').getAttribute('data-kind')).toBe('error')
  expect(await page.getByTestId('error-code').textContent()).toBe('CALL_NOT_ALLOWED')
  expect(await page.getByTestId('toast').getAttribute('data-kind')).toBe('error')
  expect(await inViewport(page, 'toast')).toBe(true)

  // The transaction list is still there after a reload (the session comes back with it).
  const listed = await page.getByTestId('activity').locator('li').count()
  expect(listed).toBeGreaterThanOrEqual(1)
  await page.reload()
  await page.locator('main[data-ready="true"]').waitFor()
  expect(await page.getByTestId('activity').locator('li').count()).toBe(listed)
  // Something else in the list's place is dropped, not shown.
  await page.evaluate(() =>
    localStorage.setItem(
      'webwallet-demo:activity',
      JSON.stringify({ address: '0x1', entries: [{ label: '<b>x</b>', transactionHash: 'nope', route: 1 }] }),
    ),
  )
  await page.reload()
  await page.locator('main[data-ready="true"]').waitFor()
  expect(await page.getByTestId('activity').count()).toBe(0)

  // The portfolio's picture is drawn here: no request of this whole visit left the machine.
  await page.getByTestId('portfolio-load').click()
  await demo.idle()
  expect(await page.getByTestId('avatar').getAttribute('src')).toMatch(/^data:image\/svg\+xml,/)
  expect(outside).toEqual([])
})

test('a wallet-sim that stops answering is named with its URL; the pill says the connection is lost', async () => {
  const demo = await openDemo(journey.browser, journey.stack, { transport: 'iframe' })
  const { page } = demo
  await connectNewUser(demo, journey.stack, newEmail('offline'))
  expect(await page.getByTestId('connection').textContent()).toBe('Connected')

  // What a stopped wallet-sim looks like to the page: nothing at its origin answers.
  const walletOrigin = new URL(journey.stack.walletUrl).origin
  const down = (url: URL) => url.origin === walletOrigin
  await page.route(down, (route) => route.abort('connectionrefused'))
  await page.getByTestId('check-status').click()
  await demo.idle()
  expect(await page.getByTestId('connection').textContent()).toBe('Connection lost')
  // The session cannot be checked now: its badge does not say VALID beside "Connection lost".
  expect(await page.getByTestId('session-status').textContent()).toBe('UNVERIFIED')
  expect(await demo.error()).toBe(
    `wallet-sim is not reachable at ${walletOrigin}: is it running (npm start, or docker compose up)?`,
  )
  // A session call: the SDK's SERVICE_UNREACHABLE names the service and its URL.
  await page.getByTestId('increment').click()
  await demo.idle()
  expect(await page.getByTestId('error-code').textContent()).toBe('SERVICE_UNREACHABLE')
  expect(await page.getByTestId('error-hint').textContent()).toMatch(
    new RegExp(`^The (node|cosigner|paymaster) is not reachable at ${walletOrigin}/`),
  )
  expect(await page.getByTestId('toast-text').textContent()).toContain(walletOrigin)
  expect(await page.getByTestId('session-status').textContent()).toBe('UNVERIFIED')

  // A load while it is gone: the stored session is kept (no new chain was seen), the pill and a note say why
  // nothing will work.
  await page.reload()
  await page.locator('main[data-ready="true"]').waitFor()
  expect(await page.getByTestId('address').count()).toBe(1)
  expect(await page.getByTestId('connection').textContent()).toBe('Connection lost')
  expect(await demo.error()).toContain(`wallet-sim is not reachable at ${walletOrigin}`)

  // Back: the next task that works says so.
  await page.unroute(down)
  await page.getByTestId('check-status').click()
  await demo.idle()
  expect(await page.getByTestId('connection').textContent()).toBe('Connected')
  expect(await demo.error()).toBeUndefined()
  expect(await page.getByTestId('session-status').textContent()).toBe('VALID')
})

/** The STRK row of the loaded portfolio. */
async function strkBalance(page: Page): Promise<string | undefined> {
  const rows = await page.getByTestId('balance').allTextContents()
  return rows.find((row) => row.startsWith('STRK'))
}
