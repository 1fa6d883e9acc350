import type { createEvents } from './events'
import { CONNECTOR_ID } from './identity'
import { type ConnectorStorage, lastConnection } from './lastConnection'

/**
 * The wallet's grant as this page knows it (remembered across a reload); changes are remembered and announced.
 *
 * @example
 * const grant = createGrant(undefined, createEvents())
 * grant.setAccounts(['0x1']) // grant.account: '0x1'
 */
export function createGrant(storage: ConnectorStorage | undefined, events: ReturnType<typeof createEvents>) {
  const last = lastConnection(storage, CONNECTOR_ID)
  const restored = last.read()
  let account = restored?.account
  let chainId = restored?.chainId
  const grant = {
    get account() {
      return account
    },
    get chainId() {
      return chainId
    },
    save: last.save,
    setAccounts(accounts: string[] | undefined) {
      const next = accounts?.[0]
      if (next === account) return
      account = next
      if (next !== undefined) last.save(next, chainId)
      events.emit('accountsChanged', accounts)
    },
    setChainId(next: string | undefined) {
      if (next === chainId) return
      chainId = next
      if (account !== undefined) last.save(account, next)
      events.emit('networkChanged', next, account === undefined ? undefined : [account])
    },
    forget() {
      last.forget()
      grant.setAccounts(undefined)
      chainId = undefined
    },
  }
  return grant
}

/** The grant of one connector: see {@link createGrant}. */
export type Grant = ReturnType<typeof createGrant>

/**
 * True for a list of strings (the wallet's accounts).
 *
 * @example
 * isStringArray(['0x1']) // true
 */
export function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((entry) => typeof entry === 'string')
}
