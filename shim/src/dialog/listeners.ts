/**
 * Resolves when the wallet's server answers (any status), rejects on a network error: an iframe or popup
 * onto a wallet that is down still loads (the browser's error page), so the dialogs ask the server too.
 */
export function defaultProbe(url: string): Promise<unknown> {
  if (typeof fetch !== 'function') return Promise.resolve()
  return fetch(url, { mode: 'no-cors', cache: 'no-store' })
}

/** A tiny listener set shared by the dialogs. */
export function listenerSet<T>() {
  const listeners = new Set<(value: T) => void>()
  return {
    add(listener: (value: T) => void) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    emit(value: T) {
      for (const listener of [...listeners]) listener(value)
    },
  }
}
