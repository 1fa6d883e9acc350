import fc from 'fast-check'
import { shortString } from 'starknet'
import { describe, expect, it } from 'vitest'
import { decodeShortString, shortStringFelt } from './felt'

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
