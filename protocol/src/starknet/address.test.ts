import fc from 'fast-check'
import { num } from 'starknet'
import { describe, expect, it } from 'vitest'
import { strictCalls } from '../procedures/strictFelt'
import { addressValue, addressSpellings as spellings } from '../typedData/testing/spellings'
import { addressKey, compactAddress, sameAddress, toAddress } from './address'
import { FIELD_PRIME } from './field'
import { STRK_ADDRESS } from './tokens'

describe('one reading of an address', () => {
  it('keys every spelling of an address as Starknet writes it, and as starknet.js reads it', () => {
    fc.assert(
      fc.property(
        addressValue.chain((felt) => fc.tuple(fc.constant(felt), spellings(felt), spellings(felt))),
        ([felt, a, b]) => {
          expect(addressKey(a)).toBe(toAddress(felt))
          expect(addressKey(a)).toBe(num.toHex64(a))
          expect(sameAddress(a, b)).toBe(true)
          expect(sameAddress(a, felt + 1n)).toBe(false)
        },
      ),
    )
  })

  it('reads an address as the checks read a call to it', () => {
    fc.assert(
      fc.property(
        addressValue.chain((felt) => spellings(felt)),
        (spelling) => {
          const [call] = strictCalls([{ contractAddress: spelling, entrypoint: 'go', calldata: [] }])
          expect(addressKey(spelling)).toBe(addressKey(call?.contractAddress))
        },
      ),
    )
  })

  it('never gives a value with two readings the key of a felt', () => {
    const refused = fc.oneof(
      addressValue.map((felt) => ` 0x${felt.toString(16)}`),
      addressValue.map((felt) => `0X${felt.toString(16)}`),
      addressValue.map((felt) => `0${felt}`),
      fc.bigInt({ min: FIELD_PRIME, max: 2n ** 256n - 1n }).map(toAddress),
      fc.constantFrom('', '-1', 'transfer', '0x', '0b1', STRK_ADDRESS.toUpperCase()),
    )
    fc.assert(
      fc.property(refused, (value) => {
        expect(addressKey(value)).toBe(value)
        expect(sameAddress(value, value)).toBe(false)
      }),
    )
  })

  it('compacts to the first 6 and last 4 characters', () => {
    expect(compactAddress(toAddress(0x2fd2e914n))).toBe('0x0000…e914')
    expect(compactAddress('0x0123456789abcdef')).toBe('0x0123…cdef')
    expect(compactAddress('0x1234')).toBe('0x1234')
  })
})
