// The popup transport on a desktop screen and on a phone-sized one: the wallet's popup grows its window to
// its content (window.resizeTo, bounded by the screen) so the consent, the review and the signing page show
// every detail; where the screen is too short, the details scroll in a focusable region. The review says
// what the call does and what it costs (STRK and USD), keeps the raw calls behind a Details disclosure, and
// passes axe.
import type { Browser, Page } from 'playwright-core'
import { chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { CHROMIUM_ARGS, chromiumPath, clickClosing } from '../../support/browser'
import { logInWithEmail, newEmail, readConsent } from '../../support/demo'
import { type Stack, startStack } from '../../support/stack'
import { axeViolations } from './axe'
import { openDemoPage, shoot, VIEWPORTS, type ViewportName } from './harness'

let stack: Stack
beforeAll(async () => {
  stack = await startStack()
})
afterAll(async () => {
  await stack?.close()
})

/** Chromium with a screen of the viewport's size and real windows (no emulated viewport): popups can resize. */
async function launchWithScreen(viewport: ViewportName): Promise<Browser> {
  const { width, height } = VIEWPORTS[viewport]
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, `--screen-info={${width}x${height}}`],
  })
}

/** The popup's window and its screen body: whether all the content shows, and the window's height. */
const measure = (popup: Page) =>
  popup.evaluate(() => {
    const body = document.querySelector('.screen-body') as HTMLElement
    return {
      fits: body.scrollHeight <= body.clientHeight + 1,
      outerHeight: window.outerHeight,
      screenHeight: window.screen.availHeight,
      bodyFocusable: body.tabIndex === 0,
    }
  })

describe.each<ViewportName>(['desktop', 'mobile'])('at %s size', (viewport) => {
  test('the popup grows to its consent, review and signing page, within the screen; the review says what and how much', async () => {
    const browser = await launchWithScreen(viewport)
    try {
      const context = await browser.newContext({ viewport: null, bypassCSP: true })
      const page = await context.newPage()
      await openDemoPage(page, stack, 'popup')
      const opened = page.waitForEvent('popup')
      await page.getByTestId('connect').click()
      const popup = await opened
      await logInWithEmail(popup, stack, newEmail('popup'))

      await popup.getByRole('heading', { name: 'Start a session', exact: true }).waitFor()
      await popup.getByLabel('Approvals', { exact: true }).waitFor()
      // The session's length comes with the chain's clock (the account answer): measured with it.
      await expect
        .poll(async () => await popup.getByLabel('Session summary', { exact: true }).textContent())
        .toMatch(/^For 1 day, until /)
      // Opened at the signing size (440 high), it grew for the fee limits and the approval: all of it shows
      // where the screen has room; on the short screen the window stops at the screen and the rest scrolls.
      await expect
        .poll(async () => (await measure(popup)).outerHeight, { timeout: 10_000 })
        .toBeGreaterThan(440)
      if (viewport === 'desktop') await expect.poll(async () => (await measure(popup)).fits).toBe(true)
      const session = await measure(popup)
      expect(session.outerHeight).toBeLessThanOrEqual(session.screenHeight)
      expect(session.screenHeight).toBe(VIEWPORTS[viewport].height)
      if (viewport === 'desktop') expect(session.fits).toBe(true)
      else expect(session.fits || session.bodyFocusable).toBe(true)
      expect(await axeViolations(popup)).toEqual([])
      if (viewport === 'mobile') await shoot(popup, 'popup-session-mobile')
      await readConsent(popup)
      await popup.locator('[data-armed="true"]').waitFor()
      await clickClosing(popup.getByRole('button', { name: 'Sign session' }))
      await page.getByTestId('address').waitFor({ timeout: 30_000 })

      // A transaction outside the session: reviewed in its own popup.
      const reviewOpened = page.waitForEvent('popup')
      await page.getByTestId('wallet-transaction').click()
      const review = await reviewOpened
      await review.getByRole('heading', { name: 'Confirm transaction', exact: true }).waitFor()
      // The recipient is named once the wallet has loaded the account.
      await expect
        .poll(() => review.locator('.summary').allTextContents())
        .toEqual([
          expect.stringMatching(/^Transfer 0\.01 STRK to your account \(0x[0-9a-f]{4}…[0-9a-f]{4}\)$/),
        ])
      const fee = review.getByRole('status').filter({ hasText: 'At most' })
      await fee.waitFor()
      expect(await fee.textContent()).toMatch(
        /^[\d.]+ STRK \((< )?\$[\d.]+\)At most [\d.]+ STRK \((< )?\$[\d.]+\)$/,
      )
      // The raw call is one keyboard step away, collapsed until asked for.
      const calldata = review.getByLabel('Calldata of call 1')
      expect(await calldata.isVisible()).toBe(false)
      await review.locator('details.raw > summary').focus()
      await review.keyboard.press('Enter')
      await calldata.waitFor()
      expect(await calldata.locator('li').count()).toBe(3)
      if (viewport === 'desktop') await expect.poll(async () => (await measure(review)).fits).toBe(true)
      const withDetails = await measure(review)
      expect(withDetails.outerHeight).toBeLessThanOrEqual(withDetails.screenHeight)
      expect(await axeViolations(review)).toEqual([])
      if (viewport === 'desktop') await shoot(review, 'popup-review-desktop')
      await review.locator('[data-armed="true"]').waitFor()
      await clickClosing(review.getByRole('button', { name: 'Confirm' }))
      await page
        .getByTestId('activity')
        .locator('li', { hasText: 'send 0.01 STRK to yourself' })
        .locator('.badge.succeeded')
        .waitFor({ timeout: 60_000 })

      // The signing page (opened at 385x440) fits its typed data as well.
      const signOpened = page.waitForEvent('popup')
      await page.getByTestId('sign-message').click()
      const signing = await signOpened
      await signing.getByRole('heading', { name: 'Sign message', exact: true }).waitFor()
      await signing.getByLabel('Message', { exact: true }).waitFor()
      if (viewport === 'desktop') await expect.poll(async () => (await measure(signing)).fits).toBe(true)
      const signed = await measure(signing)
      expect(signed.outerHeight).toBeLessThanOrEqual(signed.screenHeight)
      await signing.locator('[data-armed="true"]').waitFor()
      await clickClosing(signing.getByRole('button', { name: 'Sign', exact: true }))
      await page.getByTestId('signature').waitFor()
    } finally {
      await browser.close()
    }
  }, 120_000)
})
