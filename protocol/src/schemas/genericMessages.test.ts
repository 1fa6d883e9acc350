import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { ApprovalRequestSchema, CallListSchema, CallSchema, LoginStatusSchema } from '../entities/connector'
import { TokenInfoSchema } from '../entities/portfolio'
import { genericSchemaMessage, receivedType } from './genericMessages'
import { ShortStringSchema } from './shortString'

type Schema = { safeParse(v: unknown): { error?: { issues: { message: string; path: PropertyKey[] }[] } } }

function firstIssue(schema: Schema, value: unknown) {
  const issue = schema.safeParse(value).error?.issues[0]
  return issue && { path: issue.path, message: issue.message }
}

const CALL = { contractAddress: '0x1', entrypoint: 'transfer' }

describe('generic schema messages (zod v3 wording)', () => {
  it.each<[string, Schema, unknown, (string | number)[], string]>([
    ['a missing field', CallSchema, { contractAddress: '0x1' }, ['entrypoint'], 'Required'],
    [
      'a number for a string',
      CallSchema,
      { ...CALL, entrypoint: 7 },
      ['entrypoint'],
      'Expected string, received number',
    ],
    [
      'null for a string',
      CallSchema,
      { ...CALL, contractAddress: null },
      ['contractAddress'],
      'Expected string, received null',
    ],
    ['an array for an object', CallSchema, [], [], 'Expected object, received array'],
    ['null for an object', CallSchema, null, [], 'Expected object, received null'],
    ['an object for an array', CallListSchema, {}, [], 'Expected array, received object'],
    ['a string for a number', TokenInfoSchema, { id: '1' }, ['id'], 'Expected number, received string'],
    [
      'a string for a boolean',
      LoginStatusSchema,
      { isLoggedIn: 'yes' },
      ['isLoggedIn'],
      'Expected boolean, received string',
    ],
    [
      'a bigint for a boolean',
      LoginStatusSchema,
      { isLoggedIn: 1n },
      ['isLoggedIn'],
      'Expected boolean, received bigint',
    ],
    ['NaN for a number', TokenInfoSchema, { id: Number.NaN }, ['id'], 'Expected number, received nan'],
    [
      'a date for a string',
      CallSchema,
      { ...CALL, entrypoint: new Date(0) },
      ['entrypoint'],
      'Expected string, received date',
    ],
    ['a missing list', CallListSchema, undefined, [], 'Required'],
  ])('%s', (_name, schema, value, path, message) => {
    expect(firstIssue(schema, value)).toEqual({ path, message })
  })

  it.each<[string, Schema, unknown, string]>([
    ['string at least', z.string().check(z.minLength(1)), '', 'String must contain at least 1 character(s)'],
    [
      'string at most',
      z.string().check(z.maxLength(3)),
      'abcd',
      'String must contain at most 3 character(s)',
    ],
    [
      'string exactly (short)',
      z.string().check(z.length(2)),
      'a',
      'String must contain exactly 2 character(s)',
    ],
    [
      'string exactly (long)',
      z.string().check(z.length(2)),
      'abc',
      'String must contain exactly 2 character(s)',
    ],
    [
      'array at least',
      z.array(z.string()).check(z.minLength(1)),
      [],
      'Array must contain at least 1 element(s)',
    ],
    [
      'array at most',
      z.array(z.string()).check(z.maxLength(1)),
      ['a', 'b'],
      'Array must contain at most 1 element(s)',
    ],
    [
      'array exactly',
      z.array(z.string()).check(z.length(2)),
      ['a'],
      'Array must contain exactly 2 element(s)',
    ],
  ])('length: %s', (_name, schema, value, message) => {
    expect(firstIssue(schema, value)?.message).toBe(message)
  })

  it.each([
    [
      { code: 'too_small', origin: 'string', minimum: 2, inclusive: false },
      'String must contain over 2 character(s)',
    ],
    [
      { code: 'too_small', origin: 'array', minimum: 2, inclusive: false },
      'Array must contain more than 2 element(s)',
    ],
    [
      { code: 'too_big', origin: 'string', maximum: 5, inclusive: false },
      'String must contain under 5 character(s)',
    ],
    [
      { code: 'too_big', origin: 'array', maximum: 5, inclusive: false },
      'Array must contain less than 5 element(s)',
    ],
    [{ code: 'too_big', origin: 'number', maximum: 5, inclusive: true }, undefined],
    [{ code: 'invalid_value', values: ['a'] }, undefined],
    [{ code: 'custom' }, undefined],
  ])('exclusive bounds and other issues: %o', (issue, message) => {
    expect(genericSchemaMessage({ input: 'x', ...issue } as never)).toBe(message)
  })

  it("keeps a schema's own exact texts", () => {
    expect(firstIssue(ShortStringSchema, '')?.message).toBe('The short string cannot be empty')
    expect(firstIssue(ApprovalRequestSchema, { tokenAddress: '0x1' })?.message).toBe(
      'Invalid approval request',
    )
    expect(firstIssue(CallListSchema, [])?.message).toBe('Call list must not be empty')
  })

  it("reaches the consumers' own zod/mini schemas once protocol is loaded", () => {
    expect(firstIssue(z.object({ a: z.number() }), {})).toEqual({
      path: ['a'],
      message: 'Required',
    })
    expect(firstIssue(z.boolean(), 'x')?.message).toBe('Expected boolean, received string')
  })

  it.each([
    [undefined, 'undefined'],
    ['', 'string'],
    [1, 'number'],
    [Number.NaN, 'nan'],
    [1n, 'bigint'],
    [true, 'boolean'],
    [Symbol('s'), 'symbol'],
    [() => 1, 'function'],
    [null, 'null'],
    [[], 'array'],
    [new Date(0), 'date'],
    [new Map(), 'map'],
    [new Set(), 'set'],
    [Promise.resolve(1), 'promise'],
    [{}, 'object'],
  ])('names the received type of %o as %s', (value, name) => {
    expect(receivedType(value)).toBe(name)
  })
})
