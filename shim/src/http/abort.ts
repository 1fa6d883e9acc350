import { OperationAbortedError, OperationTimeoutError } from '@webwallet/protocol/errors'

/** One operation's time limit joined with the caller's AbortSignal. */
export interface Deadline {
  /** Aborts when the caller aborts or the time is up; give it to whatever can stop early. */
  readonly signal: AbortSignal
  /** Throws the coded error (OPERATION_ABORTED or OPERATION_TIMEOUT) once the signal has fired. */
  check(): void
  /** The coded error of the fired signal. */
  error(): Error
  /** Stops the timer (call when the operation ends). */
  dispose(): void
}

/**
 * A deadline of `ms` (none: only the caller's) for `operation`, also fired by `outer`, the caller's signal.
 *
 * @example
 * const deadline = withDeadline('execute', 120_000, options.signal)
 * try { await abortable(work(deadline.signal), deadline) } finally { deadline.dispose() }
 */
export function withDeadline(operation: string, ms: number | undefined, outer?: AbortSignal): Deadline {
  const controller = new AbortController()
  let failure: Error | undefined
  const fire = (error: Error) => {
    if (failure) return
    failure = error
    controller.abort(error)
  }
  const onOuter = () => fire(new OperationAbortedError(operation, { cause: outer?.reason }))
  if (outer?.aborted) onOuter()
  else outer?.addEventListener('abort', onOuter, { once: true })
  const timer =
    ms === undefined || failure
      ? undefined
      : setTimeout(() => fire(new OperationTimeoutError(operation, ms)), ms)
  return {
    signal: controller.signal,
    check() {
      if (failure) throw failure
    },
    error: () => failure ?? new OperationAbortedError(operation),
    dispose() {
      if (timer !== undefined) clearTimeout(timer)
      outer?.removeEventListener('abort', onOuter)
    },
  }
}

/**
 * `promise`, or the deadline's coded error as soon as it fires (the work itself may go on if it cannot
 * be stopped; its late result is ignored).
 *
 * @example
 * const answer = await abortable(connector.connectAndSignSession(request, { signal: d.signal }), d)
 */
export function abortable<T>(promise: Promise<T>, deadline: Deadline): Promise<T> {
  const { signal } = deadline
  if (signal.aborted) {
    promise.catch(() => {})
    return Promise.reject(deadline.error())
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(deadline.error())
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error)
      },
    )
  })
}
