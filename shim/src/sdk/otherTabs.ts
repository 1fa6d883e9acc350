/**
 * Calls `onChange` when another tab (or window) of the origin writes or removes `key` in localStorage, or
 * clears it: the `storage` event, which the tab that wrote does not get. Nothing outside a page.
 *
 * @example
 * followOtherTabs('session', () => wallet.followStoredSession())
 */
export function followOtherTabs(key: string, onChange: () => void): void {
  const page = globalThis as {
    addEventListener?: (type: 'storage', listener: (e: StorageEvent) => void) => void
  }
  if (typeof document === 'undefined' || !page.addEventListener) return
  page.addEventListener('storage', (event) => {
    if (event.key === key || event.key === null) onChange()
  })
}
