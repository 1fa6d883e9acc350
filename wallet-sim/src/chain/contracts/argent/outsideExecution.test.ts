import {
  buildOutsideExecution,
  type OutsideExecution,
  outsideExecutionCalldata,
  outsideExecutionHash,
} from '@webwallet/protocol/session'
import { outsideExecution as starknetOutsideExecution, typedData } from 'starknet'
import { describe, expect, it } from 'vitest'
import type { Felt } from '../../contract'
import { selectorOf, toHex } from '../../felt'
import {
  approveStrk,
  argentFixture,
  keys,
  type NamedFeltCall,
  NOW,
  pay,
  signByOwnerAndGuardian,
} from './testing'

async function deployed() {
  const f = argentFixture()
  await f.deploy()
  return f
}

type Fixture = Awaited<ReturnType<typeof deployed>>

const outside = (
  calls: NamedFeltCall[],
  overrides: Partial<{ nonce: Felt; caller: Felt; executeBefore: Felt }> = {},
) =>
  buildOutsideExecution({ calls, nonce: overrides.nonce ?? 0x6e6f6e6365n, nowMs: NOW * 1000, ...overrides })

/** The relayer (a plain OZ account) submits `execute_from_outside_v2` on the Argent account's behalf. */
function relay(
  f: Fixture,
  execution: OutsideExecution,
  signature: Felt[],
  entrypoint = 'execute_from_outside_v2',
) {
  const call = {
    to: f.address,
    selector: selectorOf(entrypoint),
    calldata: outsideExecutionCalldata(execution, signature),
  }
  const { hash } = f.ozInvoke(f.relayer, [call])
  return f.chain.getTx(hash).receipt as { execution_status: string; revert_reason?: string }
}

describe('Argent account: execute_from_outside_v2', () => {
  it('runs an owner + guardian signed outside execution once; its replay reverts', async () => {
    const f = await deployed()
    const execution = outside([pay, pay])
    const hash = outsideExecutionHash(execution, f.address, f.chain.chainId)
    expect(f.view('is_valid_outside_execution_nonce', [execution.nonce])).toEqual([1n])
    expect(relay(f, execution, signByOwnerAndGuardian(hash)).execution_status).toBe('SUCCEEDED')
    expect(f.paid()).toBe(2n)
    expect(f.view('is_valid_outside_execution_nonce', [execution.nonce])).toEqual([0n])
    const replay = relay(f, execution, signByOwnerAndGuardian(hash))
    expect(replay.execution_status).toBe('REVERTED')
    expect(replay.revert_reason).toContain('argent/duplicated-outside-nonce')
    expect(f.paid()).toBe(2n)
  })

  it('hashes the message as starknet.js v10 builds SNIP-9 v2 typed data, and exposes it as a view', async () => {
    const f = await deployed()
    const execution = outside([pay])
    const options = {
      caller: toHex(execution.caller),
      execute_after: Number(execution.executeAfter),
      execute_before: Number(execution.executeBefore),
    }
    const starknetTypedData = starknetOutsideExecution.getTypedData(
      toHex(f.chain.chainId),
      options,
      toHex(execution.nonce),
      [{ ...pay, calldata: pay.calldata.map(toHex) }],
      '2',
    )
    const expected = BigInt(typedData.getMessageHash(starknetTypedData, toHex(f.address)))
    expect(outsideExecutionHash(execution, f.address, f.chain.chainId)).toBe(expected)
    const calldata = outsideExecutionCalldata(execution, []).slice(0, -1)
    expect(f.view('get_outside_execution_message_hash_rev_1', calldata)).toEqual([expected])
  })

  it('checks the caller, the time window and the signatures', async () => {
    const f = await deployed()
    const forFunder = outside([pay], { caller: f.funder.address })
    const sign = (execution: OutsideExecution) =>
      signByOwnerAndGuardian(outsideExecutionHash(execution, f.address, f.chain.chainId))
    expect(relay(f, forFunder, sign(forFunder)).revert_reason).toContain('argent/invalid-caller')
    const late = outside([pay], { nonce: 2n, executeBefore: BigInt(NOW) })
    expect(relay(f, late, sign(late)).revert_reason).toContain('argent/invalid-timestamp')
    const other = outside([pay], { nonce: 3n })
    expect(relay(f, other, sign(outside([pay, pay], { nonce: 3n }))).revert_reason).toContain(
      'argent/invalid-owner-sig',
    )
    expect(f.paid()).toBe(0n)
  })

  it('accepts a session token over the outside-execution hash (x-sessions signSessionEFO), within scope only', async () => {
    const f = await deployed()
    const execution = outside([pay])
    const token = f.sessionSignature([pay], outsideExecutionHash(execution, f.address, f.chain.chainId))
    expect(relay(f, execution, token).execution_status).toBe('SUCCEEDED')
    expect(f.paid()).toBe(1n)
    const outOfScope = outside([approveStrk], { nonce: 9n })
    const forged = f.sessionSignature([pay], outsideExecutionHash(outOfScope, f.address, f.chain.chainId))
    expect(relay(f, outOfScope, forged).revert_reason).toContain('session/invalid-call')
  })

  it('refuses a session outside execution the guardian (the cosigner) did not sign', async () => {
    const f = await deployed()
    const execution = outside([pay], { nonce: 10n })
    const hash = outsideExecutionHash(execution, f.address, f.chain.chainId)
    // A stolen session key alone, standing in for the guardian: the account wants the guardian's own key.
    const byKeyOnly = f.sessionSignature([pay], hash, { guardianKey: keys.session })
    expect(relay(f, execution, byKeyOnly).revert_reason).toContain('session/guardian-key-mismatch')
    expect(f.paid()).toBe(0n)
  })

  it('also runs SNIP-9 v1 (execute_from_outside, revision 0 hash as starknet.js v10 builds it), sharing the nonces', async () => {
    const f = await deployed()
    const execution = outside([pay])
    const options = {
      caller: toHex(execution.caller),
      execute_after: Number(execution.executeAfter),
      execute_before: Number(execution.executeBefore),
    }
    const calls = [{ ...pay, calldata: pay.calldata.map(toHex) }]
    const v1TypedData = starknetOutsideExecution.getTypedData(
      toHex(f.chain.chainId),
      options,
      toHex(execution.nonce),
      calls,
      '1',
    )
    const hash = BigInt(typedData.getMessageHash(v1TypedData, toHex(f.address)))
    expect(
      f.view(
        'get_outside_execution_message_hash_rev_0',
        outsideExecutionCalldata(execution, []).slice(0, -1),
      ),
    ).toEqual([hash])
    expect(relay(f, execution, signByOwnerAndGuardian(hash), 'execute_from_outside').execution_status).toBe(
      'SUCCEEDED',
    )
    expect(f.paid()).toBe(1n)
    const v2Hash = outsideExecutionHash(execution, f.address, f.chain.chainId)
    expect(relay(f, execution, signByOwnerAndGuardian(v2Hash)).revert_reason).toContain(
      'argent/duplicated-outside-nonce',
    )
  })
})
