import type { Session as StoredSession } from '@webwallet/protocol'
import { SessionInvalidError } from '@webwallet/protocol/errors'
import { chainIdFelt } from '@webwallet/protocol/session'
import type { ChainIdentity } from '../session/chainIdentity'

/**
 * Whether a stored session still works on this SDK's chain: its chain id must be the environment's (else
 * SESSION_INVALID `CHAIN_ID`) and the node must still serve the chain it was signed on (else `CHAIN_CHANGED`;
 * one round trip, begun at init so `connect()` in a click rarely waits). Resolves to the error, never rejects.
 *
 * @example
 * if (await checkRestored(stored, environment.chainId, identity)) wallet.clearSession()
 */
export async function checkRestored(
  stored: StoredSession | undefined,
  chainId: string,
  identity: ChainIdentity,
): Promise<SessionInvalidError | undefined> {
  if (!stored) return undefined
  if (!sameChainId(stored.chainId, chainId))
    return new SessionInvalidError('CHAIN_ID', stored.chainId, chainId)
  return identity.check().then(
    () => undefined,
    (error: SessionInvalidError) => error,
  )
}

function sameChainId(a: string, b: string): boolean {
  try {
    return chainIdFelt(a) === chainIdFelt(b)
  } catch {
    // A stored chain id that is no felt or short string was tampered with: it is no chain of ours.
    return false
  }
}
