// The transactions the demo sent for an account, newest first: shared by the App and its panels (its own
// module, so the panels do not import App), and kept in localStorage so a reload does not lose them.

import { isHexFelt, sameAddress } from '@webwallet/protocol/constants'

export interface Activity {
  readonly label: string
  readonly transactionHash: string
  /** How the transaction's gas was paid, in the user's words. */
  readonly route: string
}

const KEY = 'webwallet-demo:activity'
/** The list is a recent history, not an archive. */
const MAX_ENTRIES = 50

/**
 * The stored list of `address`; empty when none is stored, it is another account's, or it is not what
 * {@link saveActivity} writes (another version, an edit by hand): anything unreadable is dropped, not shown.
 * @example loadActivity(account.address) // [{ label: 'increment', transactionHash: '0x…', route: '…' }]
 */
export function loadActivity(address: string): Activity[] {
  let stored: unknown
  try {
    stored = JSON.parse(localStorage.getItem(KEY) ?? 'null')
  } catch {
    return []
  }
  if (!isRecord(stored) || typeof stored.address !== 'string' || !Array.isArray(stored.entries)) return []
  if (!sameAddress(stored.address, address)) return []
  return stored.entries.filter(isActivity).slice(0, MAX_ENTRIES)
}

/** Stores `address`'s list (the newest {@link MAX_ENTRIES}). */
export function saveActivity(address: string, entries: readonly Activity[]): void {
  const stored = { address, entries: entries.slice(0, MAX_ENTRIES) }
  try {
    localStorage.setItem(KEY, JSON.stringify(stored))
  } catch {
    // Storage full or refused: the list lives for this visit only.
  }
}

/** Forgets the list, with the session. */
export function forgetActivity(): void {
  localStorage.removeItem(KEY)
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function isActivity(value: unknown): value is Activity {
  if (!isRecord(value)) return false
  const { label, transactionHash, route } = value
  return (
    typeof label === 'string' &&
    label.length > 0 &&
    label.length <= 200 &&
    typeof route === 'string' &&
    route.length <= 200 &&
    typeof transactionHash === 'string' &&
    isHexFelt(transactionHash)
  )
}
