import { InvalidOptionsError } from '@webwallet/protocol/errors'

/** Throws INVALID_OPTIONS naming `path`. */
export const invalid = (path: string, reason: string): never => {
  throw new InvalidOptionsError(path, reason)
}

const isObject = (value: unknown): value is Record<string, unknown> =>
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

/**
 * Checks `execute`'s calls before anything is built: one call or a non-empty list of calls, each with a
 * string contract address and entrypoint and calldata a list or an object of arguments (its values are
 * read when compiled). Throws INVALID_OPTIONS naming the path (e.g. 'calls.0.calldata').
 *
 * @example
 * checkCalls([]) // throws 'Invalid option calls: must not be empty'
 */
export function checkCalls(calls: unknown): void {
  const list = Array.isArray(calls) ? calls : [calls]
  if (list.length === 0) invalid('calls', 'must not be empty')
  list.forEach((call, i) => {
    const { contractAddress, entrypoint, calldata = [] } = isObject(call) ? call : {}
    // A contract address that is a string but no address is INVALID_ADDRESS_FORMAT, later.
    if (typeof contractAddress !== 'string' || typeof entrypoint !== 'string' || !entrypoint) {
      invalid(`calls.${i}`, 'must be a call with a contractAddress and an entrypoint')
    }
    // A list, or starknet.js's calldata by argument name (compiled in key order, as starknet.js does).
    if (!isObject(calldata)) invalid(`calls.${i}.calldata`, 'must be a list or an object of arguments')
  })
}
