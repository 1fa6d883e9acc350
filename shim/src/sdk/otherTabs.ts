// One `storage` listener per page, whatever the number of WebWallet instances (an SPA that re-creates its
// instance, React StrictMode's second call): each instance registers a callback that holds it weakly.
const followers = new Map<string, Set<() => boolean | undefined>>()

/**
 * Calls `onChange` when another tab changes `key` in localStorage (the `storage` event: the writing tab gets
 * none); one window listener serves all, a callback answering `false` is dropped. Answers the remover.
 *
 * @example
 * const stop = followOtherTabs('session', () => self.deref()?.followStoredSession() !== undefined)
 */
export function followOtherTabs(key: string, onChange: () => boolean | undefined): () => void {
  const page = globalThis as Partial<Pick<Window, 'addEventListener'>>
  if (typeof document === 'undefined' || !page.addEventListener) return () => {}
  let callbacks = followers.get(key)
  if (!callbacks) {
    const mine = new Set<() => boolean | undefined>()
    callbacks = mine
    followers.set(key, mine)
    page.addEventListener('storage', (event) => {
      if (event.key !== key && event.key !== null) return
      for (const callback of [...mine]) if (callback() === false) mine.delete(callback)
    })
  }
  const registered = callbacks
  registered.add(onChange)
  return () => {
    registered.delete(onChange)
  }
}
