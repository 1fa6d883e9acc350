import { describe, expect, it } from 'vitest'
import { ValidationError } from '../errors/validation'
import { FIELD_PRIME } from '../starknet/field'
import { convertCalldataValue } from './calldata'
import { strictCalls, strictFelt, strictUint256 } from './strictFelt'

const STRK = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'

describe('strictFelt', () => {
  it.each([
    ['0x1', 1n],
    ['0xABCdef', 0xabcdefn],
    [STRK, BigInt(STRK)],
    ['0', 0n],
    ['1000000000000000000', 10n ** 18n],
    [7, 7n],
    [5n, 5n],
    [`0x${(FIELD_PRIME - 1n).toString(16)}`, FIELD_PRIME - 1n],
  ])('reads %s as one felt, the one starknet.js reads', (value, felt) => {
    expect(strictFelt(value)).toEqual({ felt })
    expect(convertCalldataValue(value, 0)).toBe(felt)
  })

  // Each of these is a felt to starknet.js' conversion, but not the one a person reads.
  it.each([
    ['1 ', 'has spaces around it'],
    [' 1', 'has spaces around it'],
    ['-1', 'negative'],
    ['0X1', 'not a hex number of at most 64 digits after a lowercase 0x'],
    ['0x4718f5a0fc34cc1af16g1cdee98f938d', 'not a hex number of at most 64 digits after a lowercase 0x'],
    ['010', 'a decimal with leading zeros'],
    ['1e3', 'text, not a number (a short string is read as its bytes, which the wallet will not guess)'],
    ['ten', 'text, not a number (a short string is read as its bytes, which the wallet will not guess)'],
    [`0x${FIELD_PRIME.toString(16)}`, 'not below the field prime'],
    [FIELD_PRIME.toString(), 'not below the field prime'],
    [FIELD_PRIME, 'not below the field prime'],
    [-1n, 'negative'],
    [-1, 'negative'],
    [1.5, 'not a safe integer'],
    [2 ** 60, 'not a safe integer'],
    [null, 'a null, not a number'],
    [true, 'a boolean, not a number'],
  ])('refuses %s: %s', (value, refused) => {
    expect(strictFelt(value)).toEqual({ refused })
  })
})

describe('strictCalls', () => {
  it('gives the address and calldata as felts', () => {
    expect(
      strictCalls([{ contractAddress: STRK, entrypoint: 'transfer', calldata: ['0xa', '1', 0] }]),
    ).toEqual([
      {
        contractAddress: '0x4718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d',
        entrypoint: 'transfer',
        calldata: [10n, 1n, 0n],
      },
    ])
  })

  it('refuses the first entry that is not a felt, naming the call and the position', () => {
    const read = () =>
      strictCalls([
        { contractAddress: STRK, entrypoint: 'approve', calldata: ['0x1', '0x0'] },
        { contractAddress: STRK, entrypoint: 'transfer', calldata: ['0xa', '1 ', '0'] },
      ])
    expect(read).toThrow(ValidationError)
    expect(read).toThrow(
      'Call 1, calldata[1]: "1 " is refused, text that reads as a number (a sign, point, digit or space first, or a space last).',
    )
    try {
      read()
    } catch (error) {
      expect((error as ValidationError).code).toBe('VALIDATION')
      expect((error as ValidationError).data.issues[0]?.path).toEqual([1, 'calldata', 1])
    }
  })

  it('compiles nested and object calldata as starknet.js does', () => {
    const [read] = strictCalls([
      {
        contractAddress: STRK,
        entrypoint: 'go',
        calldata: { to: '0x1', amount: { low: 5, high: 0 }, ids: [7, 8] },
      },
    ])
    expect(read?.calldata).toEqual([1n, 5n, 0n, 2n, 7n, 8n])
    expect(() =>
      strictCalls([{ contractAddress: STRK, entrypoint: 'go', calldata: { amount: { low: -1, high: 0 } } }]),
    ).toThrow('Call 0, calldata.amount.low: -1 is refused, negative.')
  })

  it('refuses a contract address that is not a felt', () => {
    expect(() => strictCalls([{ contractAddress: 'STRK', entrypoint: 'transfer' }])).toThrow(
      'Call 0, contract address: "STRK" is not a felt',
    )
  })
})

describe('strictUint256', () => {
  it('reads amounts up to 2^256-1 in the strict forms', () => {
    expect(strictUint256((2n ** 256n - 1n).toString())).toEqual({ value: 2n ** 256n - 1n })
    expect(strictUint256(`0x${'f'.repeat(64)}`)).toEqual({ value: 2n ** 256n - 1n })
    expect(strictUint256(2n ** 256n)).toEqual({ refused: 'not below 2^256' })
    expect(strictUint256((2n ** 256n).toString())).toEqual({ refused: 'not below 2^256' })
    expect(strictUint256('1 ')).toEqual({ refused: 'has spaces around it' })
    expect(strictUint256(-1)).toEqual({ refused: 'negative' })
  })
})
