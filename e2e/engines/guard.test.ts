// The clickjacking guard on Firefox and WebKit, which have no IntersectionObserver v2: the fallback (v1) must
// still let a user approve in a frame on a listed page, and only after the delay: Confirm is off when the
// review appears and arms APPROVE_DELAY_MS later at the earliest, then confirms the transfer. What v1 does
// not see there (Firefox 153 ESR reports a hidden or off-screen cross-origin frame in view; a faded or
// covered one) is in docs/security/wallet.md; Chromium's v2 check is e2e/tests/security/framing.test.ts and
// connectorModal.test.ts.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { APPROVE_DELAY_MS } from '../../wallet-sim/ui/src/components/useApproveGuard'
import { type Engine, Page } from '../support/engines/driver'
import { type EngineName, engineMissing, launchEngine } from '../support/engines/launch'
import { framePage } from '../tests/security/pages'
import { startWalletSim } from '../tests/wallet/walletServer'

const STRK = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
const FRAME_STYLE = 'height:640px' // inside the engines' default window: the buttons in view
const TRANSFER = [{ contract_address: STRK, entry_point: 'transfer', calldata: ['0x5bd1e5', '5', '0'] }]

for (const name of ['firefox', 'webkit'] as EngineName[]) {
  const missing = engineMissing(name)
  if (missing) console.log(`⏭ engines: ${name} guard skipped: ${missing}`)

  describe.skipIf(missing !== undefined)(name, () => {
    let engine: Engine | undefined
    let failedToStart: string | undefined
    beforeAll(async () => {
      engine = await launchEngine(name).catch((error: unknown) => {
        failedToStart = `${name} could not be started: ${error instanceof Error ? error.message : error}`
        console.log(`⏭ engines: ${failedToStart}`)
        return undefined
      })
    })
    afterAll(() => engine?.close())

    test('in a frame on a listed page, Confirm arms only after the delay, from v1, and then confirms', async (context) => {
      if (!engine) return context.skip(failedToStart)
      await using sim = await startWalletSim()
      await using host = await framePage('localhost', `${sim.url}/iframes/comms`, FRAME_STYLE)
      const page = await Page.open(engine)
      try {
        await page.goto(host.origin)
        await page.evaluate('() => window.loaded.then(() => true)')
        const wallet = await page.frame('/iframes/comms')
        // This engine has no v2: the fallback is what runs.
        expect(await wallet.evaluate("() => 'isVisible' in IntersectionObserverEntry.prototype")).toBe(false)

        // The user logs in and connects in the visible frame: the guard arms there as it should.
        const email = `${name}-guard@example.com`
        await page.evaluate("() => window.send('c1', 'connectWebwallet', {})")
        await wallet.fill({ label: 'E-mail address' }, email)
        await wallet.click({ role: 'button', name: 'Send code' })
        await wallet.find({ label: 'Code' })
        await expect.poll(() => sim.inbox.latest(email)?.code).toMatch(/^\d{6}$/)
        await wallet.fill({ label: 'Code' }, sim.inbox.latest(email)?.code ?? '')
        await wallet.click({ role: 'button', name: 'Log in' })
        await wallet.click({ role: 'button', name: 'Connect' })
        await page.waitFor('the connect answer', '() => window.answers.c1 !== undefined')

        // A transfer's review: recorded from inside the frame, when its Confirm appears and when it arms.
        await wallet.evaluate(`() => {
          window.confirmTimes = {}
          new MutationObserver(() => {
            const button = document.querySelector('button[data-blocked]')
            if (!button || button.textContent !== 'Confirm') return
            window.confirmTimes.shown ??= performance.now()
            if (button.getAttribute('data-armed') === 'true') window.confirmTimes.armed ??= performance.now()
          }).observe(document, { subtree: true, childList: true, attributes: true })
        }`)
        await page.evaluate('(calls) => window.send("r1", "addInvokeTransaction", calls)', TRANSFER)
        await wallet.click({ role: 'button', name: 'Confirm' })
        const times = await wallet.evaluate<{ shown: number; armed: number }>('() => window.confirmTimes')
        expect(times.armed - times.shown).toBeGreaterThanOrEqual(APPROVE_DELAY_MS)
        await page.waitFor('the review answer', '() => window.answers.r1 !== undefined')
        const hash = await page.evaluate<string>('() => window.answers.r1.result.data')
        expect(hash).toMatch(/^0x[0-9a-f]+$/)
      } finally {
        await page.close()
      }
    })
  })
}
