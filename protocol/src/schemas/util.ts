import * as z from 'zod/mini'
import './genericMessages'

// Small stand-ins for zod's record, tuple, union, enum, boolean and number schemas: each zod schema kind adds
// 0.1 to 0.5 KB gzip to the browser bundle, and these are built from the custom kind the bundle has anyway.

/** True for a plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * An object with string keys whose values all pass `isValue` (any value by default).
 *
 * @example
 * record<string>((v) => typeof v === 'string').safeParse({ a: 'x' }).success // true
 */
export function record<V = unknown>(isValue?: (value: unknown) => boolean, message = 'Expected an object') {
  return z.custom<Record<string, V>>(
    (v) => isRecord(v) && (!isValue || Object.values(v).every(isValue)),
    message,
  )
}

type TupleInput<T extends readonly z.ZodMiniType[]> = { [K in keyof T]: z.input<T[K]> }
type TupleOutput<T extends readonly z.ZodMiniType[]> = { -readonly [K in keyof T]: z.output<T[K]> }

/**
 * A fixed-position array; trailing positions whose schema accepts `undefined` may be left out. Issues
 * keep their position in the path.
 *
 * @example
 * tuple([z.string(), z.optional(z.number())]).parse(['a']) // ['a', undefined]
 */
export function tuple<const T extends readonly z.ZodMiniType[]>(items: T) {
  return z.pipe(
    z.custom<TupleInput<T> | Partial<TupleInput<T>>>(
      (v) => Array.isArray(v) && v.length <= items.length,
      `Expected an array of at most ${items.length} items`,
    ),
    z.transform((value: TupleInput<T> | Partial<TupleInput<T>>, ctx) => {
      const values = value as readonly unknown[]
      const out: unknown[] = []
      items.forEach((item, index) => {
        const result = item.safeParse(values[index])
        if (result.success) out.push(result.data)
        else
          for (const issue of result.error.issues)
            ctx.issues.push({ ...issue, path: [index, ...issue.path] } as never)
      })
      return out as TupleOutput<T>
    }),
  )
}

/**
 * A check that a string or array is not empty (one refine instead of zod's length checks, which cost
 * bundle size).
 *
 * @example
 * z.array(z.string()).check(nonEmpty('Call list must not be empty'))
 */
export function nonEmpty<T extends { length: number }>(message: string): z.core.$ZodCheck<T> {
  return z.refine<T>((value) => value.length > 0, message)
}

/**
 * The output of the first of `options` that accepts the value, like zod's union (same `invalid_union`
 * issue, 'Invalid input'), built from the pipe and transform kinds the bundle has anyway.
 *
 * @example
 * oneOf([z.string(), z.number()]).parse(7) // 7
 */
export function oneOf<const T extends readonly z.ZodMiniType[]>(options: T) {
  return z.pipe(
    z.custom<z.input<T[number]>>(),
    z.transform((value, ctx): z.output<T[number]> => {
      const errors = []
      for (const option of options) {
        const result = option.safeParse(value)
        if (result.success) return result.data as z.output<T[number]>
        errors.push(result.error.issues)
      }
      ctx.issues.push({ code: 'invalid_union', errors, input: value })
      return value as never // discarded: the issue fails the parse
    }),
  )
}

/**
 * One of the given values, like zod's enum (same `invalid_value` issue), built from the custom kind the
 * bundle has anyway.
 *
 * @example
 * oneOfValues(['light', 'dark', 'auto']).safeParse('blue').success // false
 */
export function oneOfValues<const T extends readonly (string | number)[]>(values: T) {
  return z.custom<T[number]>().check(
    z.superRefine((value, ctx) => {
      if (!(values as readonly unknown[]).includes(value)) {
        ctx.issues.push({ code: 'invalid_value', values: [...values], input: value })
      }
    }),
  )
}

/**
 * A value of one JSON type, like zod's schema of that type (the same `invalid_type` issue, which ends the parse
 * before later checks run), built from the custom kind the bundle has anyway.
 */
function typed<T>(expected: 'boolean' | 'number', accepts: (value: unknown) => boolean) {
  return z.custom<T>().check(
    z.superRefine((value, ctx) => {
      if (accepts(value)) return
      // z.number() says which number it refused (NaN, Infinity); other refusals name no value.
      const received = expected === 'number' && typeof value === 'number' ? { received: String(value) } : {}
      ctx.issues.push({ code: 'invalid_type', expected, input: value, continue: false, ...received })
    }),
  )
}

/**
 * A boolean, like zod's `z.boolean()`.
 *
 * @example
 * boolean().safeParse('yes').success // false
 */
export const boolean = () => typed<boolean>('boolean', (value) => typeof value === 'boolean')

/**
 * A finite number, like zod's `z.number()` (NaN and ±Infinity refused).
 *
 * @example
 * number().safeParse(Number.NaN).success // false
 */
export const number = () => typed<number>('number', Number.isFinite)
