// One `storage` listener per page, whatever the number of WebWallet instances (an SPA that re-creates its
// instance, React StrictMode's second call): each instance registers a callback that holds it weakly.
const followers = new Map<string, Set<() => boolean | undefined>>()

/**
 * Calls `onChange` when another tab (or window) of the origin writes or removes `key` in localStorage, or
 * clears it: the `storage` event, which the tab that wrote does not get. Nothing outside a page. One window
 * listener serves every caller; a callback that answers `false` (its instance is gone) is dropped. Answers
 * the function that removes the callback (WebWallet's `dispose()`).
 *
 * @example
 * const self = new WeakRef(wallet)
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
