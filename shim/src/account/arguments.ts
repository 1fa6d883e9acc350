import { InvalidOptionsError } from '@webwallet/protocol/errors'

/** Throws INVALID_OPTIONS naming `path`. */
export const invalid = (path: string, reason: string): never => {
  throw new InvalidOptionsError(path, reason)
}

/** A non-null object. */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

/**
 * Checks the common limits of a call's options at the boundary: an object (or nothing), `signal` an
 * AbortSignal, `timeoutMs` a finite number above 0. Throws INVALID_OPTIONS naming the path.
 *
 * @example
 * checkLimits({ timeoutMs: 'abc' }) // throws 'Invalid option timeoutMs: must be a number of ms above 0'
 */
export function checkLimits(options: unknown, path = 'options'): Record<string, unknown> {
  if (options === undefined) return {}
  if (!isObject(options)) invalid(path, 'must be an object')
  const { signal, timeoutMs } = options as Record<string, unknown>
  if (signal !== undefined && !(typeof AbortSignal !== 'undefined' && signal instanceof AbortSignal)) {
    invalid('signal', 'must be an AbortSignal')
  }
  if (
    timeoutMs !== undefined &&
    !(typeof timeoutMs === 'number' && Number.isFinite(timeoutMs) && timeoutMs > 0)
  ) {
    invalid('timeoutMs', 'must be a number of ms above 0')
  }
  return options as Record<string, unknown>
}
