// What the canonical reader refuses, with the coded ValidationError (wallet API 114), before any screen; and
// that whatever it accepts hashes as starknet.js does, however the typed data is mangled.
import fc from 'fast-check'
import { typedData as v10 } from 'starknet'
import { describe, expect, it } from 'vitest'
import { isWebWalletError } from '../errors'
import { typedDataMeaning } from './meaning'
import { readTypedData } from './readTypedData'
import { BASIC_TYPES, PRESET_TYPES } from './schema'
import { outsideExecutionV2, type Shape, session, textMessage } from './testing/shapes'

const ACCOUNT = '0x1234'
const DOMAIN_TYPE = [
  { name: 'name', type: 'shortstring' },
  { name: 'version', type: 'shortstring' },
  { name: 'chainId', type: 'shortstring' },
  { name: 'revision', type: 'shortstring' },
]
const mail = (fields: { name: string; type: string; contains?: string }[], message: unknown, extra = {}) => ({
  types: { StarknetDomain: DOMAIN_TYPE, Mail: fields, ...extra },
  primaryType: 'Mail',
  domain: { name: 'Example', version: '1', chainId: 'SN_SEPOLIA', revision: '1' },
  message,
})

const refusedWith = (typedData: unknown, message: RegExp) => {
  let error: unknown
  try {
    typedDataMeaning(typedData)
  } catch (caught) {
    error = caught
  }
  expect(isWebWalletError(error, 'VALIDATION'), String(error)).toBe(true)
  expect((error as Error).message).toMatch(message)
}

describe('readTypedData refuses', () => {
  it.each([
    [{ ...mail([], {}), domain: { name: 'x', revision: '2' } }, /no SNIP-12 revision/],
    [{ ...mail([], {}), domain: { name: 'x', revision: ' 1' } }, /no SNIP-12 revision/],
    [{ ...mail([], {}), domain: { name: 'x', revision: 0 } }, /no SNIP-12 revision/],
    [{ types: { Mail: [] }, primaryType: 'Mail', domain: {}, message: {} }, /no domain type/],
    [
      mail([{ name: 'a', type: 'felt' }], {}, { StarkNetDomain: [] }),
      /both StarknetDomain and StarkNetDomain/,
    ],
  ])('an unknown or unidentifiable revision (%#)', (typedData, message) => refusedWith(typedData, message))

  it('every dapp type named as a basic or preset type, at any place', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BASIC_TYPES, ...Object.keys(PRESET_TYPES), 'Foo*', '(felt)', 'a,b', 'x:y', '"q"'),
        (name) =>
          refusedWith(
            mail([{ name: 'a', type: 'felt' }], { a: 1 }, { [name]: [{ name: 'x', type: 'felt' }] }),
            /types\./,
          ),
      ),
    )
  })

  it.each([
    [mail([{ name: 'a', type: 'Missing' }], { a: 1 }), /"Missing" is not a defined type/],
    [mail([{ name: 'a', type: 'Mail' }], { a: {} }), /refers to itself/],
    [mail([{ name: 'a', type: 'B' }], { a: {} }, { B: [{ name: 'm', type: 'Mail*' }] }), /refers to itself/],
    [mail([{ name: 'd', type: 'StarknetDomain' }], { d: {} }), /domain type/],
    [{ ...mail([], {}), primaryType: 'StarknetDomain' }, /is the domain type/],
    [mail([{ name: 'e', type: 'enum', contains: 'Mail' }], { e: {} }), /no type a enum can contain/],
    [
      mail([{ name: 'm', type: 'merkletree', contains: 'felt*' }], { m: [] }),
      /no type a merkletree can contain/,
    ],
  ])('missing, cyclic or misused types (%#)', (typedData, message) => refusedWith(typedData, message))

  it.each([
    ['felt', -1, /outside/],
    ['felt', '-1', /outside/],
    ['felt', `${2n ** 251n + 17n * 2n ** 192n + 1n}`, /outside/],
    ['felt', 1.5, /not a safe integer/],
    ['felt', 2 ** 60, /not a safe integer/],
    ['felt', true, /is a boolean/],
    ['felt', [1], /is a object/],
    ['felt', 'x'.repeat(32), /neither a number nor a short string/],
    ['felt', 'héllo', /neither a number nor a short string/],
    ['shortstring', 'a\nb', /neither a number nor a short string/],
    ['u128', 'abc', /is not a number/],
    ['u128', `${2n ** 128n}`, /outside/],
    ['i128', `${2n ** 127n}`, /outside/],
    ['ContractAddress', 'ANY_CALLER', /is not a number/],
    ['bool', 1, /not true or false/],
    ['bool', 'true', /not true or false/],
    ['string', 'é', /not a string of printable ASCII/],
    ['string', 5, /not a string of printable ASCII/],
    ['selector', '123', /neither a 0x selector nor an entry-point name/],
    ['selector', ' 0x1', /neither a 0x selector nor an entry-point name/],
    ['felt*', '0x1', /is not a list/],
    ['felt', null, /is missing/],
  ])('a %s value %j that does not encode one way', (type, value, message) =>
    refusedWith(mail([{ name: 'a', type }], { a: value }), message),
  )

  it.each([
    [mail([{ name: 'm', type: 'merkletree', contains: 'felt' }], { m: [] }), /non-empty list of leaves/],
    [
      mail(
        [{ name: 'e', type: 'enum', contains: 'E' }],
        { e: { A: [], B: [] } },
        {
          E: [
            { name: 'A', type: '()' },
            { name: 'B', type: '()' },
          ],
        },
      ),
      /exactly one E variant/,
    ],
    [mail([{ name: 'a', type: 'felt' }], 'text'), /is not an object/],
    [mail([{ name: 'toString', type: 'felt' }], {}), /is missing/],
  ])('values of a wrong shape (%#)', (typedData, message) => refusedWith(typedData, message))
})

/** Every leaf path of a JSON value. */
function leaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, [...path, i]))
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => leaves(item, [...path, key]))
  return [path]
}
function replaced(root: Record<string, unknown>, path: (string | number)[], value: unknown) {
  const copy = structuredClone(root)
  let node: Record<string | number, unknown> = copy
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>
  node[path.at(-1)!] = value
  return copy
}

describe('whatever it accepts, starknet.js hashes the same', () => {
  const anyValue = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.stringMatching(/^\s*-?(0[xXoObB])?[0-9a-fA-F]{0,70}\s*$/),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.bigInt({ min: -(2n ** 260n), max: 2n ** 260n }),
    fc.array(fc.integer(), { maxLength: 2 }),
    fc.constantFrom('1', 1, '0', 'felt', 'shortstring', 'u256', 'Call', 'Call*', 'enum', '()'),
  )
  it.each([
    ['an outside execution', outsideExecutionV2],
    ['a session', session],
    ['a text message', textMessage],
  ] as const)(
    '%s with one value replaced by anything',
    (_name, shape: Shape<unknown>) => {
      const mangled = shape.model
        .chain((model) => shape.spell(model))
        .chain((typedData) => {
          const paths = leaves(typedData)
          return fc.tuple(fc.constant(typedData), fc.constantFrom(...paths), anyValue)
        })
        .map(([typedData, path, value]) => replaced(typedData, path, value))
      fc.assert(
        fc.property(mangled, (typedData) => {
          let ours: bigint | undefined
          try {
            ours = readTypedData(typedData).messageHash(ACCOUNT)
          } catch (error) {
            expect(isWebWalletError(error, 'VALIDATION'), String(error)).toBe(true)
            return
          }
          expect(ours).toBe(BigInt(v10.getMessageHash(typedData as never, ACCOUNT)))
        }),
        { numRuns: 40 },
      )
    },
    60_000,
  )
})
