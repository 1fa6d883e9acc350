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
