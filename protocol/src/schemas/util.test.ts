import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { PositionSchema } from '../entities/defi'
import { EnvelopeIdSchema } from '../envelope'
import { oneOf, oneOfValues } from './util'

describe('oneOf (the union stand-in)', () => {
  const schema = oneOf([z.object({ kind: z.enum(['a']), a: z.string() }), z.object({ b: z.number() })])

  it('answers the output of the first option that accepts the value, as zod does', () => {
    expect(schema.parse({ kind: 'a', a: 'x', extra: 1 })).toEqual({ kind: 'a', a: 'x' })
    expect(schema.parse({ b: 2, kind: 'z' })).toEqual({ b: 2 })
    expect(EnvelopeIdSchema.parse(7)).toBe(7)
    expect(EnvelopeIdSchema.parse('id')).toBe('id')
  })

  it('fails with one invalid_union issue and zod’s text, at the field’s path', () => {
    const union = z.union([z.object({ kind: z.enum(['a']), a: z.string() }), z.object({ b: z.number() })])
    for (const input of [{ b: 'x' }, null, 3]) {
      const ours = z.object({ field: schema }).safeParse({ field: input }).error?.issues
      const zods = z.object({ field: union }).safeParse({ field: input }).error?.issues
      expect(ours).toEqual(zods)
      expect(ours?.[0]).toMatchObject({ code: 'invalid_union', path: ['field'], message: 'Invalid input' })
    }
  })

  it('parses the DeFi positions and envelope ids it stands in for', () => {
    const position = PositionSchema.parse({ id: '1', totalBalances: {}, delegatingTo: '0x1' })
    expect(position).toEqual({ id: '1', totalBalances: {}, delegatingTo: '0x1' })
    expect(EnvelopeIdSchema.safeParse(true).success).toBe(false)
  })
})

describe('oneOfValues (the enum stand-in)', () => {
  it.each([
    [['light', 'dark', 'auto'] as const, z.enum(['light', 'dark', 'auto']), 'dark', 'blue'],
    [[0, 1] as const, z.enum({ ZERO: 0, ONE: 1 }), 1, 2],
    [['2.0'] as const, z.enum(['2.0']), '2.0', 2],
  ])('accepts %o members and reports like zod’s enum', (values, zodEnum, member, other) => {
    const ours = oneOfValues(values)
    expect(ours.parse(member)).toBe(member)
    for (const input of [other, undefined, null, {}]) {
      const zods = z.object({ f: zodEnum }).safeParse({ f: input }).error?.issues
      expect(zods).toHaveLength(1)
      expect(z.object({ f: ours }).safeParse({ f: input }).error?.issues).toEqual(zods)
    }
  })
})
