// The built-in half of the attacker's cross-check (e2e/devnet/forged.test.ts) in the main run, where
// starknet-devnet may be missing: forged session transactions from a stolen session key are refused by
// wallet-sim's cosigner and built-in Argent account as the real Argent 0.4.0 account refuses them on devnet.
import { startSim } from '@webwallet/wallet-sim'
import { expect, it } from 'vitest'
import { FORGED_GUARDIAN_PRIVATE_KEY, forgedJourneys } from '../../devnet/forged'
import { FORGED_EXPECTED } from '../../devnet/forgedExpected'

it('forged session transactions on the built-in chain are refused as on the real account (devnet)', async () => {
  // The attacker holds the guardian key too (the worst case), as on devnet: this instance is started with it.
  const sim = await startSim({ approve: 'auto', guardianPrivateKey: FORGED_GUARDIAN_PRIVATE_KEY })
  try {
    expect(await forgedJourneys(sim, 'builtin')).toEqual(FORGED_EXPECTED)
  } finally {
    await sim.close()
  }
})
