// What a session key signs to revoke its own session at the cosigner: a message no transaction can have.
import { type Felt, type FeltLike, poseidonMany, shortString, toFelt } from './felt'

/** The first felt of a revocation message: 'session-revocation' (never a transaction or Poseidon output). */
export const SESSION_REVOCATION_MAGIC = shortString('session-revocation')

/**
 * poseidon('session-revocation', session hash): what the session key signs to revoke its session. Two
 * felts where a transaction's session message has three, so neither can stand for the other.
 *
 * @example
 * const signature = signHash(sessionRevocationHash(stored.hash), sessionPrivateKey)
 */
export function sessionRevocationHash(sessionHashValue: FeltLike): Felt {
  return poseidonMany([SESSION_REVOCATION_MAGIC, toFelt(sessionHashValue)])
}
