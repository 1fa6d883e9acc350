/**
 * A dynamic import (a chunk the app's bundler split off) run once and kept. A failed load (offline, or the
 * app deployed anew and the old chunk is gone) rejects with `fail(cause)`, a coded error, and the next call
 * tries again.
 *
 * @example
 * const load = lazyImport(() => import('./chunk.js'), (cause) => new FetchUrlError({ cause }))
 * const { read } = await load()
 */
export function lazyImport<T>(load: () => Promise<T>, fail: (cause: unknown) => Error): () => Promise<T> {
  let pending: Promise<T> | undefined
  return () =>
    (pending ??= load().catch((cause: unknown) => {
      pending = undefined
      throw fail(cause)
    }))
}
