import * as z from 'zod/mini'
import './genericMessages'

// Small stand-ins for zod's record and tuple schemas: each zod schema kind adds ~0.5 KB gzip to the
// browser bundle, and these two are only used in a few places.

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
