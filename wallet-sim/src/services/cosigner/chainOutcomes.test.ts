// How the simulated chain tells the cosigner a co-signed transaction or outside execution ended: a real
// Argent account, real invokes and a relayed outside execution.
import {
  buildOutsideExecution,
  outsideExecutionCalldata,
  outsideExecutionHash,
} from '@webwallet/protocol/session'
import { describe, expect, it } from 'vitest'
import {
  argentFixture,
  NOW,
  pay,
  RECIPIENT,
  signByOwnerAndGuardian,
} from '../../chain/contracts/argent/testing'
import { STRK_ADDRESS } from '../../chain/contracts/erc20'
import { selectorOf, toHex } from '../../chain/felt'
import { builtinAccess } from '../../node/builtin'
import { chainOutcomes } from './chainOutcomes'

async function deployed() {
  const f = argentFixture()
  await f.deploy()
  return { f, outcomeOf: chainOutcomes(builtinAccess(() => f.chain)) }
}
const invokeCharge = (account: bigint, nonce: bigint) =>
  ({ kind: 'invoke', account: toHex(account), nonce: toHex(nonce), amounts: {} }) as const

describe('chainOutcomes', () => {
  it('reports an invoke that ran with its actual fee in FRI, and whether it reverted', async () => {
    const { f, outcomeOf } = await deployed()
    const nonce = f.chain.pending.getNonce(f.address)
    const { hash } = f.invoke([pay], signByOwnerAndGuardian)
    const receipt = f.chain.getTx(hash).receipt as { actual_fee: { amount: string } }
    expect(await outcomeOf(toHex(hash), invokeCharge(f.address, nonce))).toEqual({
      state: 'done',
      reverted: false,
      actualFee: BigInt(receipt.actual_fee.amount),
    })
    const tooMuch = { ...pay, calldata: [RECIPIENT, 10n ** 30n, 0n] }
    const failed = f.invoke([tooMuch], signByOwnerAndGuardian)
    expect(await outcomeOf(toHex(failed.hash), invokeCharge(f.address, nonce + 1n))).toMatchObject({
      state: 'done',
      reverted: true,
    })
  })

  it('reports an invoke that is not on chain void once the account nonce is past it, else pending', async () => {
    const { f, outcomeOf } = await deployed()
    const nonce = f.chain.pending.getNonce(f.address)
    expect(await outcomeOf('0x123', invokeCharge(f.address, nonce - 1n))).toEqual({ state: 'void' })
    expect(await outcomeOf('0x123', invokeCharge(f.address, nonce))).toEqual({ state: 'pending' })
  })

  it('reports an outside execution done once its nonce is used, void once its window closed unused', async () => {
    const { f, outcomeOf } = await deployed()
    const execution = buildOutsideExecution({ calls: [pay], nonce: 0x77n, nowMs: NOW * 1000 })
    const charge = (nonce: bigint, account = f.address) =>
      ({
        kind: 'outside',
        account: toHex(account),
        nonce: toHex(nonce),
        executeBefore: Number(execution.executeBefore),
        amounts: {},
      }) as const
    expect(await outcomeOf('0xe1', charge(0x77n))).toEqual({ state: 'pending' })
    const signature = signByOwnerAndGuardian(outsideExecutionHash(execution, f.address, f.chain.chainId))
    f.ozInvoke(f.relayer, [
      {
        to: f.address,
        selector: selectorOf('execute_from_outside_v2'),
        calldata: outsideExecutionCalldata(execution, signature),
      },
    ])
    expect(await outcomeOf('0xe1', charge(0x77n))).toEqual({ state: 'done' })
    // An unused nonce, and an account not deployed yet, are pending until the window closes.
    expect(await outcomeOf('0xe2', charge(0x78n))).toEqual({ state: 'pending' })
    expect(await outcomeOf('0xe3', charge(0x79n, 0xabcn))).toEqual({ state: 'pending' })
    f.chain.setTime(Number(execution.executeBefore))
    expect(await outcomeOf('0xe2', charge(0x78n))).toEqual({ state: 'void' })
    expect(await outcomeOf('0xe3', charge(0x79n, 0xabcn))).toEqual({ state: 'void' })
  })

  it('with a block time: an outside execution past the wall clock is not void while the open block can run it', async () => {
    let wallMs = NOW * 1000
    const f = argentFixture({ blockTime: 1000, clock: () => wallMs })
    await f.deploy()
    f.chain.closeBlock()
    const access = builtinAccess(() => f.chain)
    const outcomeOf = chainOutcomes(access)
    const execution = buildOutsideExecution({ calls: [pay], nonce: 0x91n, nowMs: wallMs })
    const charge = {
      kind: 'outside',
      account: toHex(f.address),
      nonce: toHex(0x91n),
      executeBefore: Number(execution.executeBefore),
      amounts: {},
    } as const
    // A transaction opens the block at the current time; then the wall clock passes Execute Before.
    f.ozInvoke(f.funder, [
      { to: STRK_ADDRESS, selector: selectorOf('transfer'), calldata: [RECIPIENT, 1n, 0n] },
    ])
    wallMs = (Number(execution.executeBefore) + 30) * 1000
    // The chain's clock is the open block's timestamp, which the execution would still run with.
    expect(await access.now()).toBe(NOW)
    expect(await outcomeOf('0xe1', charge)).toEqual({ state: 'pending' })
    const signature = signByOwnerAndGuardian(outsideExecutionHash(execution, f.address, f.chain.chainId))
    const relayed = f.ozInvoke(f.relayer, [
      {
        to: f.address,
        selector: selectorOf('execute_from_outside_v2'),
        calldata: outsideExecutionCalldata(execution, signature),
      },
    ])
    expect(f.chain.getTx(relayed.hash).receipt).toMatchObject({
      execution_status: 'SUCCEEDED',
    })
    expect(await outcomeOf('0xe1', charge)).toEqual({ state: 'done' })
    // Once that block is closed, the next one opens at the wall clock: an unused nonce's window is over.
    f.chain.closeBlock()
    expect(await access.now()).toBe(Number(execution.executeBefore) + 30)
    expect(await outcomeOf('0xe2', { ...charge, nonce: toHex(0x92n) })).toEqual({ state: 'void' })
  })
})
