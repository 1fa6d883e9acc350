import fc from 'fast-check'
import * as v10 from 'starknet'
import * as v8 from 'starknet-v8'
import { describe, expect, it } from 'vitest'
import { FIELD_PRIME } from '../starknet/field'
import { compileCalldata } from './compileCalldata'

// Our compiler against starknet.js's own `CallData.compile`, v8 and v10, over the forms apps write.
const STARKNET = [
  ['v8', v8],
  ['v10', v10],
] as const

const felt = fc.bigInt({ min: 0n, max: FIELD_PRIME - 1n })
const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
  minLength: 1,
  maxLength: 90,
})
// Text as apps write it: a letter first and no space last (anything else reads as a number or is refused).
const text = fc
  .tuple(fc.constantFrom(...'abcXYZ_!#'), printable)
  .map(([first, rest]) => `${first}${rest}`.replace(/\s+$/, ''))
const leaf = fc.oneof(
  felt,
  felt.map((n) => `0x${n.toString(16)}`),
  felt.map((n) => `0X${n.toString(16).toUpperCase()}`),
  felt.map(String),
  fc.nat().map((n) => `00${n}`),
  fc.maxSafeNat(),
  fc.boolean(),
  text,
)
const key = fc.constantFrom('to', 'amount', 'low', 'high', 'data', 'x_1', 'memo', '0', '7')
const u256 = fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }).map((n) => ({
  low: `0x${(n % 2n ** 128n).toString(16)}`,
  high: n >> 128n,
}))
const { value: nested } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    u256,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 3, noNullPrototype: true }),
  ),
}))
const calldata = fc.oneof(
  fc.array(nested, { maxLength: 5 }),
  fc.dictionary(key, nested, { maxKeys: 4, noNullPrototype: true }),
)

const decimal = (values: readonly unknown[]) => values.map((value) => BigInt(String(value)).toString())
const ours = (raw: unknown) => {
  const reading = compileCalldata(raw)
  return 'felts' in reading ? reading.felts.map(String) : reading
}

describe.each(STARKNET)('compileCalldata equals starknet.js %s CallData.compile', (_name, starknet) => {
  it('for nested lists, objects, u256, numbers, hex, decimals, booleans and text', () => {
    fc.assert(
      fc.property(calldata, (raw) => {
        expect(ours(raw)).toEqual(decimal(starknet.CallData.compile(raw as never)))
      }),
      { numRuns: 300 },
    )
  })

  it('for what CallData with an ABI compiles (structs, enums, Option, u256, ByteArray, arrays)', () => {
    const abi = [
      {
        type: 'struct',
        name: 'demo::Point',
        members: [
          { name: 'x', type: 'core::felt252' },
          { name: 'y', type: 'core::integer::u256' },
        ],
      },
      {
        type: 'struct',
        name: 'core::integer::u256',
        members: [
          { name: 'low', type: 'core::integer::u128' },
          { name: 'high', type: 'core::integer::u128' },
        ],
      },
      {
        type: 'struct',
        name: 'core::byte_array::ByteArray',
        members: [
          { name: 'data', type: 'core::array::Array::<core::bytes_31::bytes31>' },
          { name: 'pending_word', type: 'core::felt252' },
          { name: 'pending_word_len', type: 'core::integer::u32' },
        ],
      },
      {
        type: 'enum',
        name: 'demo::Mode',
        variants: [
          { name: 'Off', type: '()' },
          { name: 'Level', type: 'core::integer::u32' },
        ],
      },
      {
        type: 'function',
        name: 'go',
        inputs: [
          { name: 'point', type: 'demo::Point' },
          { name: 'mode', type: 'demo::Mode' },
          { name: 'points', type: 'core::array::Array::<demo::Point>' },
          { name: 'name', type: 'core::byte_array::ByteArray' },
          { name: 'flag', type: 'core::bool' },
        ],
        outputs: [],
        state_mutability: 'external',
      },
    ]
    const args = {
      point: { x: 7, y: 2n ** 200n },
      mode: new starknet.CairoCustomEnum({ Off: undefined, Level: 3 }),
      points: [{ x: '0x1', y: { low: 1, high: 2 } }],
      name: 'a ByteArray of more than thirty-one characters',
      flag: true,
    }
    const compiled = new starknet.CallData(abi).compile('go', args)
    // Compiled calldata reaches the wallet as decimal strings: read once more, unchanged.
    expect(ours(compiled)).toEqual(decimal(compiled))
    // The same arguments without the ABI, as an app passes starknet.js's own Cairo values.
    expect(ours([args.mode, new starknet.CairoOption(starknet.CairoOptionVariant.Some, [1, 2])])).toEqual(
      decimal(
        starknet.CallData.compile([
          args.mode,
          new starknet.CairoOption(starknet.CairoOptionVariant.Some, [1, 2]),
        ]),
      ),
    )
    const none = new starknet.CairoOption(starknet.CairoOptionVariant.None)
    const err = new starknet.CairoResult(starknet.CairoResultVariant.Err, { code: 4 })
    expect(ours({ none, err })).toEqual(decimal(starknet.CallData.compile({ none, err } as never)))
  })

  it('refuses what starknet.js cannot compile, and whatever it accepts compiles the same', () => {
    const wild = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.double(),
      fc.integer(),
      fc.bigInt({ min: -FIELD_PRIME, max: 2n * FIELD_PRIME }),
      fc.constantFrom(
        null,
        undefined,
        '',
        '0x',
        '1 ',
        ' 1',
        '-1',
        '+1',
        '1.5',
        '0x12g4',
        'é',
        'a\nb',
        2 ** 60,
      ),
    )
    fc.assert(
      fc.property(fc.array(fc.oneof(wild, fc.array(wild, { maxLength: 3 })), { maxLength: 4 }), (raw) => {
        let theirs: string[] | undefined
        try {
          theirs = decimal(starknet.CallData.compile(raw as never))
        } catch {
          theirs = undefined
        }
        const mine = ours(raw)
        if (Array.isArray(mine)) expect(mine).toEqual(theirs)
        else if (theirs === undefined) expect(mine.refused).toMatch(/./)
      }),
      { numRuns: 500 },
    )
  })
})

describe('compileCalldata refusals', () => {
  it.each([
    [['1 '], [0], 'reads as a number'],
    [['-1'], [0], 'reads as a number'],
    [[-1], [0], 'negative'],
    [[`0x${FIELD_PRIME.toString(16)}`], [0], 'field prime'],
    [[1.5], [0], 'whole number'],
    [[2 ** 60], [0], 'above 2^53'],
    [[[1, null]], [0, 1], 'null'],
    [{ a: { 'b.c': 1 } }, ['a'], '"."'],
    [{ entrypoint: 'x' }, ['entrypoint'], 'selector'],
    [[{ variant: { A: 1 }, activeVariant: 'A' }], [0], 'without its methods'],
    // biome-ignore lint/suspicious/noSparseArray: the hole is the case
    [[, 1], [0], 'hole'],
    [[new Map()], [0], 'Map'],
    [[Object.create(null)], [0], 'without a prototype'],
    ['0x1', [], 'not a list'],
    [['é'], [0], 'printable ASCII'],
  ])('%j is refused at %j (%s)', (raw, at, reason) => {
    const reading = compileCalldata(raw)
    expect(reading).toMatchObject({ at })
    expect('refused' in reading && reading.refused).toContain(reason)
  })
})
