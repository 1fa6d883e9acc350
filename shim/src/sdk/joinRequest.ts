import { OperationAbortedError } from '@webwallet/protocol/errors'

/** What a requestConnection asks for, as far as joining a pending one goes. */
export interface RequestShape {
  readonly callbackData?: unknown
  readonly approvalRequests?: unknown
  readonly signal?: AbortSignal | undefined
}

/**
 * Whether a call may share a pending request's answer: it asks for the same (callback data, approval
 * requests) and has no signal of its own (a shared request cannot stop for one caller alone).
 *
 * @example
 * if (joins(pending.parameters, parameters)) return pending.result
 */
export function joins(pending: RequestShape, next: RequestShape): boolean {
  return next.signal === undefined && asked(pending) === asked(next)
}

const asked = ({ callbackData, approvalRequests }: RequestShape) =>
  JSON.stringify([callbackData ?? null, approvalRequests ?? []])

/**
 * Waits until `pending` settled (either way), or rejects with OPERATION_ABORTED when `signal` fires first.
 *
 * @example
 * await after(this.connecting, parameters.signal) // then run as its own request
 */
export function after(pending: Promise<unknown>, signal: AbortSignal | undefined): Promise<void> {
  const settled = pending.then(
    () => undefined,
    () => undefined,
  )
  if (!signal) return settled
  return new Promise<void>((resolve, reject) => {
    const abort = () => reject(new OperationAbortedError('requestConnection', { cause: signal.reason }))
    if (signal.aborted) return abort()
    signal.addEventListener('abort', abort, { once: true })
    settled.then(() => {
      signal.removeEventListener('abort', abort)
      resolve()
    })
  })
}
