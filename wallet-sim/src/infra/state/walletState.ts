// The hosted wallet's persisted state beside the chain's (`FILE.wallet`): users, keys, connected origins,
// sessions, fee spending and portfolio fixtures, as a journal of changes over a snapshot.
import { openStateStore, type StateStore } from './store'

/** What the wallet keeps, each part as its service saved it (validated by that service on load). */
export interface WalletState {
  /** This instance's own secrets: the guardian key of its accounts and its paymaster relayer's key. */
  keys?: { guardian?: unknown; relayer?: unknown }
  login?: unknown
  permissions?: unknown
  sessions?: unknown
  spending?: unknown
  revocations?: unknown
  portfolio?: unknown
}

/**
 * Users, keys, connected origins and portfolio fixtures, next to the chain's state file (`FILE.wallet`): a
 * journal fsynced on every change, so a login acknowledged to the user survives a kill -9.
 */
export function openWalletState(stateFile: string | undefined): WalletState & PersistedState {
  if (!stateFile) return { append: () => {}, close: () => {} } as WalletState & PersistedState
  const store: StateStore = openStateStore(`${stateFile}.wallet`)
  const loaded = store.load()
  const state: WalletState = { ...(loaded?.snapshot as WalletState | undefined) }
  for (const entry of loaded?.entries ?? []) Object.assign(state, entry as WalletState)
  let appended = 0
  return {
    ...state,
    append(entry: WalletState) {
      Object.assign(state, entry)
      store.append(entry)
      // Keep the journal short: fold it into a snapshot now and then.
      if (++appended % 100 === 0) store.snapshot(state)
    },
    close: () => store.close(),
  }
}

/** Appends a change to the journal; closes the file. */
export interface PersistedState {
  append(entry: WalletState): void
  close(): void
}
