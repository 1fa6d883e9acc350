import { bytesToHex as nobleBytesToHex, hexToBytes as nobleHexToBytes } from '@noble/hashes/utils'
import fc from 'fast-check'
import { encode } from 'starknet'
import { describe, expect, it } from 'vitest'
import { bytesToHex, hexToBytes } from './bytes'
import { bytesToHexString } from './schemas/keccak'

const hexDigits = (min = 0) =>
  fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), minLength: min, maxLength: 80 })

describe('bytes and their hex', () => {
  it('writes any bytes as noble and starknet.js do, and reads them back', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), (bytes) => {
        const hex = bytesToHex(bytes)
        expect(hex).toBe(nobleBytesToHex(bytes))
        expect(hex).toBe(encode.buf2hex(bytes))
        expect(hex).toMatch(/^(?:[\da-f]{2})*$/)
        expect(hexToBytes(hex)).toEqual(Uint8Array.from(bytes))
        expect(hexToBytes(hex.toUpperCase())).toEqual(Uint8Array.from(bytes))
      }),
    )
  })

  it('reads an even count of digits in either case as noble does, and writes them back lowercase', () => {
    fc.assert(
      fc.property(hexDigits(), (digits) => {
        const hex = digits.length % 2 ? digits.slice(1) : digits
        expect(hexToBytes(hex)).toEqual(nobleHexToBytes(hex))
        expect(bytesToHex(hexToBytes(hex)!)).toBe(hex.toLowerCase())
      }),
    )
  })

  it('reads an odd count as if led by a 0: the bytes of the number the digits write', () => {
    fc.assert(
      fc.property(hexDigits(1), (digits) => {
        const bytes = hexToBytes(digits)!
        expect(bytes).toEqual(hexToBytes(digits.length % 2 ? `0${digits}` : digits))
        expect(bytes.reduce((value, byte) => (value << 8n) | BigInt(byte), 0n)).toBe(BigInt(`0x${digits}`))
      }),
    )
    expect(hexToBytes('abc')).toEqual(Uint8Array.of(0x0a, 0xbc))
    expect(hexToBytes('')).toEqual(new Uint8Array())
  })

  it('refuses anything that is not hex digits alone (undefined), a 0x prefix included', () => {
    for (const text of ['0x12', '12 ', 'zz', '1g', '-1', '١٢', '\u00000'])
      expect(hexToBytes(text)).toBeUndefined()
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(hexToBytes(text) === undefined).toBe(!/^[\da-f]*$/i.test(text))
      }),
    )
  })

  it('keeps its former public name, bytesToHexString, as the same function', () => {
    expect(bytesToHexString).toBe(bytesToHex)
  })
})
