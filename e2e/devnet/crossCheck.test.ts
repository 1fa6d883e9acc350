// The cross-check (issue 18): the same session journeys through wallet-sim on its built-in chain and through
// wallet-sim --node in front of starknet-devnet-rs, whose Argent 0.4.0 account is the real Cairo one. Equal
// transcripts: the built-in chain accepts, refuses and changes state as the real account does.
import { type RunningSim, startSim } from '@webwallet/wallet-sim'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, startDevnet } from '../support/devnet'
import { EXPECTED, type StepRecord, sessionJourneys, walletJourneys } from './journeys'

let devnet: Devnet
let onDevnet: RunningSim
let builtin: RunningSim
let devnetRecords: StepRecord[]
let builtinRecords: StepRecord[]
let devnetWallet: Awaited<ReturnType<typeof walletJourneys>>
let builtinWallet: Awaited<ReturnType<typeof walletJourneys>>

beforeAll(async () => {
  devnet = await startDevnet()
  onDevnet = await startSim({ node: devnet.rpcUrl, approve: 'auto', email: 'wallet@example.com' })
  builtin = await startSim({ approve: 'auto', email: 'wallet@example.com' })
  devnetRecords = await sessionJourneys(onDevnet, 'cross-devnet@example.com')
  builtinRecords = await sessionJourneys(builtin, 'cross-builtin@example.com')
  devnetWallet = await walletJourneys(onDevnet)
  builtinWallet = await walletJourneys(builtin)
}, 300_000)
afterAll(async () => {
  await onDevnet?.close()
  await builtin?.close()
  await devnet?.stop()
})

describe('session journeys on starknet-devnet-rs and on the built-in chain', () => {
  it('are accepted, refused and change state on devnet as a user expects', () => {
    expect(devnetRecords).toEqual(EXPECTED)
  })

  it('go exactly the same way on the built-in chain', () => {
    expect(builtinRecords).toEqual(devnetRecords)
  })

  it("the wallet's owner + guardian signatures (deploy-account, invoke, SNIP-12 message) pass the real account and the built-in one", () => {
    expect(devnetWallet).toEqual([
      {
        step: 'wallet execute: deploy-account + invoke signed by owner and guardian',
        accepted: true,
        code: 'SUCCEEDED',
      },
      { step: 'wallet message signature: is_valid_signature', accepted: true },
    ])
    expect(builtinWallet).toEqual(devnetWallet)
  })
})
