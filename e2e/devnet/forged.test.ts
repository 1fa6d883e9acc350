// The attacker's cross-check (issue 18 point 3): forged session transactions from a stolen session key are
// refused by the real Argent 0.4.0 account (starknet-devnet-rs, through wallet-sim --node) as FORGED_EXPECTED
// writes. The built-in account and cosigner are held to the same FORGED_EXPECTED in the main run
// (e2e/tests/sdk/forgedCrossCheck.test.ts, the same journeys): both chains refuse them the same way.
import { type RunningSim, startSim } from '@webwallet/wallet-sim'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Devnet } from '../support/devnet'
import { FORGED_GUARDIAN_PRIVATE_KEY, type ForgedRecord, forgedJourneys } from './forged'
import { FORGED_EXPECTED } from './forgedExpected'
import { freshDevnet } from './shared'

let devnet: Devnet
let onDevnet: RunningSim
let devnetRecords: ForgedRecord[]

beforeAll(async () => {
  devnet = await freshDevnet()
  onDevnet = await startSim({
    node: devnet.rpcUrl,
    approve: 'auto',
    guardianPrivateKey: FORGED_GUARDIAN_PRIVATE_KEY,
  })
  devnetRecords = await forgedJourneys(onDevnet, 'devnet')
}, 300_000)
afterAll(async () => {
  await onDevnet?.close()
  await devnet?.stop()
})

describe('forged session transactions on starknet-devnet-rs', () => {
  it('are refused by the cosigner and by the real Argent account as a user expects (and as the built-in one does)', () => {
    expect(devnetRecords).toEqual(FORGED_EXPECTED)
  })
})
