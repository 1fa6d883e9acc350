// The main journey, over the iframe and over the popup: a new user logs in by e-mail, signs one session,
// runs three session calls with no prompt, and a reload restores the session with no wallet prompt.
import { describe, expect, test } from 'vitest'
import { connectNewUser, newEmail, openDemo, type Transport } from '../../support/demo'
import { useJourney } from '../../support/journey'

const journey = useJourney()

describe.each<Transport>(['iframe', 'popup'])('over the %s', (transport) => {
  test('a new user logs in by e-mail, signs a session, runs three calls without a prompt and keeps the session across a reload', async () => {
    const demo = await openDemo(journey.browser, journey.stack, { transport })
    await connectNewUser(demo, journey.stack, newEmail(transport))
    expect(await demo.text('session-status')).toBe('VALID')
    expect(await demo.text('session-origin')).toBe('signed in the wallet')

    const requestsBefore = demo.walletRequests.length
    await demo.run('increment-3')
    expect(await demo.error()).toBeUndefined()
    expect(await demo.text('counter')).toBe('3')
    expect(await demo.page.getByTestId('activity').locator('li').count()).toBe(3)
    // Session calls never go through the wallet UI: no request to its pages or its router.
    expect(
      demo.walletRequests
        .slice(requestsBefore)
        .filter((p) => !p.startsWith('/paymaster') && !p.startsWith('/cosigner')),
    ).toEqual([])

    const address = await demo.text('address')
    demo.walletRequests.length = 0
    await demo.page.reload()
    await demo.page.getByTestId('address').waitFor()
    expect(await demo.text('address')).toBe(address)
    expect(await demo.text('session-origin')).toBe('restored from storage')
    expect(await demo.text('session-status')).toBe('VALID')
    // No wallet prompt. The popup opens nothing; the iframe loads hidden, at once, to follow the wallet's
    // pushed account changes (issue 26), and asks the user nothing.
    const loaded = demo.walletRequests.filter((p) => !p.startsWith('/allowlist'))
    expect(loaded.filter((p) => /^\/(interstitialLogin|signMessage|signSessionKeys|review)/.test(p))).toEqual(
      [],
    )
    if (transport === 'popup') expect(loaded).toEqual([])
    else expect(loaded).toContain('/iframes/comms')
  })
})
