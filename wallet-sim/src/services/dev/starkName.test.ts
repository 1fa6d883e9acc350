import { starknetId } from 'starknet'
import { describe, expect, it } from 'vitest'
import { decodeStarkName, encodeStarkName, parentOf, StarkName, starkNameProblem } from './starkName'

describe('starkNameProblem', () => {
  it("accepts what starknet.js's isStarkDomain accepts and fits in felts", () => {
    for (const name of ['alice.stark', 'a.stark', '0x-9.stark', 'pay.bob.stark', `${'z'.repeat(47)}.stark`]) {
      expect(starkNameProblem(name)).toBeUndefined()
      expect(starknetId.isStarkDomain(name)).toBe(true)
    }
  })

  it.each([
    ['alice', "A name ends in .stark (e.g. alice.stark); got 'alice'"],
    ['stark', "A name ends in .stark (e.g. alice.stark); got 'stark'"],
    ['alice.eth', "A name ends in .stark (e.g. alice.stark); got 'alice.eth'"],
    ['.stark', "'.stark' has an empty label"],
    ['a..stark', "'a..stark' has an empty label"],
    ['Alice.stark', "Label 'Alice' may only use lowercase a-z, 0-9 and '-'"],
    ['al_ice.stark', "Label 'al_ice' may only use lowercase a-z, 0-9 and '-'"],
    ['这来.stark', "Label '这来' may only use lowercase a-z, 0-9 and '-'"],
    [`${'a'.repeat(49)}.stark`, `Label '${'a'.repeat(49)}' is longer than 48 characters`],
    [`${'z'.repeat(48)}.stark`, `Label '${'z'.repeat(48)}' is too long to encode in one felt`],
  ])('refuses %s', (name, problem) => {
    expect(starkNameProblem(name)).toBe(problem)
    expect(StarkName.safeParse(name).error?.issues[0]?.message).toBe(problem)
  })
})

describe('encoding', () => {
  it('encodes labels most specific first, as getAddressFromStarkName does, and decodes back', () => {
    const labels = encodeStarkName('pay.bob.stark')
    expect(labels).toEqual([starknetId.useEncoded('pay'), starknetId.useEncoded('bob')])
    expect(decodeStarkName(labels)).toBe('pay.bob.stark')
    expect(decodeStarkName([])).toBeUndefined()
  })

  it('names the parent of a subdomain', () => {
    expect(parentOf('pay.bob.stark')).toBe('bob.stark')
    expect(parentOf('bob.stark')).toBeUndefined()
  })
})
