import {
  RETRY_DEFAULT_FACTOR,
  RETRY_DEFAULT_MIN_WAIT_MS,
  RETRY_DEFAULT_RETRIES,
} from '@webwallet/protocol/constants'

/** Options of {@link retry}. */
export interface RetryOptions {
  /** Attempts after the first one (default 10). */
  readonly retries?: number
  /** Each wait is the previous one times this (default 2). */
  readonly factor?: number
  /** The first wait in ms (default 1000). */
  readonly minTimeout?: number
  /** Return false to stop retrying and rethrow at once. */
  readonly shouldRetry?: (error: unknown, attempt: number) => boolean
  readonly signal?: AbortSignal
}

/**
 * Runs `fn` until it resolves, waiting minTimeout × factor^attempt between attempts; rethrows the last
 * error once the retries are spent.
 *
 * @example
 * const prices = await retry(() => http.get(url), { retries: 3 })
 */
export async function retry<T>(fn: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const retries = options.retries ?? RETRY_DEFAULT_RETRIES
  const factor = options.factor ?? RETRY_DEFAULT_FACTOR
  const minTimeout = options.minTimeout ?? RETRY_DEFAULT_MIN_WAIT_MS
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn(attempt)
    } catch (error) {
      if (attempt >= retries || options.shouldRetry?.(error, attempt) === false) throw error
      await sleep(minTimeout * factor ** attempt, options.signal)
    }
  }
}

/**
 * Resolves after `ms`, or rejects with the signal's reason when aborted first.
 *
 * @example
 * await sleep(2000)
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
