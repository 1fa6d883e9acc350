// invisible-sdk 1.0.0 keeps its session key in the clear under localStorage 'session' (its x-sessions
// session, signature, address, deployment payload): this entry takes it over when the key is the session's.
import type { Session as StoredSession } from '@webwallet/protocol'
import { isHexFelt } from '@webwallet/protocol/constants'
import { publicKeyOf, toFelt } from '@webwallet/protocol/session'

/**
 * The Stark private key of a session stored in the clear when it is the session's own (its public key the
 * one the session names), else undefined: the session is then removed and the user signs a new one.
 *
 * @example
 * carryInvisibleSdkKey(JSON.parse(localStorage.session)) // '0x…' or undefined
 */
export function carryInvisibleSdkKey(stored: StoredSession): string | undefined {
  const { privateKey, publicKey } = stored.sessionKey
  try {
    return isHexFelt(privateKey) && publicKeyOf(privateKey) === toFelt(publicKey) ? privateKey : undefined
  } catch {
    return undefined
  }
}
