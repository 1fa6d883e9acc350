// The chain telling the cosigner whether the wallet revoked a session: the account's own `is_session_revoked`.
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
