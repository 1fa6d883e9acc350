// One way to start the system Chromium for every browser test (journeys, connector tests, benchmarks).
import { existsSync } from 'node:fs'
import { type Browser, chromium, type Locator } from 'playwright-core'
import { leaseBrowser, sharingBrowsers } from './sharedBrowser'

/**
 * The features playwright-core (1.65) turns off in Chromium. Chromium reads only the last --disable-features
 * switch, so ours below repeats them: chromiumArgs.test.ts holds this list equal to what Playwright passes.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
] as const

/**
 * Chromium features a headless test browser pays for and never uses. Each new window (every Playwright page)
 * of Chromium 15x prepares its omnibox popups as WebUI pages in a renderer of their own: a third of a page's
 * creation and close on 2 cores (bench/userTests.ts: a new page with the injected wallet, 919 → 572 ms median).
 */
export const UNUSED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'] as const

/** Playwright's disabled features and ours, in the one switch Chromium reads (the kit's config passes it too). */
export const DISABLE_FEATURES_ARG = `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_FEATURES].join(',')}`

/** Flags for a headless Chromium on a machine with a closed network and no sandbox (containers, CI). */
export const CHROMIUM_ARGS = [
  DISABLE_FEATURES_ARG,
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--disable-sync',
] as const

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']

/** `$CHROMIUM_PATH`, else the first system Chromium found; throws with the way out when there is none. */
export function chromiumPath(): string {
  const fromEnv = process.env.CHROMIUM_PATH
  if (fromEnv) return fromEnv
  const found = CANDIDATES.find((candidate) => existsSync(candidate))
  if (found) return found
  throw new Error(
    'No Chromium found: install Debian chromium (apt-get install -y chromium) or set CHROMIUM_PATH. `npm test` installs it for you.',
  )
}

/**
 * Launches headless Chromium; dispose with `await using`. In the e2e projects' Vitest worker, a lease of its
 * one Chromium (sharedBrowser.ts): its close() closes the contexts and pages opened through it, and the
 * process serves the next test file.
 * @example
 * await using browser = await launchBrowser()
 * const page = await browser.newPage()
 */
export async function launchBrowser(): Promise<Browser & AsyncDisposable> {
  if (sharingBrowsers()) return leaseBrowser(launchChromium)
  const browser = await launchChromium()
  return Object.assign(browser, { [Symbol.asyncDispose]: () => browser.close() })
}

async function launchChromium(): Promise<Browser> {
  // In docker compose the demo and the wallet are plain-http service names, not localhost: let Chromium treat
  // them as secure contexts, as it treats localhost, so WebCrypto and the sealed session key work there too.
  const external = [process.env.E2E_DEMO_URL, process.env.E2E_WALLET_URL]
    .filter(Boolean)
    .map((u) => new URL(u!).origin)
  const args = external.length
    ? [...CHROMIUM_ARGS, `--unsafely-treat-insecure-origin-as-secure=${external.join(',')}`]
    : [...CHROMIUM_ARGS]
  // Playwright gives every launch a fresh temporary profile of its own.
  return chromium.launch({ executablePath: chromiumPath(), args })
}

/**
 * Clicks a wallet button whose answer closes the wallet popup (Connect, Sign, Confirm, Reject): the popup
 * closing while Playwright finishes the click is the click's expected end, not a failure.
 * @example await clickClosing(popup.getByRole('button', { name: 'Confirm' }))
 */
export async function clickClosing(button: Locator): Promise<void> {
  try {
    await button.click({ noWaitAfter: true })
  } catch (error) {
    if (!button.page().isClosed()) throw error
  }
}
