// The cross-check (issue 18): the same session journeys through wallet-sim on its built-in chain and through
// wallet-sim --node in front of starknet-devnet-rs, whose Argent 0.4.0 account is the real Cairo one. Equal
// transcripts: the built-in chain accepts, refuses and changes state as the real account does.
import { type RunningSim, startSim } from '@webwallet/wallet-sim'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, startDevnet } from '../support/devnet'
import { type StepRecord, sessionJourneys, walletJourneys } from './journeys'

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

// What a user sees on the real account: the first execute deploys through the paymaster, the session's own
// call runs self-paid, a call outside it never leaves the SDK, a relayer runs a SNIP-9 outside execution the
// session signed (once: its nonce is then used; not with a changed proof; not after its window), and once the
// chain's clock passes the session's expiry the account refuses it.
const EXPECTED: StepRecord[] = [
  { step: 'sign session', accepted: true, allowance: '0' },
  { step: 'gasless deploy + execute', accepted: true, code: 'SUCCEEDED', allowance: '1' },
  { step: 'deployed: Argent 0.4.0 at the address the wallet derived', accepted: true, allowance: '1' },
  { step: 'allowed call', accepted: true, code: 'SUCCEEDED', allowance: '2' },
  {
    step: 'out-of-scope call',
    accepted: false,
    code: 'CALL_NOT_ALLOWED',
    reason: 'Call not allowed by the session: approve',
    allowance: '2',
  },
  { step: 'outside execution (SNIP-9)', accepted: true, code: 'SUCCEEDED', allowance: '4' },
  {
    step: 'outside execution replayed',
    accepted: false,
    code: '41',
    reason: 'argent/duplicated-outside-nonce',
    allowance: '4',
  },
  {
    step: 'outside execution, tampered signature',
    accepted: false,
    code: '41',
    reason: 'session/invalid-call',
    allowance: '4',
  },
  { step: 'expired session', accepted: false, code: 'NODE_ERROR', reason: 'session/expired', allowance: '4' },
  {
    step: 'outside execution after its window',
    accepted: false,
    code: '41',
    reason: 'argent/invalid-timestamp',
    allowance: '4',
  },
  { step: 'clock moved', accepted: true, allowance: '4' },
]
