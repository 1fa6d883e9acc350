// The built-in half of the cross-check (e2e/devnet/crossCheck.test.ts) in the main run, where starknet-devnet
// may be missing: the session journeys on wallet-sim's built-in chain give the transcript the real Argent
// 0.4.0 account gives on devnet.
import { startSim } from '@webwallet/wallet-sim'
import { expect, it } from 'vitest'
import { EXPECTED, sessionJourneys } from '../../devnet/journeys'

it('session journeys on the built-in chain go as on the real account (devnet)', async () => {
  const sim = await startSim({ approve: 'auto' })
  try {
    expect(await sessionJourneys(sim, 'cross-check@example.com')).toEqual(EXPECTED)
  } finally {
    await sim.close()
  }
})
