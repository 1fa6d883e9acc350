// The connect / session / execute journeys on Firefox and WebKit, over the iframe and the popup: a new user
// logs in by e-mail (code from wallet-sim's dev inbox), signs one session, runs a session call with no
// prompt, and sends a transfer the wallet confirms; both land on the chain. Chromium runs the same journeys
// in e2e/tests/journeys with Playwright. Also: wallet-sim's injected wallet, loaded by a dapp page with a
// `<script src>`, connects, signs and executes hands-free (Chromium runs the injected-wallet dapps in
// e2e/tests/compat/injected.test.ts).
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { ARTIFACTS_DIR, newEmail, type Transport } from '../support/demo'
import {
  clickClosing,
  demoError,
  demoShows,
  landed,
  logInWithEmail,
  openDemo,
  openWallet,
} from '../support/engines/demo'
import { type Engine, Page } from '../support/engines/driver'
import { startInjectedDapp } from '../support/engines/injectedDapp'
import { type EngineName, engineMissing, launchEngine } from '../support/engines/launch'
import { type Stack, startStack } from '../support/stack'

/** Leaves a PNG of each open window of a failed journey in e2e/artifacts/ (as the Chromium journeys do). */
async function keepScreenshots(page: Page, label: string) {
  mkdirSync(ARTIFACTS_DIR, { recursive: true })
  const name = `${label.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}-${Date.now()}`
  const windows = await page.windows().catch(() => [])
  for (const [index, id] of windows.entries()) {
    const png = await page.session
      .window(id)
      .screenshot()
      .catch(() => undefined)
    if (png) writeFileSync(join(ARTIFACTS_DIR, `${name}-${index}.png`), png)
  }
}

let stack: Stack
let injectedDapp: Awaited<ReturnType<typeof startInjectedDapp>>
beforeAll(async () => {
  stack = await startStack()
  injectedDapp = await startInjectedDapp()
})
afterAll(async () => {
  await injectedDapp?.close()
  await stack?.close()
})

const ENGINES: EngineName[] = ['firefox', 'webkit']
// 'auto' is the popup outside Chromium (docs/connector.md, Browser support): the popup journey proves that too.
const JOURNEYS: { preset: Transport | 'auto'; surface: Transport }[] = [
  { preset: 'iframe', surface: 'iframe' },
  { preset: 'auto', surface: 'popup' },
]

for (const name of ENGINES) {
  const missing = engineMissing(name)
  if (missing) console.log(`⏭ engines: ${name} skipped: ${missing}`)

  describe.skipIf(missing !== undefined)(name, () => {
    let engine: Engine | undefined
    let page: Page | undefined
    let opened = false
    let failedToStart: string | undefined
    const cannotStart = (error: unknown) => {
      failedToStart = `${name} could not be started: ${error instanceof Error ? error.message : error}`
      console.log(`⏭ engines: ${failedToStart}`)
    }
    beforeAll(async () => {
      engine = await launchEngine(name).catch((error: unknown) => {
        cannotStart(error)
        return undefined
      })
    })
    afterAll(() => engine?.close())
    // A fresh isolated session per journey: the wallet's stored login and the demo's session start empty.
    beforeEach(async (context) => {
      if (failedToStart || !engine) return context.skip(failedToStart)
      try {
        page = await Page.open(engine)
        opened = true
      } catch (error) {
        if (opened) throw error
        cannotStart(error) // the first page is where a browser that cannot run shows it
        context.skip(failedToStart)
      }
    })
    afterEach(async (context) => {
      if (page && context.task.result?.state === 'fail')
        await keepScreenshots(page, `${name}-${context.task.name}`)
      await page?.close()
      page = undefined
    })

    test.each(JOURNEYS)(
      'over the $surface (transport $preset): log in by e-mail, sign a session, a session call and a confirmed transfer land, a reload restores the session',
      async ({ preset, surface }) => {
        if (!page) throw new Error('no browser')
        await openDemo(page, stack, preset)

        const wallet = await openWallet(page, surface, 'connect')
        await logInWithEmail(wallet, stack, newEmail(`${name}-${surface}`))
        await clickClosing(page, wallet, 'Sign session')
        await page.find({ testId: 'address' }, 30_000)
        expect(await page.text('session-status')).toBe('VALID')
        const address = await page.text('address')

        // A session call: signed in the page with the session key, no wallet window.
        const windows = await page.windows()
        await page.click({ testId: 'increment' })
        await demoShows(page, 'counter', '1')
        expect(await page.windows()).toEqual(windows)

        // A transfer outside the session: the wallet shows it, the user confirms, it lands.
        const review = await openWallet(page, surface, 'wallet-transaction')
        await clickClosing(page, review, 'Confirm')
        await landed(page, 'send 0.01 STRK to yourself')

        // A reload restores the session from the dapp's own storage (sealed key in IndexedDB), no prompt.
        await page.goto(await page.evaluate<string>('() => location.href'))
        await demoShows(page, 'session-origin', 'restored from storage')
        expect(await page.text('address')).toBe(address)
        expect(await page.text('session-status')).toBe('VALID')
        expect(await page.windows()).toEqual(windows)
      },
    )

    // The demo's Renew session awaits connect() before requestConnection in one click. After a reload that
    // connect() must not touch IndexedDB/WebCrypto (the SDK unseals at init), or WebKit blocks the popup.
    test('over the popup: after a reload, Renew session (await connect(), then requestConnection) opens the wallet popup and signs', async () => {
      if (!page) throw new Error('no browser')
      await openDemo(page, stack, 'popup')
      const login = await openWallet(page, 'popup', 'connect')
      await logInWithEmail(login, stack, newEmail(`${name}-renew`))
      await clickClosing(page, login, 'Sign session')
      await page.find({ testId: 'address' }, 30_000)
      const address = await page.text('address')

      await page.goto(await page.evaluate<string>('() => location.href'))
      await demoShows(page, 'session-origin', 'restored from storage')
      const renewal = await openWallet(page, 'popup', 'renew')
      await clickClosing(page, renewal, 'Sign session')
      await demoShows(page, 'session-origin', 'signed in the wallet')
      expect(await page.text('address')).toBe(address)
      expect(await page.text('session-status')).toBe('VALID')
    })

    test('the injected wallet (a <script src> of /injected.js): connect, sign and execute, hands-free', async () => {
      if (!page) throw new Error('no browser')
      const { address, user, signatureValid, succeeded } = await injectedDapp.journey(page)
      expect(BigInt(address)).toBe(BigInt(user))
      expect({ signatureValid, succeeded }).toEqual({ signatureValid: true, succeeded: true })
    })

    test("a popup opened outside a user's click is blocked, and the SDK says so", async () => {
      if (!page) throw new Error('no browser')
      await openDemo(page, stack, 'popup')
      const windows = await page.windows()
      // A click dispatched by script carries no user activation: the browser's popup blocker refuses it.
      await page.evaluate('() => document.querySelector(\'[data-testid="connect"]\').click()')
      expect(await demoError(page)).toBe('Could not open popup')
      expect(await page.windows()).toEqual(windows)
    })
  })
}
