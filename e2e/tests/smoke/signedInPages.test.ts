// The `signedInPage` fixture hands one page from test to test (wallet-sim/src/playwright/signedInPage.ts): a
// page given back is reset to what a new page of the context would be (the test's listeners, sessionStorage,
// console and error lists and request list gone; the context's localStorage kept), and a page whose test
// changed what a navigation keeps is closed rather than handed on.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { signedInPages } from '@webwallet/wallet-sim/playwright/core'
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { launchBrowser } from '../../support/browser'

const html = `<!doctype html><title>dapp</title><button id="b">tap</button>
<script>
  addEventListener('beforeunload', (e) => { if (localStorage.getItem('guard')) e.preventDefault() })
  console.log('dapp loaded', location.search)
</script>`
const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html))
let dapp: string
let browser: Browser & AsyncDisposable
let context: BrowserContext

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  dapp = `http://localhost:${(server.address() as AddressInfo).port}`
  browser = await launchBrowser()
  context = await browser.newContext()
})
afterAll(async () => {
  await browser?.close()
  server.close()
})

test('a page given back is the next test page, reset as a new page of the context would be', async () => {
  const pages = signedInPages(context)
  expect(signedInPages(context)).toBe(pages)
  const first = await pages.take()
  const navigations: string[] = []
  first.on('framenavigated', (frame) => navigations.push(frame.url()))
  await first.goto(`${dapp}/?first`)
  const loads: string[] = []
  first.once('load', () => loads.push('a once-listener of the first test')) // removed before the reset loads
  await first.evaluate(() => {
    sessionStorage.setItem('tab', 'first test')
    localStorage.setItem('login', 'kept')
  })
  expect((await first.consoleMessages()).map((m) => m.text())).toEqual(['dapp loaded ?first'])
  await pages.release(first)
  expect(navigations).toEqual([`${dapp}/?first`])

  const second = await pages.take()
  expect(second).toBe(first)
  expect(second.url()).toBe('about:blank')
  expect(await second.requests()).toEqual([])
  expect(await second.consoleMessages()).toEqual([])
  await second.goto(`${dapp}/?second`)
  expect(await second.evaluate(() => [sessionStorage.getItem('tab'), localStorage.getItem('login')])).toEqual(
    [null, 'kept'],
  )
  expect((await second.requests()).map((r) => r.url())).toEqual([`${dapp}/?second`])
  expect(navigations).toEqual([`${dapp}/?first`]) // the first test's listeners are gone
  expect(loads).toEqual([])
  await pages.release(second)
})

test('a page whose test changed what a navigation keeps is closed; the next test gets a new page', async () => {
  const pages = signedInPages(context)
  const changed = await pages.take()
  await changed.addInitScript(() => Object.assign(window, { leftOver: true }))
  await changed.setViewportSize({ width: 400, height: 300 })
  await pages.release(changed)
  expect(changed.isClosed()).toBe(true)

  const next = await pages.take()
  expect(next).not.toBe(changed)
  await next.goto(dapp)
  expect(await next.evaluate(() => 'leftOver' in window)).toBe(false)
  expect(next.viewportSize()).not.toEqual({ width: 400, height: 300 })
  await pages.release(next)
  // A page its test closed is not handed on either.
  const closedByTest = await pages.take()
  await closedByTest.close()
  await pages.release(closedByTest)
  expect(await pages.take()).not.toBe(closedByTest)
})

test("a dapp's beforeunload prompt does not keep the page from the next test", async () => {
  const pages = signedInPages(context)
  const page = await pages.take()
  await page.goto(dapp)
  await page.evaluate(() => localStorage.setItem('guard', '1'))
  await page.click('#b') // the user activation a beforeunload prompt needs
  await pages.release(page)
  expect(page.isClosed()).toBe(false)
  expect(page.url()).toBe('about:blank')
  await page.evaluate(() => localStorage.removeItem('guard')).catch(() => {})
  expect(await pages.take()).toBe(page)
  await pages.release(page)
})
