// Drives the demo and the hosted wallet the way a user does: clicks in the page, types in the wallet.

import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, FrameLocator, Page } from 'playwright-core'
import { expect, onTestFailed, TestRunner } from 'vitest'
import { clickClosing as clickClosingButton } from './browser'
import type { Stack } from './stack'

/**
 * Where a failing journey leaves a screenshot, and its Playwright trace when it was recorded (on a retry or
 * with E2E_TRACE=1; `npx playwright-core show-trace`).
 */
export const ARTIFACTS_DIR = join(import.meta.dirname, '..', 'artifacts')

export type Transport = 'iframe' | 'popup'

/** Where the wallet shows itself: the iframe modal or the popup window. */
export type WalletSurface = FrameLocator | Page

export interface Demo {
  readonly page: Page
  /** Every request the page made to wallet-sim's wallet (not its node), e.g. to prove a restore needs none. */
  readonly walletRequests: string[]
  /** The wallet as the user sees it after the last click that opened it. */
  wallet(): Promise<WalletSurface>
  /** Clicks a demo button by its test id. */
  click(testId: string): Promise<void>
  /** Clicks a demo button and waits until the task it started has finished (succeeded or failed). */
  run(testId: string): Promise<void>
  text(testId: string): Promise<string>
  /** Waits until the demo is idle (no task running). */
  idle(): Promise<void>
  /** The error the demo shows, or undefined. */
  error(): Promise<string | undefined>
}

/** Opens the demo with a transport (and gas choice) preset. */
export async function openDemo(
  browser: Browser,
  stack: Stack,
  settings: {
    transport: Transport
    gas?: 'self' | 'sponsored' | 'strk'
    approval?: boolean
    sessionKey?: 'stark' | 'p256'
  },
): Promise<Demo> {
  const context = await browser.newContext()
  // A trace with screenshots costs every journey seconds of CPU: recorded on a retry (CI runs a failed journey
  // once more; Playwright's own default, 'on-first-retry') or with E2E_TRACE=1.
  const traced = process.env.E2E_TRACE === '1' || (TestRunner.getCurrentTest()?.result?.retryCount ?? 0) > 0
  if (traced) await context.tracing.start({ screenshots: true, snapshots: true })
  const page = await context.newPage()
  // Kept only when the test fails: the page as it was, and the trace of every step when one was recorded.
  onTestFailed(async ({ task }) => {
    mkdirSync(ARTIFACTS_DIR, { recursive: true })
    const name = `${task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}-${Date.now()}`
    await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`), fullPage: true }).catch(() => {})
    if (traced) await context.tracing.stop({ path: join(ARTIFACTS_DIR, `${name}.zip`) }).catch(() => {})
  })
  const walletRequests: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.origin === new URL(stack.walletUrl).origin && !url.pathname.startsWith('/rpc')) {
      walletRequests.push(url.pathname)
    }
  })
  let popup: Promise<Page> | undefined
  page.on('popup', (p) => {
    popup = Promise.resolve(p)
  })
  await page.addInitScript((preset) => {
    if (!localStorage.getItem('demo-settings')) localStorage.setItem('demo-settings', JSON.stringify(preset))
  }, settings)
  await page.goto(stack.demoUrl)
  await page.getByTestId('connect').waitFor()
  const demo: Demo = {
    page,
    walletRequests,
    async wallet() {
      if (settings.transport === 'iframe') return page.frameLocator('iframe[src*="/iframes/comms"]')
      // The popup of an earlier step may still be the last one seen (closed, or closing) when the click that
      // opens the next one has not produced it yet: wait for an open one.
      const last = popup ? await popup : undefined
      if (last && !last.isClosed()) return last
      return page.waitForEvent('popup')
    },
    click: (testId) => page.getByTestId(testId).click(),
    async run(testId) {
      const finished = Number(await page.locator('main').getAttribute('data-finished'))
      await page.getByTestId(testId).click()
      await page.locator(`main[data-finished="${finished + 1}"]`).waitFor({ timeout: 60_000 })
    },
    text: async (testId) => (await page.getByTestId(testId).textContent()) ?? '',
    idle: () => page.getByTestId('busy').waitFor({ state: 'detached', timeout: 60_000 }),
    async error() {
      const error = page.getByTestId('error-message')
      return (await error.count()) ? ((await error.textContent()) ?? '') : undefined
    },
  }
  return demo
}

/** Logs in inside the wallet with the one-time code read from wallet-sim's dev inbox. */
export async function logInWithEmail(wallet: WalletSurface, stack: Stack, email: string): Promise<void> {
  await wallet.getByLabel('E-mail address').fill(email)
  await wallet.getByRole('button', { name: 'Send code' }).click()
  await wallet.getByLabel('Code').waitFor()
  const { code } = await stack.dev<{ code: string }>(`/inbox/${encodeURIComponent(email)}`)
  await wallet.getByLabel('Code').fill(code)
  await wallet.getByRole('button', { name: 'Log in' }).click()
}

/**
 * Clicks a wallet button whose answer closes the wallet popup (Sign, Reject, Confirm): the popup closing
 * while Playwright finishes the click is the click's expected end, not a failure.
 */
export async function clickClosing(wallet: WalletSurface, name: string): Promise<void> {
  await clickClosingButton(wallet.getByRole('button', { name }))
}

/**
 * Scrolls the session consent's details to their end, as a user reads them: where they scroll (a phone),
 * "Sign session" stays off until then. Resolves once the screen counts them as seen.
 */
export async function readConsent(wallet: WalletSurface | import('playwright-core').Frame): Promise<void> {
  await wallet.getByRole('heading', { name: 'Start a session' }).waitFor()
  const details = wallet.locator('.screen-body')
  await expect
    .poll(async () => {
      await details.evaluate((el) => el.scrollTo(0, el.scrollHeight))
      return wallet.locator('button[data-seen="true"]').count()
    })
    .toBeGreaterThan(0)
}

/** A new user: clicks connect in the demo, logs in by e-mail, signs the session. */
export async function connectNewUser(demo: Demo, stack: Stack, email: string): Promise<void> {
  await demo.click('connect')
  const wallet = await demo.wallet()
  await logInWithEmail(wallet, stack, email)
  await readConsent(wallet)
  await clickClosing(wallet, 'Sign session')
  await demo.page.getByTestId('address').waitFor({ timeout: 30_000 })
}

let counter = 0
/** A fresh e-mail address per call, so journeys never share a user. */
export const newEmail = (name = 'user') => `${name}-${Date.now().toString(36)}-${counter++}@example.com`
