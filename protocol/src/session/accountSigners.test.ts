import { describe, expect, it } from 'vitest'
import { argentConstructorCalldata, argentSigners } from './accountSigners'

const OWNER = 0x0a11cen
const GUARDIAN = 0x0b0bn

describe("an Argent account's signers (docs/protocol.md, Entities: a guardian absent reads as 0)", () => {
  it('writes a guardian as Option::Some and reads it back', () => {
    const calldata = argentConstructorCalldata(OWNER, GUARDIAN)
    expect(calldata).toEqual(['0x0', '0xa11ce', '0x0', '0x0', '0xb0b'])
    expect(argentSigners(calldata)).toEqual({ owner: OWNER, guardian: GUARDIAN })
  })

  it('writes an absent (or 0) guardian as Option::None, and reads an absent guardian as 0', () => {
    expect(argentConstructorCalldata(OWNER)).toEqual(['0x0', '0xa11ce', '0x1'])
    expect(argentConstructorCalldata(OWNER, '0x0')).toEqual(['0x0', '0xa11ce', '0x1'])
    expect(argentSigners(['0x0', '0xa11ce', '0x1'])).toEqual({ owner: OWNER, guardian: 0n })
    expect(argentSigners(['0x0', '0xa11ce'])).toEqual({ owner: OWNER, guardian: 0n })
  })

  it.each([
    [['0x1', '0xa11ce', '0x1'], 'The owner must be a Stark key'],
    [['0x0', '0x0', '0x1'], 'The owner must be a Stark key'],
    [['0x0', '0xa11ce', '0x0', '0x0', '0x0'], 'The guardian must be absent or a Stark key'],
    [['0x0', '0xa11ce', '0x0', '0x2', '0xb0b'], 'The guardian must be absent or a Stark key'],
    [['0x0', '0xa11ce', '0x2'], 'The guardian must be absent or a Stark key'],
    [['0x0', '0xa11ce', '0x0', '0x0', '0xb0b', '0x1'], 'The guardian must be absent or a Stark key'],
  ])('refuses %j (VALIDATION)', (calldata, message) => {
    expect(() => argentSigners(calldata)).toThrow(expect.objectContaining({ code: 'VALIDATION', message }))
  })
})
