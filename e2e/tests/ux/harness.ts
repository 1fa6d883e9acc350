// The demo and the wallet at one viewport, the way a user meets them, for the UX tests: a context that
// lets axe in past CSP, the iframe transport, the wallet's frame, and screenshots when asked for.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Frame, Page } from 'playwright-core'
import type { Stack } from '../../support/stack'

export const VIEWPORTS = {
  desktop: { width: 1280, height: 900 },
  mobile: { width: 375, height: 667 },
} as const
export type ViewportName = keyof typeof VIEWPORTS

/** `npm run screenshots` sets SCREENSHOTS_DIR: the tests then save the pages they visit there. */
const SHOTS = process.env.SCREENSHOTS_DIR

export async function openPage(
  browser: Browser,
  viewport: ViewportName,
  options: { colorScheme?: 'light' | 'dark' } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    bypassCSP: true,
    colorScheme: options.colorScheme ?? 'light',
  })
  return context.newPage()
}

/** Opens the demo on a transport (default the iframe) with the STRK approval, so the consent has every section. */
export async function openDemoPage(
  page: Page,
  stack: Stack,
  transport: 'iframe' | 'popup' = 'iframe',
): Promise<void> {
  await page.addInitScript(
    (settings) => {
      if (!localStorage.getItem('demo-settings'))
        localStorage.setItem('demo-settings', JSON.stringify(settings))
    },
    { transport, approval: true },
  )
  await page.goto(stack.demoUrl)
  await page.getByTestId('connect').waitFor()
}

/** The wallet's iframe as a Frame (for axe and keyboard checks), once it shows `heading`. */
export async function walletFrame(page: Page, heading: string): Promise<Frame> {
  const locator = page.frameLocator('iframe[src*="/iframes/comms"]')
  await locator.getByRole('heading', { name: heading, exact: true }).waitFor()
  const frame = page.frames().find((f) => f.url().includes('/iframes/comms'))
  if (!frame) throw new Error('no wallet frame')
  return frame
}

/** Saves a screenshot of the page as `name.png` when screenshots were asked for. */
export async function shoot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!SHOTS) return
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: join(SHOTS, `${name}.png`), animations: 'disabled', ...options })
}

/** Presses Tab (in the page or the frame that has focus) until the focused element's text is `name`. */
export async function tabTo(page: Page, frame: Frame, name: string, max = 15): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab')
    const focused = await frame.evaluate(() =>
      document.hasFocus() ? (document.activeElement?.textContent ?? '') : '',
    )
    if (focused === name) return
  }
  throw new Error(`Tab never reached "${name}"`)
}
