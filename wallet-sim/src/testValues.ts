// Test helper for the fuzz tests: JSON values that look like what clients send and are wrong in every
// way (felts too wide, tags, empty strings, numbers, nesting, the field names the routes read).
import { toHex } from '@webwallet/protocol/constants'
import fc from 'fast-check'

/**
 * Any JSON value: `words` and random felts, numbers, booleans, null and strings as leaves; arrays, and
 * objects whose keys are drawn from `keys`.
 * @example fc.assert(fc.property(clientValues(['block_id'], ['latest']), (params) => …))
 */
export function clientValues(keys: readonly string[], words: readonly string[]): fc.Arbitrary<unknown> {
  return fc.letrec((tie) => ({
    leaf: fc.oneof(
      fc.constantFrom(...words, '0x0', '0x1', '0x', ''),
      fc.bigInt({ min: 0n, max: 2n ** 260n }).map(toHex),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.string(),
    ),
    node: fc.oneof(
      { depthSize: 'small' },
      tie('leaf'),
      fc.array(tie('node'), { maxLength: 4 }),
      fc.dictionary(fc.constantFrom(...keys), tie('node'), { maxKeys: 5 }),
    ),
  })).node
}
