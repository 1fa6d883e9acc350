import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CalldataItemSchema, CalldataSchema } from './calldata'
import { ShortStringSchema } from './shortString'
import { StorageKeySchema, StorageValueSchema } from './storage'

function firstMessage(
  schema: { safeParse(v: unknown): { error?: { issues: { message: string }[] } } },
  v: unknown,
) {
  return schema.safeParse(v).error?.issues[0]?.message
}

describe('short strings', () => {
  it.each([
    ['', 'The short string cannot be empty'],
    ['x'.repeat(32), 'The short string cannot exceed 31 characters'],
    ['0x1f', 'The shortString should not be a hex string'],
    ['0XAB', 'The shortString should not be a hex string'],
    ['123', 'The shortString should not be an integer string'],
  ])('rejects %j with the exact text', (value, message) => {
    expect(firstMessage(ShortStringSchema, value)).toBe(message)
  })

  it('accepts 1 to 31 characters that are not numbers (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 31 }), (s) => {
        const numeric = /^0x[0-9a-f]+$/i.test(s) || /^\d+$/.test(s)
        expect(ShortStringSchema.safeParse(s).success).toBe(!numeric)
      }),
    )
    fc.assert(
      fc.property(fc.string({ minLength: 32, maxLength: 64 }), (s) => {
        expect(ShortStringSchema.safeParse(s).success).toBe(false)
      }),
    )
  })
})

describe('calldata', () => {
  it.each(['0x1', '12', 'hello', 5, 12n])('accepts %s', (value) => {
    expect(CalldataItemSchema.safeParse(value).success).toBe(true)
  })
  it.each([1.5, '', 'x'.repeat(32), null, {}, true, '12a'.repeat(11)])('rejects %s', (value) => {
    expect(firstMessage(CalldataItemSchema, value)).toBe(
      'Only hex, integers and bigint are supported in calldata',
    )
  })
  it('reports the failing position', () => {
    expect(CalldataSchema.safeParse(['0x1', 1.5]).error?.issues[0]?.path).toEqual([1])
  })
})

describe('local storage', () => {
  it.each(['a', 'session', 'A-Z_0-9', 'k'.repeat(128)])('accepts the key %s', (key) => {
    expect(StorageKeySchema.safeParse(key).success).toBe(true)
  })
  it.each(['', 'a b', 'k'.repeat(129), 'ключ', 'a.b'])('rejects the key %j quoting it', (key) => {
    expect(firstMessage(StorageKeySchema, key)).toBe(
      `Invalid key ${JSON.stringify(key)} must be 1-128 characters long and contain only A-Z, a-z, 0-9, _ and -.`,
    )
  })
  it('limits values to 4096 characters', () => {
    expect(StorageValueSchema.safeParse('x'.repeat(4096)).success).toBe(true)
    expect(StorageValueSchema.safeParse('').success).toBe(true)
    expect(firstMessage(StorageValueSchema, 'x'.repeat(4097))).toBe(
      'Invalid value (4097 characters) must be 0-4096 characters long.',
    )
  })
})
