import type { DeploymentPayload, Session as StoredSession } from '@webwallet/protocol'
import { toAddress } from '@webwallet/protocol/constants'
import { chainIdFelt, shortString, toFelt, toHex } from '@webwallet/protocol/session'
import { sessionHashOf } from './crypto'
import type { SessionRequest } from './request'
import type { ActiveSession } from './signature'

/** What the wallet answered to a session request. */
export interface WalletSessionAnswer {
  readonly address: string
  readonly chainId: string
  /** The account's (owner, guardian) signature over the session typed data. */
  readonly signature: readonly string[]
  readonly deploymentPayload?: DeploymentPayload | undefined
}

/**
 * The signed session in its stored form (x-sessions' field names), with the unsealed key beside it.
 *
 * @example
 * const active = signedSession(request, { address, chainId, signature })
 */
export function signedSession(request: SessionRequest, answer: WalletSessionAnswer): ActiveSession {
  const { session, sessionKey } = request
  const stored: StoredSession = {
    allowedMethods: session.allowedMethods.map((m) => ({
      'Contract Address': m['Contract Address'],
      selector: m.selector,
    })),
    sessionKey: { publicKey: sessionKey.publicKey, privateKey: '' },
    expiresAt: Number(session.expiresAt),
    // Normalised to 0x plus 64 hex digits (docs/protocol.md, Validation rules).
    address: toAddress(toFelt(answer.address)),
    // Hex, whether the wallet answered a name ('SN_SEPOLIA') or the felt.
    chainId: toHex(chainIdFelt(answer.chainId)),
    authorisationSignature: answer.signature.map(toHex),
    hash: toHex(sessionHashOf(session, answer.address, answer.chainId)),
    version: toHex(shortString('1')),
    sessionKeyGuid: toHex(session.sessionKeyGuid),
    metadata: session.metadata,
    signature: answer.signature.map(toHex),
    ...(answer.deploymentPayload ? { deploymentPayload: answer.deploymentPayload } : {}),
  }
  return { stored, privateKey: sessionKey.privateKey }
}
