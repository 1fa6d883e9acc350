import { typedData } from 'starknet'
import * as v8 from 'starknet-v8'
import { describe, expect, it } from 'vitest'
import { selectorFromName, shortString, toHex } from './felt'
import {
  ANY_CALLER,
  buildOutsideExecution,
  outsideExecutionCalldata,
  outsideExecutionHash,
  outsideExecutionTypedData,
  parseOutsideExecutionCalldata,
} from './outsideExecution'
import { DeserializeError } from './reader'

const account = '0x7e00d496e324876bbc8531f2d9a82bf154d1a04a50218ee74cdd372f75a551a'
const nowMs = 1_800_000_000_000
const execution = buildOutsideExecution({
  nowMs,
  nonce: '0x5eed',
  calls: [
    { contractAddress: '0x1234', entrypoint: 'transfer', calldata: ['0x99', '10', 0n] },
    { contractAddress: '0x5678', entrypoint: 'increase' },
  ],
})

describe('buildOutsideExecution', () => {
  it('defaults to ANY_CALLER and the window 10 minutes back, 20 minutes ahead', () => {
    expect(execution.caller).toBe(shortString('ANY_CALLER'))
    expect(execution.caller).toBe(ANY_CALLER)
    expect(execution.executeAfter).toBe(BigInt(nowMs / 1000 - 600))
    expect(execution.executeBefore).toBe(BigInt(nowMs / 1000 + 1200))
    expect(execution.calls[0]).toEqual({
      to: 0x1234n,
      selector: selectorFromName('transfer'),
      calldata: [0x99n, 10n, 0n],
    })
  })
})

describe('outsideExecutionHash', () => {
  it.each([
    ['starknet v10', typedData.getMessageHash],
    ['starknet v8', v8.typedData.getMessageHash],
  ])('equals the %s SNIP-12 hash of the typed data', (_, getMessageHash) => {
    const expected = getMessageHash(outsideExecutionTypedData(execution, 'SN_SEPOLIA'), account)
    expect(toHex(outsideExecutionHash(execution, account, 'SN_SEPOLIA'))).toBe(toHex(BigInt(expected)))
  })

  it('changes with the nonce, the window and the calldata', () => {
    const base = outsideExecutionHash(execution, account, 'SN_SEPOLIA')
    expect(outsideExecutionHash({ ...execution, nonce: 1n }, account, 'SN_SEPOLIA')).not.toBe(base)
    expect(outsideExecutionHash({ ...execution, executeBefore: 1n }, account, 'SN_SEPOLIA')).not.toBe(base)
    const calls = [{ ...execution.calls[0]!, calldata: [0x99n] }, execution.calls[1]!]
    expect(outsideExecutionHash({ ...execution, calls }, account, 'SN_SEPOLIA')).not.toBe(base)
    expect(outsideExecutionHash(execution, account, 'SN_MAIN')).not.toBe(base)
  })
})

describe('outside execution calldata', () => {
  it('round-trips and refuses malformed input', () => {
    const calldata = outsideExecutionCalldata(execution, [7n, 8n])
    expect(parseOutsideExecutionCalldata(calldata)).toEqual({ execution, signature: [7n, 8n] })
    expect(() => parseOutsideExecutionCalldata([...calldata, 1n])).toThrow(DeserializeError)
    expect(() => parseOutsideExecutionCalldata(calldata.slice(0, 5))).toThrow(DeserializeError)
  })
})
