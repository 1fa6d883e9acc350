import { describe, expect, it } from 'vitest'
import { ValidationError } from '../errors/validation'
import { ANY_CALLER_FELT, isOutsideExecutionTypedData, readOutsideExecution } from './outsideExecutionMessage'

const STRK = '0x4718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
const v2 = (calldata: unknown[], selector: unknown = 'transfer') => ({
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
  it('recognises the domain by its name as text or as the felt SNIP-12 hashes', () => {
    expect(isOutsideExecutionTypedData({ domain: { name: 'Account.execute_from_outside' } })).toBe(true)
    expect(
      isOutsideExecutionTypedData({
        domain: { name: '0x4163636f756e742e657865637574655f66726f6d5f6f757473696465' },
      }),
    ).toBe(true)
    expect(isOutsideExecutionTypedData({ domain: { name: 'Example' } })).toBe(false)
  })

  it('reads SNIP-9 v2 typed data as its felts', () => {
    expect(readOutsideExecution(v2(['0xa77ac4', '100', '0']))).toEqual({
      version: 2,
      caller: ANY_CALLER_FELT,
      nonce: 7n,
      executeAfter: 1n,
      executeBefore: 2_000_000_000n,
      calls: [{ contractAddress: STRK, selector: 'transfer', calldata: [0xa77ac4n, 100n, 0n] }],
    })
  })

  it('reads SNIP-9 v1 typed data (snake_case fields)', () => {
    const view = readOutsideExecution({
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

  it.each([
    [
      v2(['0xa77ac4', '1 ', '0']),
      'Outside execution: message.Calls.0.Calldata.1 "1 " is not a felt (has spaces around it)',
    ],
    [
      v2(['0xa77ac4', '1', '0'], '123'),
      'Outside execution: message.Calls.0.Selector "123" is neither a 0x selector nor an entry-point name',
    ],
    [
      { ...v2([]), domain: { name: 'Account.execute_from_outside', version: '3' } },
      'Outside execution: version "3" is neither 1 nor 2',
    ],
    [{ ...v2([]), message: { Caller: '0x1' } }, 'Outside execution: Calls is not a list'],
  ])('refuses what it cannot read as the felts signed (%#)', (typedData, message) => {
    expect(() => readOutsideExecution(typedData)).toThrow(ValidationError)
    expect(() => readOutsideExecution(typedData)).toThrow(message)
  })
})
