// The cross-check (issue 18): the same session journeys through wallet-sim on its built-in chain and through
// wallet-sim --node in front of starknet-devnet-rs, whose Argent 0.4.0 account is the real Cairo one. Equal
// transcripts: the built-in chain accepts, refuses and changes state as the real account does. The same runs
// give the fee parity: every account transaction compared by its role. L1 data gas and L1 gas are formulas of
// the state diff and must be equal; the fee's data-gas part too (it adds 32 per newly allocated storage key,
// which devnet's receipt leaves out of `l1_data_gas`); L2 gas is calibrated and must be within ±25%.
import { type RunningSim, startSim } from '@webwallet/wallet-sim'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Devnet } from '../support/devnet'
import { type Measured, measure } from './feeParity'
import { EXPECTED, type StepRecord, sessionJourneys, walletJourneys } from './journeys'
import { freshDevnet } from './shared'

let devnet: Devnet
let onDevnet: RunningSim
let builtin: RunningSim
let devnetRecords: StepRecord[]
let builtinRecords: StepRecord[]
let devnetWallet: Awaited<ReturnType<typeof walletJourneys>>
let builtinWallet: Awaited<ReturnType<typeof walletJourneys>>
let real: Measured[]
let ours: Measured[]

beforeAll(async () => {
  devnet = await freshDevnet()
  onDevnet = await startSim({ node: devnet.rpcUrl, approve: 'auto', email: 'wallet@example.com' })
  builtin = await startSim({ approve: 'auto', email: 'wallet@example.com' })
  // Each chain runs the session journeys, then the wallet's: the fee parity compares them in that order.
  devnetRecords = await sessionJourneys(onDevnet, 'cross-devnet@example.com')
  devnetWallet = await walletJourneys(onDevnet)
  builtinRecords = await sessionJourneys(builtin, 'cross-builtin@example.com')
  builtinWallet = await walletJourneys(builtin)
  real = await measure(devnet.rpcUrl, [onDevnet.walletSim.relayer.address])
  ours = await measure(builtin.rpcUrl)
  const rows = real.map((r, i) => {
    const o = ours[i]
    const ratio = o ? (Number(o.l2Gas) / Number(r.l2Gas)).toFixed(2) : '-'
    return `${r.role}\n    devnet l2 ${r.l2Gas} da ${r.l1DataGas} fee-da ${r.feeDataGas} | built-in l2 ${o?.l2Gas} da ${o?.l1DataGas} fee-da ${o?.feeDataGas} | l2 ratio ${ratio}`
  })
  process.stderr.write(`fee parity, per transaction:\n${rows.join('\n')}\n`)
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

describe('fees of the same transactions on starknet-devnet-rs and on the built-in chain', () => {
  it('the journeys send the same transactions, in the same order, on both chains', () => {
    expect(real.length).toBeGreaterThanOrEqual(5)
    expect(ours.map((m) => m.role)).toEqual(real.map((m) => m.role))
  })

  it('L1 gas and L1 data gas are equal, in the receipt and in the fee', () => {
    const pick = ({ role, l1Gas, l1DataGas, feeDataGas }: Measured) => ({
      role,
      l1Gas,
      l1DataGas,
      feeDataGas,
    })
    expect(ours.map(pick)).toEqual(real.map(pick))
  })

  it('every state update has the same shape: storage keys per contract, nonces', () => {
    expect(ours.map(({ role, diff }) => ({ role, diff }))).toEqual(
      real.map(({ role, diff }) => ({ role, diff })),
    )
  })

  it('L2 gas is within ±25% of devnet for every transaction', () => {
    for (const [i, r] of real.entries()) {
      const ratio = Number(ours[i]?.l2Gas ?? 0n) / Number(r.l2Gas)
      expect({ role: r.role, within: ratio >= 0.75 && ratio <= 1.25, ratio }).toMatchObject({
        role: r.role,
        within: true,
      })
    }
  })
})
