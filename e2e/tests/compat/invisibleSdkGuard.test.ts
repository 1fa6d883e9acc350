// Issue 34, item 5: the clickjacking guard never dead-ends a real client. Argent's @argent/invisible-sdk 1.0.0
// (compat/invisible-sdk/app/app.ts, unchanged) opens the wallet in starknetkit 2.8.0's modal, which wraps the
// frame in a `position: fixed` layer with `backdrop-filter: blur(4px)`: a filter on the frame's ancestor, so
// Chromium's IntersectionObserver v2 never reports the wallet visible and "Sign session" never arms. A person
// who clicks (real mouse clicks through playwright-core, wallet-sim in manual mode: no hands-free answer)
// sees why, opens the wallet's own window from the frame, and signs the session there: the same request,
// answered once, signed by the frame's handler. Then the same page, turned hostile, tries the approval
// window's route to approve a pending token approval: forged answers to the frame, a window of its own with a
// forged prompt. Nothing is approved until the user confirms in the window the frame opened.
import { launchWalletSim, routeArgentToWalletSim, walletControl } from '@webwallet/wallet-sim/playwright/core'
import type { Frame, Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { clickClosing, launchBrowser } from '../../support/browser'
import { buildWalletUi } from '../wallet/walletServer'
import { bundleInvisibleSdkApp, serveDapp } from './page'

// invisible-sdk's dev wallet (Playwright routes it to the simulator), the origin of its frame and windows.
const WALLET = 'http://localhost:3005'
const CHANNEL = 'wallet-sim:approval-window'

let script = ''
beforeAll(async () => {
  buildWalletUi()
  script = await bundleInvisibleSdkApp()
}, 240_000)

/** The app's `#result` once it is not `working` any more. */
async function result(page: Page): Promise<string> {
  const output = page.locator('#result')
  await expect.poll(() => output.textContent(), { timeout: 60_000, interval: 100 }).not.toMatch(/^working$/)
  return (await output.textContent()) ?? ''
}

/**
 * Waits until the wallet's frame kept its place and size for 600 ms. Chromium drops the clicks a frame that
 * tracks its visibility gets within 500 ms of moving in its host page, and this modal moves the frame when the
 * screen asks it for room (the offer appearing, the account loaded).
 */
async function frameSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const box = JSON.stringify(document.getElementById('argent-webwallet-iframe')?.getBoundingClientRect())
      const seen = window as unknown as { frameBox?: string; frameSince?: number }
      if (box !== seen.frameBox) Object.assign(seen, { frameBox: box, frameSince: performance.now() })
      return performance.now() - (seen.frameSince ?? 0) > 600
    },
    undefined,
    { polling: 100 },
  )
}

/**
 * Runs `post` in the page, then waits until `target` (a wallet page) received the probe `post` sends last:
 * messages from one window to another arrive in order, so everything posted before it was handled.
 */
async function handled(target: Page | Frame, post: () => Promise<void>): Promise<void> {
  await target.evaluate(() => {
    const probed = new Promise<void>((resolve) =>
      addEventListener('message', (event) => event.data === 'probe' && resolve()),
    )
    Object.assign(window, { probed })
  })
  await post()
  await target.evaluate(() => (window as unknown as { probed: Promise<void> }).probed)
}

it('signs the session in the wallet window the frame opens, and a hostile page cannot approve through it', async () => {
  await using dapp = await serveDapp(script)
  await using sim = await launchWalletSim({ dappOrigins: [dapp.origin], approve: 'manual' })
  const wallet = walletControl(sim.url)
  await using browser = await launchBrowser()
  const context = await browser.newContext()
  await routeArgentToWalletSim(context, sim.url)
  // Which wallet page signs: the session is signed once, by the frame (the request's own handler).
  const signed: string[] = []
  context.on('request', (request) => {
    if (request.url().endsWith('/wallet/api/signSession')) signed.push(request.frame().url())
  })
  const page = await context.newPage()
  await page.goto(dapp.origin)

  await page.locator('#connect').click()
  const frame = page.frameLocator('#argent-webwallet-iframe')
  // The cause, as starknetkit 2.8.0 ships it: the blur sits on the frame's parent.
  const ancestor = await page
    .locator('#argent-webwallet-iframe')
    .evaluate((iframe) => getComputedStyle(iframe.parentElement as HTMLElement).backdropFilter)
  expect(ancestor).toBe('blur(4px)')
  const email = 'guard@example.com'
  await frame.getByLabel('E-mail address').fill(email)
  await frame.getByRole('button', { name: 'Send code' }).click()
  await frame.getByLabel('Code').fill(await wallet.loginCode(email))
  await frame.getByRole('button', { name: 'Log in' }).click()
  await frame.getByRole('heading', { name: 'Start a session' }).waitFor({ timeout: 20_000 })

  // Stuck as before: the browser reports the frame in view but not visible, so Sign session stays off and a
  // click on it does nothing. The screen says so at once and offers the wallet's own window.
  const signSession = frame.getByRole('button', { name: 'Sign session' })
  await frame.locator('button[data-guard="unproven"]').waitFor()
  await signSession.click({ force: true })
  expect(await signSession.isDisabled()).toBe(true)
  expect(await page.locator('#result').textContent()).toBe('working')

  // The user's click inside the frame opens the window (no popup blocker stops it), once the screen loaded the
  // account (the modal grows with it).
  await frame.getByText(`From ${email}`).waitFor()
  const opened = context.waitForEvent('page')
  await frameSettled(page)
  await frame.getByRole('button', { name: 'Open in a window' }).click()
  const popup = await opened
  expect(popup.url()).toBe(`${WALLET}/approvalWindow`)
  await frame.getByText("This request continues in the wallet's own window").waitFor()
  // The same consent, for the same user; a top-level window: the guard proves it visible and arms.
  await popup.getByRole('heading', { name: 'Start a session' }).waitFor()
  await popup.getByText(`From ${email}`).waitFor()
  await popup.locator('button[data-armed="true"]').waitFor()
  await clickClosing(popup.getByRole('button', { name: 'Sign session' }))
  expect(await result(page)).toMatch(/^connected from-the-app 0x[0-9a-f]+$/)
  expect(signed).toEqual([`${WALLET}/iframes/comms`])
  await expect.poll(() => page.locator('#status').textContent()).toBe('VALID')
  // The session the user signed works: a sponsored call, no wallet involved.
  await page.locator('#play').click()
  expect(await result(page)).toMatch(/^sent 0x/)

  // A token approval waits in the frame (the review screen, unproven as well). The page turns hostile.
  await page.locator('#approve').click()
  await frame.getByRole('heading', { name: 'Confirm transaction' }).waitFor()
  await frame.locator('button[data-guard="unproven"]').waitFor()
  const walletFrame = await (await page.locator('#argent-webwallet-iframe').elementHandle())?.contentFrame()
  if (!walletFrame) throw new Error('no wallet frame')
  // Forged answers of the approval window, posted to the frame by its embedder (any nonce it can guess).
  await handled(walletFrame, () =>
    page.evaluate((channel) => {
      const target = (document.getElementById('argent-webwallet-iframe') as HTMLIFrameElement).contentWindow
      for (const nonce of ['', '0', crypto.randomUUID()])
        target?.postMessage({ channel, kind: 'answer', nonce, approved: true }, '*')
      target?.postMessage('probe', '*')
    }, CHANNEL),
  )
  // Its own approval window, with a forged prompt (and a login of its choosing): the window takes prompts from
  // a page of the wallet's origin only, and tells nothing to another.
  await page.evaluate(() => {
    const seen: unknown[] = []
    Object.assign(window, { seen })
    addEventListener('message', (event) => seen.push(event.data))
  })
  const ownWindow = context.waitForEvent('page')
  await page.evaluate((url) => Object.assign(window, { own: window.open(url) }), `${WALLET}/approvalWindow`)
  const hostileWindow = await ownWindow
  await hostileWindow.getByRole('heading', { name: 'Opening the request…' }).waitFor()
  await handled(hostileWindow, () =>
    page.evaluate(
      ([channel, token]) => {
        const own = (window as unknown as { own: Window }).own
        const request = { kind: 'connect' }
        const login = { token, email: 'attacker@example.com' }
        own.postMessage({ channel, kind: 'prompt', nonce: 'n', origin: location.origin, request, login }, '*')
        own.postMessage('probe', '*')
      },
      [CHANNEL, 'ab'.repeat(32)],
    ),
  )
  expect(await hostileWindow.getByRole('button').count()).toBe(0)
  expect(await hostileWindow.getByRole('heading').textContent()).toBe('Opening the request…')
  expect(await page.evaluate(() => (window as unknown as { seen: unknown[] }).seen)).toEqual([])
  // Nothing was approved: the review waits, the app waits.
  expect(await frame.getByRole('heading', { name: 'Confirm transaction' }).isVisible()).toBe(true)
  expect(await page.locator('#result').textContent()).toBe('working')

  // The user finishes it in the window the frame opens: the review screen, armed there, confirms it.
  await frame.locator('.fee:not(.loading)').waitFor()
  const second = context.waitForEvent('page')
  await frameSettled(page)
  await frame.getByRole('button', { name: 'Open in a window' }).click()
  const reviewWindow = await second
  await reviewWindow.getByRole('heading', { name: 'Confirm transaction' }).waitFor()
  await reviewWindow.locator('button[data-armed="true"]').waitFor({ timeout: 20_000 })
  await clickClosing(reviewWindow.getByRole('button', { name: 'Confirm' }))
  expect(await result(page)).toMatch(/^approved 0x[0-9a-f]+$/)
  await context.close()
}, 180_000)
