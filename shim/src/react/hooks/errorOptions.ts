/**
 * How a hook reports a failure besides its `error` field (as wagmi's mutation hooks do): `onError` is called
 * with every failure, and `throwOnError` makes the hook's action (`requestConnection`, `execute`) reject with it.
 */
export interface HookErrorOptions {
  readonly onError?: (error: unknown) => void
  /** The action rejects with the error (after `error` is set). Default false: the action resolves. */
  readonly throwOnError?: boolean
}

/**
 * Sets the hook's error state, calls `onError` and rethrows when asked: the one failure path of every hook.
 *
 * @example
 * catch (e) { report(e, setError, options) }
 */
export function report(
  error: unknown,
  setError: (error: unknown) => void,
  options: HookErrorOptions | undefined,
  rethrow = true,
): void {
  setError(error)
  options?.onError?.(error)
  if (rethrow && options?.throwOnError) throw error
}
