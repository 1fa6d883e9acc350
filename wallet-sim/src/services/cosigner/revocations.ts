// Revoked sessions: the chain's own (`is_session_revoked` on the account, which only the owner can write) and
// the cosigner's list (a session key revoking itself, or the user on the wallet's Connected apps page).

import { toHex } from '@webwallet/protocol/constants'
import * as z from 'zod/mini'
import { selectorOf } from '../../chain/felt'
import type { ChainAccess } from '../../node/access'

const IS_SESSION_REVOKED = selectorOf('is_session_revoked')

/** Whether `account` has revoked `sessionHash` (false while the account is not deployed: nothing to revoke). */
export type IsSessionRevoked = (account: bigint, sessionHash: bigint) => Promise<boolean>

/**
 * Reads `is_session_revoked(hash)` on the account as of the pre-confirmed block, so a revocation the wallet
 * just sent already counts.
 *
 * @example
 * createCosignerRouter({ guardianPrivateKey, isSessionRevoked: chainRevocations(builtinAccess(() => sim.chain)) })
 */
export function chainRevocations(chain: ChainAccess): IsSessionRevoked {
  return async (account, sessionHash) => {
    if ((await chain.classHashAt(account)) === 0n) return false
    const [revoked] = await chain.call(
      { to: account, selector: IS_SESSION_REVOKED, calldata: [sessionHash] },
      'pre_confirmed',
    )
    return revoked !== undefined && revoked !== 0n
  }
}

/** Session hashes (normalised hex) the cosigner will no longer co-sign for, as plain JSON for the state store. */
export const RevocationsState = z.array(z.string())
export type RevocationsState = z.infer<typeof RevocationsState>

// Unpadded hex, the form `--state` files already hold.
const normal = (hash: string | bigint) => toHex(BigInt(hash))

/**
 * The sessions revoked at the cosigner: by the session key itself (`POST /cosigner/revokeSession`) or by the
 * user on the wallet's Connected apps page. Kept across restarts with `--state`.
 *
 * @example
 * const revocations = createRevocationList(saved.revocations)
 * revocations.revoke('0x1234') // true: newly revoked
 * revocations.has('0x1234') // true
 */
export function createRevocationList(initial: unknown = []) {
  const state = new Set(RevocationsState.parse(initial).map(normal))
  const listeners = new Set<(state: RevocationsState) => void>()
  return {
    /** Revokes `hash`; false when it was revoked already. */
    revoke(hash: string | bigint): boolean {
      const key = normal(hash)
      if (state.has(key)) return false
      state.add(key)
      for (const listener of [...listeners]) listener([...state])
      return true
    },
    has: (hash: string | bigint): boolean => state.has(normal(hash)),
    snapshot: (): RevocationsState => [...state],
    /** Called with the new state after every change; returns the unsubscribe function. */
    onChange(listener: (state: RevocationsState) => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

export type RevocationList = ReturnType<typeof createRevocationList>
