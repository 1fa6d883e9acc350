// wallet-sim restarted without --state is a new chain: the account and session the demo stored are gone.
// The SDK notices at connect() (the node's genesis block is another one than the session's) and drops the
// session with SESSION_INVALID, which the demo shows, instead of restoring it and failing later on a balance
// or an unknown session. devnet_restart
// replaces the chain the same way a restart does, so it stands in for one here (the wallet-sim and demo
// origins, which hold the stored session, stay the same).
import { expect, test } from 'vitest'
import { connectNewUser, newEmail, openDemo, readConsent } from '../../support/demo'
import { useJourney } from '../../support/journey'

const journey = useJourney()

test('a session of a chain that is gone is dropped on load, with a message; a login works again', async () => {
  const demo = await openDemo(journey.browser, journey.stack, { transport: 'iframe' })
  await connectNewUser(demo, journey.stack, newEmail('vanished'))
  expect(await demo.text('session-status')).toBe('VALID')

  // Same chain: the session comes back.
  await demo.page.reload()
  await demo.page.getByTestId('address').waitFor()
  expect(await demo.error()).toBeUndefined()

  await journey.stack.rpc('devnet_restart')
  await demo.page.reload()
  await demo.page.getByTestId('error-message').waitFor()
  expect(await demo.error()).toMatch(/^The session's chain is gone \(CHAIN_CHANGED: signed on 0x/)
  expect(await demo.text('error-code')).toBe('SESSION_INVALID')
  expect(await demo.page.getByTestId('address').count()).toBe(0)
  expect(await demo.page.evaluate(() => localStorage.getItem('session'))).toBeNull()

  // The way out the message gives: sign a session on the new chain (devnet_restart keeps wallet-sim's users,
  // so the wallet is still logged in; after a real restart it asks for the e-mail first).
  await demo.click('connect')
  const wallet = await demo.wallet()
  await readConsent(wallet)
  await wallet.getByRole('button', { name: 'Sign session' }).click()
  await demo.page.getByTestId('address').waitFor({ timeout: 30_000 })
  expect(await demo.text('session-status')).toBe('VALID')
  await demo.page.reload()
  await demo.page.getByTestId('address').waitFor()
  expect(await demo.error()).toBeUndefined()
})
