// One Chromium for the e2e files of a Vitest worker: they run one after another in one module graph
// (e2e/vitest.config.ts, isolate: false), and each file's launch and close of its own Chromium cost about a
// second of a 2-core runner, some forty times a run. Each caller gets a lease: its contexts and pages are its
// own, and its close() closes them, as closing a browser of its own did; the process stays for the next file.
import type { Browser, BrowserContext } from 'playwright-core'

let sharing = false

/**
 * Turns the sharing on in this process (the e2e projects' setup file, support/setupSharedBrowser.ts): only
 * there, not in the processes a test starts (a bench run by a smoke test inherits its environment, and a
 * browser that outlived its last lease would keep that process alive).
 * @example shareBrowsers()
 */
export function shareBrowsers(): void {
  sharing = true
}

/** Whether launchBrowser leases the shared Chromium in this process. */
export const sharingBrowsers = (): boolean => sharing

/** How long the Chromium outlives its last lease: the next file's setup asks for it again well within that. */
export const IDLE_MS = 10_000

let shared: { browser: Promise<Browser>; leases: number; idle?: ReturnType<typeof setTimeout> } | undefined

/**
 * A lease of the worker's Chromium (started by `launch` when there is none, or the last one disconnected).
 * @example
 * await using browser = await leaseBrowser(() => chromium.launch())
 * const page = await browser.newPage()
 */
export async function leaseBrowser(launch: () => Promise<Browser>): Promise<Browser & AsyncDisposable> {
  let current = shared
  if (current && !(await current.browser.catch(() => undefined))?.isConnected()) current = undefined
  if (!current) {
    const browser = launch()
    current = { browser, leases: 0 }
    shared = current
    browser.catch(() => {
      if (shared === current) shared = undefined
    })
  }
  clearTimeout(current.idle)
  current.leases++
  const entry = current
  let browser: Browser
  try {
    browser = await entry.browser
  } catch (error) {
    entry.leases--
    throw error
  }
  return leaseOf(browser, () => {
    entry.leases--
    if (entry.leases > 0) return
    entry.idle = setTimeout(() => {
      if (shared === entry) shared = undefined
      void browser.close()
    }, IDLE_MS)
  })
}

/** `browser` as one caller sees it: what it opened is tracked, and closing closes only that. */
function leaseOf(browser: Browser, release: () => void): Browser & AsyncDisposable {
  const contexts = new Set<BrowserContext>()
  let closing: Promise<void> | undefined
  const close = () => {
    closing ??= Promise.all([...contexts].map((context) => context.close().catch(() => {}))).then(release)
    return closing
  }
  const own: Partial<Record<PropertyKey, unknown>> = {
    async newContext(...args: Parameters<Browser['newContext']>) {
      const context = await browser.newContext(...args)
      contexts.add(context)
      return context
    },
    async newPage(...args: Parameters<Browser['newPage']>) {
      const page = await browser.newPage(...args)
      contexts.add(page.context())
      return page
    },
    contexts: () => browser.contexts().filter((context) => contexts.has(context)),
    close,
    [Symbol.asyncDispose]: close,
  }
  const lease = new Proxy(browser, {
    get(target, key) {
      if (Object.hasOwn(own, key)) return own[key]
      const value: unknown = Reflect.get(target, key, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  // The proxy answers Symbol.asyncDispose (own, above), which Browser's type does not declare.
  return lease as Browser & AsyncDisposable
}
