import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { PositionSchema } from '../entities/defi'
import { EnvelopeIdSchema } from '../envelope'
import { boolean, number, oneOf, oneOfValues } from './util'

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

describe('boolean and number (the stand-ins of z.boolean and z.number)', () => {
  // What a parse answers: the output, or the issues as zod reports them (code, path, message, expected, received).
  const outcome = (schema: z.ZodMiniType, value: unknown) => {
    const result = schema.safeParse(value)
    return result.success ? { data: result.data } : { issues: result.error.issues }
  }
  const value = fc.oneof(
    fc.anything(),
    fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0, true, false),
    fc.double(),
  )
  const pairs = [
    [boolean(), z.boolean()],
    [number(), z.number()],
  ] as const

  it('accept, refuse and word their issues as zod does, alone, in an object, optional, and before a check', () => {
    fc.assert(
      fc.property(value, (input) => {
        for (const [ours, zods] of pairs) {
          expect(outcome(ours, input)).toEqual(outcome(zods, input))
          expect(outcome(z.object({ field: ours }), { field: input })).toEqual(
            outcome(z.object({ field: zods }), { field: input }),
          )
          expect(outcome(z.object({ field: z.optional(ours) }), {})).toEqual(
            outcome(z.object({ field: z.optional(zods) }), {}),
          )
        }
        // A refused type ends the parse: the check after it never sees the value.
        const positive = z.refine<number>((n) => n > 0, 'positive')
        expect(outcome(number().check(positive), input)).toEqual(outcome(z.number().check(positive), input))
      }),
    )
  })
})
