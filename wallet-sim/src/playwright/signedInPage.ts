// The `signedInPage` fixture's page, handed from test to test: opening and closing a Chromium page is most of a
// short signed-in test (about 150 of 430 ms on 2 cores). A used page is reset (listeners removed, sessionStorage
// cleared, then about:blank); one changed in a way a navigation keeps (init script, route, viewport, …) is
// closed instead. The context's cookies, localStorage and wallet login are shared by design: the signed-in state.
import type { BrowserContext, Page, Request } from 'playwright-core'

/** Page methods whose effect outlives a navigation: a page a test called one of is not handed on. */
export const LASTING_PAGE_METHODS = [
  'addInitScript',
  'addLocatorHandler',
  'emulateMedia',
  'exposeBinding',
  'exposeFunction',
  'route',
  'routeFromHAR',
  'routeWebSocket',
  'setDefaultNavigationTimeout',
  'setDefaultTimeout',
  'setExtraHTTPHeaders',
  'setViewportSize',
] as const

const LISTENER_METHODS = ['on', 'once', 'addListener', 'prependListener', 'prependOnceListener'] as const

type Listener = (...args: never[]) => unknown
/** What a page's test did to it that the hand-over must undo or refuse. */
interface Watch {
  lasting: boolean
  readonly listeners: [string, Listener][]
  /** Requests of earlier tests, which `page.requests()` no longer answers. */
  earlier: Set<Request>
  readonly allRequests: (() => Promise<Request[]>) | undefined
}

/** A signed-in context's page for one test at a time. */
export interface SignedInPages {
  /** The page the last test gave back, or a new one. */
  take(): Promise<Page>
  /** Takes `page` back after its test: kept for the next test if a navigation resets it, else closed. */
  release(page: Page): Promise<void>
}

const watched = new WeakMap<Page, Watch>()

/** Wraps `page`'s lasting methods and listener methods on the instance, to know what its test did. */
function watch(page: Page): Watch {
  const methods = page as unknown as Record<string, (...args: unknown[]) => unknown>
  const allRequests = typeof page.requests === 'function' ? page.requests.bind(page) : undefined
  const w: Watch = { lasting: false, listeners: [], earlier: new Set(), allRequests }
  for (const name of LASTING_PAGE_METHODS) {
    const original = methods[name]?.bind(page)
    if (original)
      methods[name] = (...args) => {
        w.lasting = true
        return original(...args)
      }
  }
  for (const name of LISTENER_METHODS) {
    const original = methods[name]?.bind(page)
    if (original)
      methods[name] = (event, listener) => {
        w.listeners.push([event as string, listener as Listener])
        original(event, listener)
        return page
      }
  }
  if (allRequests) page.requests = async () => (await allRequests()).filter((r) => !w.earlier.has(r))
  watched.set(page, w)
  return w
}

/** Undoes what a navigation does not: the test's listeners, sessionStorage; then the navigation. */
async function reset(page: Page, w: Watch): Promise<void> {
  // Page's typed overloads take one event name each; the recorded pairs are any of them.
  const off = page.removeListener.bind(page) as unknown as (event: string, listener: Listener) => void
  for (const [event, listener] of w.listeners.splice(0)) off(event, listener)
  await Promise.all(
    page.frames().map((frame) => frame.evaluate(() => sessionStorage.clear()).catch(() => {})),
  )
  // Playwright's navigation runs no beforeunload prompt (smoke/signedInPages.test.ts): a dapp's guard keeps nothing.
  await page.goto('about:blank', { timeout: 10_000 })
  if (typeof page.clearConsoleMessages === 'function') await page.clearConsoleMessages()
  if (typeof page.clearPageErrors === 'function') await page.clearPageErrors()
}

const pools = new WeakMap<BrowserContext, SignedInPages>()

/**
 * The pages of a signed-in context, one test at a time (the same object for the same context).
 * @example
 * const pages = signedInPages(context)
 * const page = await pages.take()
 * await page.goto('http://localhost:5173/') // connected, as in a new page
 * await pages.release(page)
 */
export function signedInPages(context: BrowserContext): SignedInPages {
  const known = pools.get(context)
  if (known) return known
  let idle: Page | undefined
  const pages: SignedInPages = {
    async take() {
      const page = idle !== undefined && !idle.isClosed() ? idle : undefined
      idle = undefined
      if (page === undefined) {
        const fresh = await context.newPage()
        watch(fresh)
        return fresh
      }
      const w = watched.get(page)!
      w.earlier = new Set(w.allRequests ? await w.allRequests() : [])
      return page
    },
    async release(page) {
      if (page.isClosed()) return
      const w = watched.get(page)
      try {
        if (w === undefined || w.lasting || idle !== undefined) throw new Error('not handed on')
        await reset(page, w)
        idle = page
      } catch {
        await page.close().catch(() => {})
      }
    },
  }
  pools.set(context, pages)
  return pages
}
