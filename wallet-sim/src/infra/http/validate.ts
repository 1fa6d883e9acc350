import type * as z from 'zod/mini'
import { HttpError } from './HttpError'

/**
 * Parse a request part with a schema, or throw a 400 `HttpError` listing every issue as `path: message`.
 *
 * @example
 * const { email } = validate(LoginStartBody, req.body, 'body')
 */
export function validate<S extends z.ZodMiniType>(schema: S, value: unknown, part: string): z.infer<S> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const messages = result.error.issues.map((issue) => {
    const path = [part, ...issue.path.map(String)].join('.')
    return `${path}: ${issue.message}`
  })
  throw new HttpError(400, 'BAD_REQUEST', messages[0] ?? `Invalid ${part}`, messages)
}
