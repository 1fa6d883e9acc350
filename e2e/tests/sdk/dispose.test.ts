// Disposal on re-init (issue 36, item 8), in Chromium against wallet-sim: an app that initialises the SDK
// again without disconnect() (an SPA remount, React StrictMode's second call) does not pile up window
// listeners or wallet frames: instances share the page's one storage listener, and a newer one closes an
// older one's idle wallet frame, while the older keeps working (React may keep the first of two instances).
// dispose() releases an instance; it then answers WALLET_DISPOSED.
import type { RunningSim } from '@webwallet/wallet-sim'
import { startSim } from '@webwallet/wallet-sim'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../../support/browser'
import { bundle, ROOT, serveDapp } from '../compat/page'
import type { Counts } from './dispose.page'

let browser: Awaited<ReturnType<typeof launchBrowser>>
let dapp: Awaited<ReturnType<typeof serveDapp>>
let sim: RunningSim
let page: Page

beforeAll(async () => {
  const script = await bundle(`${ROOT}e2e/tests/sdk/dispose.page.ts`, { conditions: ['@webwallet/source'] })
  ;[browser, dapp] = await Promise.all([launchBrowser(), serveDapp(script)])
  sim = await startSim({ seed: 3608, allowedDapps: [dapp.origin] })
  page = await browser.newPage()
  await page.goto(dapp.origin)
  await page.waitForFunction(() => 'disposeTest' in globalThis)
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await sim?.close()
  await dapp?.[Symbol.asyncDispose]()
})

const inPage = <T>(name: string, ...args: unknown[]) =>
  page.evaluate(
    ([n, a]) => {
      const fns = (globalThis as unknown as { disposeTest: Record<string, (...v: unknown[]) => unknown> })
        .disposeTest
      return fns[n as string]?.(...(a as unknown[]))
    },
    [name, args] as const,
  ) as Promise<T>

describe('WebWallet.init again without disconnect()', () => {
  it('holds one storage listener, one set of message listeners and one wallet frame however many times it runs', async () => {
    const first = await inPage<Counts>('mount', sim.url)
    expect(first).toMatchObject({ storage: 1, iframes: 1 })
    const later: Counts[] = []
    for (let i = 0; i < 3; i++) later.push(await inPage<Counts>('mount', sim.url))
    expect(later).toEqual([first, first, first])
  })

  it('the older instances keep working: not connected (no error), and the oldest opens its wallet again', async () => {
    const { connected, reused, counts } = await inPage<{
      connected: unknown[]
      reused: unknown
      counts: Counts
    }>('answers')
    expect(connected).toEqual([false, false, false, false])
    expect(reused).toBe('OPERATION_ABORTED') // its sign-in opened the wallet, then the user left
    expect(counts).toMatchObject({ storage: 1, iframes: 1 })
  })

  it('dispose() releases the frame and message listeners; a disposed instance answers WALLET_DISPOSED', async () => {
    const { counts, after } = await inPage<{ counts: Counts; after: unknown }>('disposeAll')
    // The page's one storage listener serves every instance; each disposed one has left it.
    expect(counts).toEqual({ message: 0, storage: 1, iframes: 0 })
    expect(after).toBe('WALLET_DISPOSED')
  })
})
