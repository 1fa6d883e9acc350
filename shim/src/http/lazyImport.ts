/**
 * A dynamic import run once and kept. A failed load (offline, or a redeploy removed the chunk) rejects with
 * `fail(cause)`, a coded error, and the next call tries again.
 *
 * @example
 * const load = lazyImport(() => import('./chunk.js'), (cause) => new FetchUrlError({ cause }))
 */
export function lazyImport<T>(load: () => Promise<T>, fail: (cause: unknown) => Error): () => Promise<T> {
  let pending: Promise<T> | undefined
  return () =>
    (pending ??= load().catch((cause: unknown) => {
      pending = undefined
      throw fail(cause)
    }))
}
