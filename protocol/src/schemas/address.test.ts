import fc from 'fast-check'
import { getChecksumAddress as starknetChecksum } from 'starknet'
import { describe, expect, it } from 'vitest'
import {
  AddressSchema,
  addressFailure,
  FixedAddressSchema,
  getChecksumAddress,
  isValidChecksum,
  normalizeAddress,
  SdkAddressSchema,
} from './address'
import { FELT_MAX } from './felt'
import { bytesToHexString, keccak256 } from './keccak'

const LOWER = '0x2fd23d9182193775423497fc0c472e156c57c69e4089a1967fb288a2d84e914'
const CHECKSUMMED = starknetChecksum(LOWER)
const SHORT = `0x${'1'.repeat(47)}` // 49 characters
const LONG = `0x${'1'.repeat(65)}` // 67 characters
const OVER_RANGE = `0x${'f'.repeat(64)}`
const BAD_CHECKSUM = `0x${CHECKSUMMED.slice(2).replace(/[a-f]/, (c) => c.toUpperCase())}`

function firstMessage(
  schema: { safeParse(v: unknown): { error?: { issues: { message: string }[] } } },
  v: unknown,
) {
  return schema.safeParse(v).error?.issues[0]?.message
}

describe('keccak256', () => {
  it.each([
    ['', 'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470'],
    ['abc', '4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45'],
  ])('hashes %j', (text, hex) => {
    expect(bytesToHexString(keccak256(new TextEncoder().encode(text)))).toBe(hex)
  })

  it('handles inputs across the 136-byte rate boundary', async () => {
    const { keccak_256 } = await import('@noble/hashes/sha3')
    for (const length of [135, 136, 137, 272, 300]) {
      const data = Uint8Array.from({ length }, (_, i) => (i * 7) & 0xff)
      expect(bytesToHexString(keccak256(data))).toBe(bytesToHexString(keccak_256(data)))
    }
  })
})

describe('address rules', () => {
  it.each([
    [AddressSchema, 'nothex', 'Invalid address'],
    [AddressSchema, 12, 'Invalid address'],
    [AddressSchema, SHORT, 'Addresses must at least be 50 characters long'],
    [AddressSchema, LONG, 'Addresses must at most be 66 characters long'],
    [AddressSchema, BAD_CHECKSUM, 'Invalid address (checksum error)'],
    [AddressSchema, OVER_RANGE, 'Invalid address (validation error)'],
    [SdkAddressSchema, 'nothex', 'Hex must be a hex string starting with 0x'],
    [SdkAddressSchema, SHORT, 'Address must be at least 50 characters long'],
    [SdkAddressSchema, LONG, 'Address must be at most 66 characters long'],
    [SdkAddressSchema, BAD_CHECKSUM, 'Address is not a valid checksum address'],
    [SdkAddressSchema, OVER_RANGE, 'Invalid Address Format'],
    [FixedAddressSchema, `0x${'1'.repeat(60)}`, 'Address must be 66 characters long'],
    [FixedAddressSchema, LONG, 'Address must be 66 characters long'],
  ] as const)('%#: rejects %j with the exact text', (schema, value, message) => {
    expect(firstMessage(schema, value)).toBe(message)
  })

  it('normalises valid addresses to 0x + 64 lowercase digits', () => {
    expect(AddressSchema.parse(CHECKSUMMED)).toBe(LOWER.replace('0x', '0x0'))
    expect(SdkAddressSchema.parse(LOWER)).toHaveLength(66)
    expect(FixedAddressSchema.parse(CHECKSUMMED)).toBe(normalizeAddress(LOWER))
  })

  it('computes the same checksum as starknet.js', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 251n - 257n }), (value) => {
        const hex = `0x${value.toString(16)}`
        expect(getChecksumAddress(hex)).toBe(starknetChecksum(hex))
      }),
      { numRuns: 200 },
    )
  })

  it('accepts any lowercase in-range address of 50-66 characters and normalises it (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: FELT_MAX }), fc.integer({ min: 48, max: 64 }), (value, width) => {
        const digits = value.toString(16)
        fc.pre(digits.length <= width)
        const address = `0x${digits.padStart(width, '0')}`
        const parsed = AddressSchema.parse(address)
        expect(parsed).toMatch(/^0x[0-9a-f]{64}$/)
        expect(BigInt(parsed)).toBe(value)
      }),
    )
  })

  it('accepts the checksum form and rejects a flipped letter (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 2n ** 200n, max: 2n ** 251n - 257n }), (value) => {
        const checksummed = starknetChecksum(`0x${value.toString(16)}`)
        expect(isValidChecksum(checksummed)).toBe(true)
        const i = checksummed.slice(2).search(/[a-fA-F]/) + 2
        fc.pre(i >= 2)
        const ch = checksummed[i]!
        const flipped =
          checksummed.slice(0, i) +
          (ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase()) +
          checksummed.slice(i + 1)
        fc.pre(flipped.slice(2) !== flipped.slice(2).toLowerCase())
        expect(addressFailure(flipped)).toBe('checksum')
      }),
    )
  })
})
