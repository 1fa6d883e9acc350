// nestedDeeperThan reads the depth JSON.parse would build, without parsing: equal to the parsed value's own
// depth for any JSON text (brackets inside strings, escaped quotes and all), and safe at any depth.
import fc from 'fast-check'
import { expect, it } from 'vitest'
import { nestedDeeperThan } from './depth'

/** The depth of a parsed value: 0 for a leaf, one more than its deepest member for an array or object. */
const depthOf = (value: unknown): number =>
  typeof value === 'object' && value !== null ? 1 + Math.max(0, ...Object.values(value).map(depthOf)) : 0

it('property: agrees with the parsed value for any JSON text, strings full of brackets included', () => {
  const text = fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', 'a', ' ') })
  const json = fc.letrec((tie) => ({
    node: fc.oneof(
      { depthSize: 'medium' },
      text,
      fc.integer(),
      fc.array(tie('node'), { maxLength: 3 }),
      fc.dictionary(text, tie('node'), { maxKeys: 3 }),
    ),
  })).node
  fc.assert(
    fc.property(json, fc.integer({ min: 0, max: 8 }), (value, max) => {
      const written = JSON.stringify(value, null, value === 0 ? 2 : undefined)
      expect(nestedDeeperThan(written, max)).toBe(depthOf(JSON.parse(written)) > max)
    }),
    { numRuns: 500 },
  )
})

it('reads 1,000,000 levels without recursing', () => {
  expect(nestedDeeperThan(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`)).toBe(true)
  expect(nestedDeeperThan(`"${'['.repeat(1_000_000)}"`)).toBe(false)
})
