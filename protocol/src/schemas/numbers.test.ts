import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FIELD_PRIME } from '../starknet/field'
import {
  ClassHashSchema,
  ContractAddressSchema,
  EthAddressSchema,
  FELT_MAX,
  FeltSchema,
  NonZeroSchema,
  toBigInt,
  UINT_BITS,
  UintSchema,
} from './felt'
import { HexSchema } from './hex'
import {
  CairoVersionSchema,
  DeploymentVersionSchema,
  StarknetIdDomainSchema,
  StarknetVersionSchema,
  ThemeSchema,
} from './misc'

function firstMessage(
  schema: { safeParse(v: unknown): { error?: { issues: { message: string }[] } } },
  v: unknown,
) {
  return schema.safeParse(v).error?.issues[0]?.message
}

describe('hex', () => {
  it.each([
    ['0xabc', '0x0abc'],
    ['abc', '0x0abc'],
    ['0xABCD', '0xabcd'],
    ['1', '0x01'],
  ])('%s → %s', (input, output) => {
    expect(HexSchema.parse(input)).toBe(output)
  })
  it.each(['', '0x', 'xyz', '0xg1', ' 0x1'])('rejects %j with "Invalid hex string"', (value) => {
    expect(firstMessage(HexSchema, value)).toBe('Invalid hex string')
  })
})

describe('felt', () => {
  it('documents the field prime below the stated bound', () => {
    expect(FIELD_PRIME).toBe(2n ** 251n + 17n * 2n ** 192n + 1n)
    expect(FELT_MAX).toBe(2n ** 252n - 1n)
  })

  it.each([
    ['0x0', '0x0'],
    ['12', '0xc'],
    [255, '0xff'],
    [2n ** 252n - 1n, `0x${'f'.repeat(63)}`],
  ])('accepts %s', (value, hex) => {
    expect(FeltSchema.parse(value)).toBe(hex)
  })

  it.each([2n ** 252n, -1, '-1', 1.5, 'abc', null, Number.MAX_SAFE_INTEGER + 2])('rejects %s', (value) => {
    expect(firstMessage(FeltSchema, value)).toBe('Felt must be in range [0, 2^252-1]')
  })

  it('contract addresses and class hashes share the felt range', () => {
    expect(ContractAddressSchema.safeParse(FELT_MAX).success).toBe(true)
    expect(firstMessage(ContractAddressSchema, FELT_MAX + 1n)).toBe(
      'Contract address must be in range [0, 2^252-1]',
    )
    expect(firstMessage(ClassHashSchema, FELT_MAX + 1n)).toBe('Class hash must be in range [0, 2^252-1]')
  })

  it('holds exactly [0, 2^252-1] (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 260n), max: 2n ** 260n }), (n) => {
        const inRange = n >= 0n && n <= FELT_MAX
        expect(FeltSchema.safeParse(n).success).toBe(inRange)
        if (inRange) expect(BigInt(FeltSchema.parse(`0x${n.toString(16)}`))).toBe(n)
      }),
    )
  })
})

describe('uint', () => {
  it.each(UINT_BITS)('u%i accepts 2^bits-1 and rejects 2^bits', (bits) => {
    const max = 2n ** BigInt(bits) - 1n
    expect(UintSchema(bits).parse(max)).toBe(`0x${max.toString(16)}`)
    expect(firstMessage(UintSchema(bits), max + 1n)).toBe(`Value must be in range [0, 2^${bits}-1]`)
    expect(firstMessage(UintSchema(bits), -1n)).toBe(`Value must be in range [0, 2^${bits}-1]`)
  })

  it('range-checks every width (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...UINT_BITS), fc.bigInt({ min: -1n, max: 2n ** 513n }), (bits, n) => {
        expect(UintSchema(bits).safeParse(n).success).toBe(n >= 0n && n < 2n ** BigInt(bits))
      }),
    )
  })
})

describe('eth address, non-zero', () => {
  it('pads to 40 digits and rejects above 2^160-1', () => {
    expect(EthAddressSchema.parse('0x1')).toBe(`0x${'0'.repeat(39)}1`)
    expect(EthAddressSchema.parse(2n ** 160n - 1n)).toBe(`0x${'f'.repeat(40)}`)
    for (const bad of [2n ** 160n, 'nope', -1, {}]) {
      expect(firstMessage(EthAddressSchema, bad)).toBe('Invalid Ethereum Address Format')
    }
  })

  it('non-zero is greater than 0', () => {
    expect(NonZeroSchema.parse(1)).toBe('0x1')
    expect(firstMessage(NonZeroSchema, '0x0')).toBe('Value must be greater than 0')
    expect(firstMessage(NonZeroSchema, 0)).toBe('Value must be greater than 0')
  })

  it('toBigInt reads hex, decimal, safe integers and bigints only', () => {
    expect(toBigInt('0x10')).toBe(16n)
    expect(toBigInt('10')).toBe(10n)
    expect(toBigInt(2 ** 60)).toBeUndefined()
    expect(toBigInt('1e3')).toBeUndefined()
  })
})

describe('enumerations', () => {
  it.each([
    [StarknetVersionSchema, ['v3', 'v4', 'v5'], ['v2', 'v6', 3]],
    [ThemeSchema, ['light', 'dark', 'auto'], ['Dark', '']],
    [CairoVersionSchema, ['0', '1'], [0, 1, '2']],
    [DeploymentVersionSchema, [0, 1], ['0', '1', 2]],
  ] as const)('%#: accepts exactly the listed values', (schema, good, bad) => {
    for (const v of good) expect(schema.safeParse(v).success).toBe(true)
    for (const v of bad) expect(schema.safeParse(v).success).toBe(false)
  })

  it.each(['alice.stark', 'a-b.c9.stark', '这来.stark'])('accepts the domain %s', (domain) => {
    expect(StarknetIdDomainSchema.safeParse(domain).success).toBe(true)
  })
  it.each(['alice', 'Alice.stark', 'a_b.stark', '.stark', 'a..stark', 'é.stark'])(
    'rejects the domain %s',
    (d) => {
      expect(firstMessage(StarknetIdDomainSchema, d)).toBe('Invalid Starknet ID domain')
    },
  )
})
