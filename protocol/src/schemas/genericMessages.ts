import * as z from 'zod/mini'

// Every protocol module that builds schemas imports this file for its side effect (package.json lists it
// under `sideEffects`, so bundlers keep it): the generic messages are configured before any schema parses,
// for protocol's schemas and the consumers' own zod schemas alike.

/**
 * zod v3's name for the type of a value ('null', 'array', 'nan', 'date', … where `typeof` is vaguer).
 *
 * @example
 * receivedType([]) // 'array'
 */
export function receivedType(value: unknown): string {
  if (typeof value === 'number') return Number.isNaN(value) ? 'nan' : 'number'
  if (typeof value !== 'object') return typeof value
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (value instanceof Date) return 'date'
  if (value instanceof Map) return 'map'
  if (value instanceof Set) return 'set'
  return typeof (value as { then?: unknown }).then === 'function' ? 'promise' : 'object'
}

// Length wording per issue and origin: [inclusive bound, exclusive bound].
const LENGTH_WORDS: Record<string, Record<string, [string, string]>> = {
  too_small: { string: ['at least', 'over'], array: ['at least', 'more than'] },
  too_big: { string: ['at most', 'under'], array: ['at most', 'less than'] },
}

/**
 * The generic schema messages of docs/protocol.md, Validation rules (type and length issues), in zod v3's
 * wording; other issues get `undefined` (their own message, or zod's). Installed here with `z.config`;
 * exported for zod instances configured elsewhere.
 *
 * @example
 * z.string().safeParse(undefined).error?.issues[0]?.message // 'Required'
 * z.string().safeParse(1).error?.issues[0]?.message // 'Expected string, received number'
 */
export function genericSchemaMessage(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code === 'invalid_type') {
    return issue.input === undefined
      ? 'Required'
      : `Expected ${issue.expected}, received ${receivedType(issue.input)}`
  }
  if (issue.code !== 'too_small' && issue.code !== 'too_big') return undefined
  const words = LENGTH_WORDS[issue.code]?.[issue.origin]
  if (!words) return undefined
  const bound = issue.code === 'too_small' ? issue.minimum : issue.maximum
  const relation = issue.exact ? 'exactly' : issue.inclusive ? words[0] : words[1]
  return issue.origin === 'string'
    ? `String must contain ${relation} ${bound} character(s)`
    : `Array must contain ${relation} ${bound} element(s)`
}

z.config({ customError: genericSchemaMessage })
