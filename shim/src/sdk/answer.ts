import type { SessionSignResult } from '@webwallet/protocol'
import {
  ConnectAndSignSessionError,
  NoAccountAddressError,
  NoSignatureError,
  SignatureVerificationError,
  UnknownChainIdError,
} from '@webwallet/protocol/errors'
import { chainIdFelt } from '@webwallet/protocol/session'
import { hostAddress } from '../account/hostAddress'
import type { SessionKeyKind } from '../session/keyKind'
import type { SessionRequest } from '../session/request'
import type { ActiveSession } from '../session/signature'
import { signedSession } from '../session/signed'
import { getSessionStatus } from '../session/status'
import { readDeploymentPayload } from '../session/store'

/**
 * The signed session of the wallet's answer to `request`, checked before anything is kept: an `errorCode` is
 * that error; address and signature required, the environment's chain, owner's and guardian's signatures verified.
 *
 * @example
 * const active = activeSession(request, await connector.connectAndSignSession(...), environment.chainId)
 */
export function activeSession(
  request: SessionRequest,
  answer: SessionSignResult,
  environmentChainId: string,
  kind?: SessionKeyKind,
): ActiveSession {
  if (answer.errorCode) throw new ConnectAndSignSessionError(answer.errorCode, answer.errorCode)
  const address = answer.account?.[0]
  if (!address) throw new NoAccountAddressError()
  hostAddress(address)
  const signature = answer.signature ?? []
  if (signature.length === 0) throw new NoSignatureError()
  const chainId = answer.chainId ?? environmentChainId
  // The session was typed for the environment's chain; a wallet on another chain cannot have signed it.
  if (!sameChain(chainId, environmentChainId)) throw new UnknownChainIdError()
  let active: ActiveSession
  try {
    active = signedSession(request, {
      address,
      chainId,
      signature,
      deploymentPayload: readDeploymentPayload(answer.deploymentPayload),
    })
  } catch (cause) {
    // Signature felts that are no felts cannot verify either.
    throw new SignatureVerificationError({ cause })
  }
  if (getSessionStatus(active.stored, [], { privateKey: active.privateKey, now: 0, kind }) !== 'VALID') {
    throw new SignatureVerificationError()
  }
  return { ...active, kind }
}

function sameChain(a: string, b: string): boolean {
  try {
    return chainIdFelt(a) === chainIdFelt(b)
  } catch (cause) {
    throw new UnknownChainIdError({ cause })
  }
}
