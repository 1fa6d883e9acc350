import { describe, expect, it } from 'vitest'
import { ValidationError } from '../errors/validation'
import {
  OUTSIDE_EXECUTION_V1_TYPES as V1_TYPES,
  OUTSIDE_EXECUTION_V2_TYPES as V2_TYPES,
} from '../typedData/known'
import { ANY_CALLER_FELT, isOutsideExecutionTypedData, readOutsideExecution } from './outsideExecutionMessage'

const TRANSFER = '0x83afd3f4caedc6eebf44246fe54e38c95e3179a5ec9ea81740eca5b482d12e'
const STRK = '0x4718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
const v2 = (calldata: unknown[], selector: unknown = 'transfer') => ({
  types: V2_TYPES,
  domain: {
    name: 'Account.execute_from_outside',
    version: '2',
    chainId: '0x534e5f5345504f4c4941',
    revision: '1',
  },
  primaryType: 'OutsideExecution',
  message: {
    Caller: '0x414e595f43414c4c4552',
    Nonce: '0x7',
    'Execute After': '0x1',
    'Execute Before': '2000000000',
    Calls: [{ To: STRK, Selector: selector, Calldata: calldata }],
  },
})

describe('outside executions', () => {
  it('recognises the domain by the felt SNIP-12 hashes, whatever its spelling', () => {
    expect(isOutsideExecutionTypedData(v2([]))).toBe(true)
    const hexName = '0x4163636f756e742e657865637574655f66726f6d5f6f757473696465'
    expect(isOutsideExecutionTypedData({ ...v2([]), domain: { ...v2([]).domain, name: hexName } })).toBe(true)
    expect(
      isOutsideExecutionTypedData({ ...v2([]), domain: { ...v2([]).domain, name: ` ${BigInt(hexName)} ` } }),
    ).toBe(true)
    expect(isOutsideExecutionTypedData({ ...v2([]), domain: { ...v2([]).domain, name: 'Example' } })).toBe(
      false,
    )
    // What the reader refuses never passes as a message.
    expect(isOutsideExecutionTypedData({ domain: { name: 'Example' } })).toBe(true)
  })

  it('reads SNIP-9 v2 typed data as its felts', () => {
    expect(readOutsideExecution(v2(['0xa77ac4', '100', '0']))).toEqual({
      version: 2,
      caller: ANY_CALLER_FELT,
      nonce: 7n,
      executeAfter: 1n,
      executeBefore: 2_000_000_000n,
      calls: [{ contractAddress: STRK, selector: TRANSFER, calldata: [0xa77ac4n, 100n, 0n] }],
    })
  })

  it('reads SNIP-9 v1 typed data (snake_case fields)', () => {
    const view = readOutsideExecution({
      types: V1_TYPES,
      domain: { name: 'Account.execute_from_outside', version: '1', chainId: 'SN_SEPOLIA' },
      primaryType: 'OutsideExecution',
      message: {
        caller: '0x1',
        nonce: '0x2',
        execute_after: '0x3',
        execute_before: '0x4',
        calls_len: '0x1',
        calls: [
          {
            to: STRK,
            selector: '0x83afd3f4caedc6eebf44246fe54e38c95e3179a5ec9ea81740eca5b482d12e',
            calldata_len: '0x0',
            calldata: [],
          },
        ],
      },
    })
    expect(view.version).toBe(1)
    expect(view.calls).toEqual([
      {
        contractAddress: STRK,
        selector: '0x83afd3f4caedc6eebf44246fe54e38c95e3179a5ec9ea81740eca5b482d12e',
        calldata: [],
      },
    ])
  })

  it('reads every spelling of a felt as the felt it hashes to', () => {
    expect(readOutsideExecution(v2(['0xA77AC4', ' 100 ', '0o0'])).calls[0]?.calldata).toEqual([
      0xa77ac4n,
      100n,
      0n,
    ])
  })

  it.each([
    [
      v2(['0xa77ac4', '1', '0'], '123'),
      'Typed data: message.Calls.0.Selector "123" is neither a 0x selector nor an entry-point name',
    ],
    [
      { ...v2([]), domain: { ...v2([]).domain, version: '3' } },
      'Typed data: domain.name is the domain of outside executions, but its domain version, revision or OutsideExecution type is not the one the account checks',
    ],
    [{ ...v2([]), message: { Caller: '0x1' } }, 'Typed data: message.Nonce is missing'],
    [v2(['-1']), 'Typed data: message.Calls.0.Calldata.0 -1 is outside'],
  ])('refuses what it cannot read as the felts signed (%#)', (typedData, message) => {
    expect(() => readOutsideExecution(typedData)).toThrow(ValidationError)
    expect(() => readOutsideExecution(typedData)).toThrow(message)
  })
})
