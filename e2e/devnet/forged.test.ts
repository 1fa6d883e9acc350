// The attacker's cross-check (issue 18 point 3): forged session transactions from a stolen session key are
// refused the same way by the real Argent 0.4.0 account (starknet-devnet-rs, through wallet-sim --node) and
// by wallet-sim's built-in account, at the cosigner and on chain.
import { type RunningSim, startSim } from '@webwallet/wallet-sim'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, startDevnet } from '../support/devnet'
import { FORGED_GUARDIAN_PRIVATE_KEY, type ForgedRecord, forgedJourneys } from './forged'
import { FORGED_EXPECTED } from './forgedExpected'

let devnet: Devnet
let onDevnet: RunningSim
let builtin: RunningSim
let devnetRecords: ForgedRecord[]
let builtinRecords: ForgedRecord[]

beforeAll(async () => {
  devnet = await startDevnet()
  onDevnet = await startSim({
    node: devnet.rpcUrl,
    approve: 'auto',
    guardianPrivateKey: FORGED_GUARDIAN_PRIVATE_KEY,
  })
  builtin = await startSim({ approve: 'auto', guardianPrivateKey: FORGED_GUARDIAN_PRIVATE_KEY })
  devnetRecords = await forgedJourneys(onDevnet, 'devnet')
  builtinRecords = await forgedJourneys(builtin, 'builtin')
}, 300_000)
afterAll(async () => {
  await onDevnet?.close()
  await builtin?.close()
  await devnet?.stop()
})

describe('forged session transactions on starknet-devnet-rs and on the built-in chain', () => {
  it('are refused by the cosigner and by the real Argent account as a user expects', () => {
    expect(devnetRecords).toEqual(FORGED_EXPECTED)
  })

  it('are refused exactly the same way by the built-in account and cosigner', () => {
    expect(builtinRecords).toEqual(devnetRecords)
  })
})
