// The session consent at a laptop's 1280x800, in the SDK's iframe modal, as a user first meets it: one
// heading, the length the app asked for (the demo asks for 1 day), the fee limits in tokens and USD worded
// for both gas modes, no "read to the end" gate when everything fits, and no failing request on the way.
import type { Response } from 'playwright-core'
import { expect, test } from 'vitest'
import { logInWithEmail, newEmail } from '../../support/demo'
import { useJourney } from '../../support/journey'
import { openDemoPage, walletFrame } from './harness'

const journey = useJourney()

test('at 1280x800: one heading, "For 1 day", fees with USD, no scroll gate, no failing request', async () => {
  const context = await journey.browser.newContext({
    viewport: { width: 1280, height: 800 },
    bypassCSP: true,
  })
  const page = await context.newPage()
  const failures: string[] = []
  const watch = (response: Response) => {
    if (response.status() >= 400)
      failures.push(`${response.status()} ${response.request().method()} ${response.url()}`)
  }
  context.on('response', watch)
  // An aborted load (the demo replacing a frame it no longer needs) is no failure and logs nothing.
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText
    if (reason !== 'net::ERR_ABORTED') failures.push(`failed ${request.method()} ${request.url()} ${reason}`)
  })
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(`console: ${message.text()}`)
  })
  await openDemoPage(page, journey.stack)
  await page.getByTestId('connect').click()
  await walletFrame(page, 'Log in with e-mail')
  const wallet = page.frameLocator('iframe[src*="/iframes/comms"]')
  await logInWithEmail(wallet, journey.stack, newEmail('consent'))
  const consent = await walletFrame(page, 'Start a session')
  // The app asked for 1 day: read by the chain's clock a moment later, it is still 1 day, not 23 hours.
  const summary = consent.getByLabel('Session summary', { exact: true })
  await expect.poll(() => summary.textContent()).toMatch(/^For 1 day, until .+, without asking you again/)
  // Each fee cap in its token and in USD (the review's prices), worded for self-paid and paymaster gas.
  const fees = consent.getByLabel('Fee limits', { exact: true })
  await expect
    .poll(() => fees.textContent())
    .toMatch(/^up to 10 STRK \(≈ \$[\d.,]+\)up to 0\.1 ETH \(≈ \$[\d.,]+\)$/)
  expect(await consent.getByLabel('Gas payment', { exact: true }).textContent()).toBe(
    'Paid by the account as its own gas or to the paymaster, never to anyone else.',
  )
  expect(await summary.textContent()).not.toContain('only to the paymaster')
  // One visible heading names the step: the page's modal keeps its title for screen readers only.
  const visibleHeadings = await page.evaluate(() => {
    const modal = document.getElementById('webwallet-modal')
    const title = document.getElementById('webwallet-modal-title')
    return {
      title: title?.textContent,
      titleWidth: title?.getBoundingClientRect().width,
      labelled: modal?.getAttribute('aria-labelledby'),
    }
  })
  expect(visibleHeadings).toEqual({
    title: 'Start a session',
    titleWidth: 1,
    labelled: 'webwallet-modal-title',
  })
  expect(await consent.getByRole('heading', { name: 'Start a session', exact: true }).isVisible()).toBe(true)
  // Everything fits at 1280x800: Sign session needs no scrolling, and no "Scroll to the end" note shows.
  const sign = consent.getByRole('button', { name: 'Sign session' })
  // Once the approve guard armed (until then its offer of a window may take room, as on any screen).
  await consent.locator('.actions').locator('[data-armed="true"]').waitFor()
  await expect.poll(() => sign.getAttribute('data-seen')).toBe('true')
  expect(await consent.getByLabel('Read to the end', { exact: true }).count()).toBe(0)
  await expect.poll(() => sign.isDisabled(), { timeout: 10_000 }).toBe(false)
  await sign.click()
  await page.getByTestId('address').waitFor({ timeout: 30_000 })
  // Nothing failed on the way: no devLogin 404/403, no other error.
  expect(failures).toEqual([])
  await context.close()
})
