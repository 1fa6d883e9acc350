// requestConnection()'s work: a fresh session key, the wallet's signature over the session, the checks of its
// answer, and the new session stored. The session in use stays until then.
import type { ApprovalRequest } from '@webwallet/protocol'
import {
  InvalidApprovalRequestError,
  isWebWalletError,
  SessionExpiredError,
  UserRejectedError,
  WalletDisposedError,
} from '@webwallet/protocol/errors'
import { checkLimits, invalid } from '../account/arguments'
import type { SessionAccount } from '../account/SessionAccount'
import { abortable, withDeadline } from '../http/abort'
import type { ChainIdentity } from '../session/chainIdentity'
import type { ChainClock } from '../session/clock'
import { createSessionRequest, generateSessionKey } from '../session/request'
import type { ActiveSession } from '../session/signature'
import type { SessionStore } from '../session/store'
import { activeSession } from './answer'
import {
  CONNECT_TIMEOUT_MS,
  feeTokenTransfers,
  type SessionConnector,
  type WebWalletOptions,
} from './options'

/** What connect() and requestConnection() answer (docs/protocol.md, Entities, SDK connect result). */
export interface ConnectResult {
  readonly account: SessionAccount
  readonly approvalRequestsCalls?: unknown
  readonly approvalTransactionHash?: string | undefined
  readonly deploymentPayload?: unknown
  readonly callbackData?: string | undefined
}

/** Parameters of {@link WebWallet.requestConnection}. */
export interface RequestConnectionParameters {
  callbackData?: string
  approvalRequests?: readonly ApprovalRequest[]
  /**
   * Stops the request (OPERATION_ABORTED). A call with a signal never joins a pending request: it waits for
   * it (the signal stops the wait) and then runs as its own.
   */
  signal?: AbortSignal
}

/**
 * Signs a new session with the wallet and stores it, then hands it to `adopt` (which makes its account). A
 * refusal is USER_REJECTED however it came; after `stopped` fired (dispose()), any failure is WALLET_DISPOSED.
 *
 * @example
 * const result = await signSession(options, environment.chainId, clock, identity, sessions, connector, stopped.signal, parameters, [], adopt)
 */
export async function signSession(
  options: WebWalletOptions,
  chainId: string,
  clock: ChainClock,
  identity: ChainIdentity,
  sessions: SessionStore,
  connector: SessionConnector,
  stopped: AbortSignal,
  parameters: RequestConnectionParameters,
  approvalRequests: ApprovalRequest[],
  adopt: (active: ActiveSession) => SessionAccount,
): Promise<ConnectResult> {
  const kind = options.sessionKey
  const { signal, callbackData } = parameters
  const deadline = withDeadline(
    'requestConnection',
    options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    signal ? AbortSignal.any([signal, stopped]) : stopped,
  )
  // The expiry is counted from the chain's clock. Without a page (Node) it is read first; in a page the
  // reading of init or of the last call is used (a popup must open inside the click, before any network
  // wait) and a fresh one is checked against the signed session below.
  const reading = clock.read().catch(() => clock.now())
  // The chain the session is signed on, recorded with it (read beside the wallet's prompt, not before it).
  const genesis = identity.read()
  try {
    if (typeof document === 'undefined') await abortable(reading, deadline)
    const sessionKey = await (kind?.generate() ?? generateSessionKey())
    const request = createSessionRequest({
      appName: options.appName,
      allowedMethods: options.sessionParams.allowedMethods,
      validityDays: options.sessionParams.validityDays,
      chainId,
      sessionKey,
      sessionKeyGuid: kind?.guid(sessionKey.publicKey),
      now: clock.now(),
      feeTokenTransfers: feeTokenTransfers(options),
    })
    sessions.assertStorable(request)
    deadline.check()
    const answer = await abortable(
      connector.connectAndSignSession(
        {
          ...(callbackData === undefined ? {} : { callbackData }),
          approvalRequests,
          sessionTypedData: request.typedData,
        },
        { signal: deadline.signal },
      ),
      deadline,
    )
    const active = activeSession(request, answer, chainId, kind)
    const chainNow = Math.floor((await abortable(reading, deadline)) / 1000)
    // Signed with a clock the chain has since left behind: the session would be refused on its first use.
    if (active.stored.expiresAt <= chainNow) throw new SessionExpiredError(active.stored.expiresAt, chainNow)
    deadline.check()
    await sessions.save(active)
    identity.remember(await genesis)
    return {
      account: adopt(active),
      approvalRequestsCalls: answer.approvalRequestsCalls,
      approvalTransactionHash: answer.approvalTransactionHash,
      deploymentPayload: answer.deploymentPayload,
      callbackData,
    }
  } catch (error) {
    throw stopped.aborted ? new WalletDisposedError({ cause: error }) : userRejected(error)
  } finally {
    deadline.dispose()
  }
}

// The user's refusal is one code whichever way it came: the wallet's Reject (its words kept in `data`) or
// a closed popup or modal.
function userRejected(thrown: unknown): unknown {
  // The connector throws starknetkit's ConnectAndSignSessionError; the SDK's errors stay coded (its cause).
  const cause = (thrown as { cause?: unknown } | undefined)?.cause
  const error =
    !isWebWalletError(thrown) && isWebWalletError(cause, 'CONNECT_AND_SIGN_SESSION') ? cause : thrown
  if (!isWebWalletError(error, 'CONNECT_AND_SIGN_SESSION')) return error
  const detail = error.data as { webwalletErrorCode: string; webwalletErrorMessage: string }
  return detail?.webwalletErrorCode === 'USER_REJECTED'
    ? new UserRejectedError({ detail, cause: error })
    : error
}

/**
 * requestConnection()'s parameters checked (INVALID_OPTIONS naming the field, INVALID_APPROVAL_REQUEST), and its
 * approval requests as the wallet takes them.
 *
 * @example
 * const approvalRequests = checkConnectionParameters(parameters)
 */
export function checkConnectionParameters(parameters: RequestConnectionParameters): ApprovalRequest[] {
  checkLimits(parameters, 'parameters')
  const { callbackData, approvalRequests: requests } = parameters
  if (callbackData !== undefined && typeof callbackData !== 'string')
    invalid('callbackData', 'must be a string')
  if (requests !== undefined && !Array.isArray(requests)) invalid('approvalRequests', 'must be a list')
  return (requests ?? []).map(checkApprovalRequest)
}

/**
 * One approval request as the wallet takes it (its three fields, each a non-empty string), or
 * INVALID_APPROVAL_REQUEST.
 *
 * @example
 * const approvalRequests = (parameters.approvalRequests ?? []).map(checkApprovalRequest)
 */
function checkApprovalRequest(request: ApprovalRequest): ApprovalRequest {
  const ok = (value: unknown) => typeof value === 'string' && value.length > 0
  if (!ok(request?.tokenAddress) || !ok(request?.spender) || !ok(request?.amount)) {
    throw new InvalidApprovalRequestError()
  }
  return { tokenAddress: request.tokenAddress, spender: request.spender, amount: request.amount }
}
