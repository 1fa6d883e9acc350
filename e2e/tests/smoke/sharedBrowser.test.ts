// The e2e files' one Chromium (support/sharedBrowser.ts): a lease closes what it opened and nothing else, and
// the next lease gets the same running browser; one that disconnected is replaced.
import { chromium } from 'playwright-core'
import { expect, test } from 'vitest'
import { CHROMIUM_ARGS, chromiumPath, launchBrowser } from '../../support/browser'
import { leaseBrowser, sharingBrowsers } from '../../support/sharedBrowser'

/** Launches Chromium as launchBrowser does, counting the launches. */
function counting() {
  const launched: number[] = []
  const launch = async () => {
    launched.push(Date.now())
    return chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS] })
  }
  return { launched, launch }
}

test("a lease's close closes its own contexts only; the browser serves the next lease", async () => {
  // On in this project's worker (its setup file), so launchBrowser below leases the same browser.
  expect(sharingBrowsers()).toBe(true)
  const { launched, launch } = counting()
  const first = await leaseBrowser(launch)
  const second = await launchBrowser()
  const mine = await first.newContext()
  const page = await first.newPage()
  const theirs = await second.newContext()
  expect(first.contexts()).toEqual([mine, page.context()])
  expect(second.contexts()).toEqual([theirs])

  await first.close()
  expect(first.isConnected()).toBe(true)
  expect(page.isClosed()).toBe(true)
  await expect(mine.newPage()).rejects.toThrow(/closed/)
  // The other lease's context still works.
  const open = await theirs.newPage()
  await open.goto('data:text/html,<title>still here</title>')
  expect(await open.title()).toBe('still here')
  await second.close()

  // No lease left: the next one still gets the running browser (launched at most once, by the first lease
  // when this worker had none yet).
  const before = launched.length
  expect(before).toBeLessThanOrEqual(1)
  await using third = await leaseBrowser(launch)
  expect(launched).toHaveLength(before)
  expect(third.contexts()).toEqual([])
  expect((await third.newPage()).isClosed()).toBe(false)
})

test('a shared browser that disconnected is launched again for the next lease', async () => {
  const { launched, launch } = counting()
  const crashed = await launchBrowser()
  // What a crash does to the lease holders: the process is gone.
  await (await crashed.newBrowserCDPSession()).send('Browser.close').catch(() => {})
  await expect.poll(() => crashed.isConnected()).toBe(false)
  await using next = await leaseBrowser(launch)
  expect(launched).toHaveLength(1)
  expect(next.isConnected()).toBe(true)
})
