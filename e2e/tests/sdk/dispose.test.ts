// Disposal on re-init (issue 36, item 8), in Chromium against wallet-sim: an app that initialises the SDK
// again without disconnect() (an SPA remount, React StrictMode's second effect) does not pile up window
// listeners or wallet frames; the newer instance disposes the older, which then answers WALLET_DISPOSED, and
// dispose() releases the rest.
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
  it('holds one set of listeners and one wallet frame however many times it runs; the older instances answer WALLET_DISPOSED', async () => {
    const first = await inPage<Counts>('mount', sim.url)
    expect(first.iframes).toBe(1)
    expect(first.storage).toBe(1)
    const later: Counts[] = []
    for (let i = 0; i < 3; i++) later.push(await inPage<Counts>('mount', sim.url))
    expect(later).toEqual([first, first, first])
    const { connected, requests } = await inPage<{ connected: unknown[]; requests: unknown[] }>('answers')
    expect(connected).toEqual(['WALLET_DISPOSED', 'WALLET_DISPOSED', 'WALLET_DISPOSED', false])
    // Their sign-ins ended with it too, when their frame went (none is left waiting for a wallet that is gone).
    expect(requests).toEqual(['WALLET_DISPOSED', 'WALLET_DISPOSED', 'WALLET_DISPOSED'])
  })

  it('dispose() releases the rest: no storage or message listener and no frame left', async () => {
    expect(await inPage<Counts>('disposeAll')).toEqual({ message: 0, storage: 0, iframes: 0 })
  })
})
