import fc from 'fast-check'
import { num, shortString } from 'starknet'
import { describe, expect, it } from 'vitest'
import { decodeShortString, integerOf, isHexFelt, isRpcHexFelt, rpcIntegerOf, shortStringFelt } from './felt'

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
})

describe('short strings', () => {
  it('reads back the text of every printable short string, as starknet.js decodes it', () => {
    fc.assert(
      fc.property(
        printable.filter((text) => text.length >= 1 && text.length <= 31),
        (text) => {
          const felt = shortStringFelt(text)!
          expect(decodeShortString(felt)).toBe(text)
          expect(decodeShortString(felt)).toBe(shortString.decodeShortString(`0x${felt.toString(16)}`))
        },
      ),
    )
  })

  it('reads no text from 0, a negative value or a byte outside printable ASCII', () => {
    expect(decodeShortString(0n)).toBeUndefined()
    expect(decodeShortString(-1n)).toBeUndefined()
    expect(decodeShortString(0x41_0a_41n)).toBeUndefined()
    expect(decodeShortString(0x41_7f_41n)).toBeUndefined()
    expect(decodeShortString(0x141n)).toBeUndefined() // an odd digit count: the bytes 0x01, 0x41
  })
})

describe('isHexFelt', () => {
  it('accepts 0x and 1 to 64 hex digits in either case, padded or not, as starknet.js reads hex', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), fc.nat(63), (value, pad) => {
        const digits = value.toString(16)
        for (const hex of [
          `0x${digits}`,
          `0x${digits.toUpperCase()}`,
          `0X${digits}`,
          `0x${digits.padStart(64 - (pad % 64), '0')}`,
        ]) {
          expect(isHexFelt(hex)).toBe(hex.length <= 66)
          if (isHexFelt(hex)) expect(num.isHex(hex) && BigInt(hex) === value).toBe(true)
          // The wire's reading: the same, with its 0x in lowercase only.
          expect(isRpcHexFelt(hex)).toBe(hex.length <= 66 && hex.startsWith('0x'))
        }
      }),
    )
  })

  it('refuses anything else: no digits, 65 digits, no 0x, spaces, signs, other types', () => {
    for (const value of [
      '0x',
      `0x${'1'.repeat(65)}`,
      '12',
      'x12',
      ' 0x1',
      '0x1 ',
      '-0x1',
      '0x1g',
      '0x 1',
      1,
      1n,
      null,
      undefined,
      ['0x1'],
    ]) {
      expect(isHexFelt(value)).toBe(false)
    }
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(isHexFelt(text)).toBe(/^0x[0-9a-f]{1,64}$/i.test(text))
        expect(isRpcHexFelt(text)).toBe(/^0x[0-9a-fA-F]{1,64}$/.test(text))
      }),
    )
  })
})

describe('integerOf', () => {
  it('reads every spelling of a non-negative integer starknet.js takes: bigint, safe integer, hex or decimal', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 300n }), (value) => {
        const spellings: unknown[] = [
          value,
          value.toString(),
          `0x${value.toString(16)}`,
          `0X${value.toString(16).toUpperCase()}`,
        ]
        if (value <= BigInt(Number.MAX_SAFE_INTEGER)) spellings.push(Number(value))
        for (const spelling of spellings) {
          expect(integerOf(spelling)).toBe(value)
          expect(num.toBigInt(spelling as string)).toBe(value)
          // The wire's reading: every spelling but the uppercase 0X.
          expect(rpcIntegerOf(spelling)).toBe(String(spelling).startsWith('0X') ? undefined : value)
        }
      }),
    )
  })

  it('reads no integer from a negative, a fraction, an exponent, an unsafe number, text or another type', () => {
    for (const value of [
      -1,
      -1n,
      '-1',
      1.5,
      '1.5',
      1e21,
      '1e3',
      2 ** 53,
      Number.NaN,
      '',
      '0x',
      ' 1',
      'SN_MAIN',
      null,
      undefined,
      {},
      [1],
    ]) {
      expect(integerOf(value)).toBeUndefined()
      expect(rpcIntegerOf(value)).toBeUndefined()
    }
  })

  it("reads, with the wire's prefix, what a hex-or-decimal pattern of a lowercase 0x accepts", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^(0[xX][\da-fA-F]{0,3}|\d{0,3})[\s\da-z]{0,2}$/), (text) => {
        const integer = /^(0x[0-9a-fA-F]+|[0-9]+)$/.test(text) ? BigInt(text) : undefined
        expect(rpcIntegerOf(text)).toBe(integer)
      }),
    )
  })
})
