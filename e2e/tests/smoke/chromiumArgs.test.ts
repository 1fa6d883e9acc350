// Our Chromium flags (e2e/support/browser.ts) keep Playwright's own: Chromium reads only the last
// --disable-features, so CHROMIUM_ARGS repeats Playwright's list, and this test notices when a Playwright
// update changes it. The features we add are off for real: no window prepares the omnibox popups' WebUI.
import { type Browser, chromium } from 'playwright-core'
import { expect, test } from 'vitest'
import {
  chromiumPath,
  launchBrowser,
  PLAYWRIGHT_DISABLED_FEATURES,
  UNUSED_FEATURES,
} from '../../support/browser'

/** The features the browser runs with turned off, as chrome://version reports its command line's variations. */
async function disabledFeatures(browser: Browser): Promise<string[]> {
  const page = await browser.newPage()
  await page.goto('chrome://version')
  const html = await page.content()
  await page.close()
  // The page shows the variations as base64 JSON, once whole and once cut short for display.
  const variations = [...html.matchAll(/eyJ[A-Za-z0-9+/=]+/g)].flatMap((m) => {
    try {
      return [JSON.parse(Buffer.from(m[0], 'base64').toString()) as Record<string, string>]
    } catch {
      return []
    }
  })
  const found = variations.find((v) => 'disable-features' in v)
  return found?.['disable-features']?.split(',') ?? []
}

test('CHROMIUM_ARGS keeps every feature Playwright turns off, and turns ours off', async () => {
  const plain = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--headless', '--no-sandbox'],
  })
  let playwrights: string[]
  try {
    playwrights = await disabledFeatures(plain)
  } finally {
    await plain.close()
  }
  expect(playwrights.length).toBeGreaterThan(0)
  expect([...PLAYWRIGHT_DISABLED_FEATURES].sort()).toEqual(expect.arrayContaining(playwrights.sort()))

  await using browser = await launchBrowser()
  const ours = await disabledFeatures(browser)
  expect(ours).toEqual(expect.arrayContaining([...playwrights, ...UNUSED_FEATURES]))
  // A page's window comes without the omnibox popups' WebUI pages (Chromium 15x makes two per window).
  const page = await browser.newPage()
  const cdp = await browser.newBrowserCDPSession()
  const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { type: string }[] }
  expect(targetInfos.filter((t) => t.type === 'browser_ui')).toEqual([])
  await page.close()
}, 60_000)
