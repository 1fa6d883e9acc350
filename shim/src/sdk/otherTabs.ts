/**
 * Calls `onChange` when another tab (or window) of the origin writes or removes `key` in localStorage, or
 * clears it: the `storage` event, which the tab that wrote does not get. Nothing outside a page. Answers the
 * function that removes the listener (WebWallet's `dispose()`).
 *
 * @example
 * const stop = followOtherTabs('session', () => wallet.followStoredSession())
 */
export function followOtherTabs(key: string, onChange: () => void): () => void {
  const page = globalThis as Partial<Pick<Window, 'addEventListener' | 'removeEventListener'>>
  if (typeof document === 'undefined' || !page.addEventListener) return () => {}
  const listener = (event: StorageEvent) => {
    if (event.key === key || event.key === null) onChange()
  }
  page.addEventListener('storage', listener)
  return () => page.removeEventListener?.('storage', listener)
}
