// The error a request fails with when a test told the simulator to fail it (`POST /dev/approval/next
// {action: 'fail', code}`). Shared by the headless router and the wallet page, so both answer the same.
import {
  ConnectAndSignSessionError,
  UserLoggedOutError,
  UserRejectedError,
  type WebWalletError,
} from '../errors'

/** A failure to answer with: a session-signing result code or USER_LOGGED_OUT, and an optional message. */
export interface FailDecision {
  code: string
  message?: string | undefined
}

/**
 * The coded error for `failure`: USER_LOGGED_OUT is the logged-out error; USER_REJECTED is the usual
 * rejection (outside connectAndSignSession, with its fixed text); the other codes, and every code of connectAndSignSession
 * (`connectAndSign: true`), are ConnectAndSignSessionError with that `webwalletErrorCode`, as the
 * wallet reports them and as a client rebuilds any of these codes.
 *
 * @example
 * decisionError({ code: 'NOT_ENOUGH_BALANCE' }, true).data // { webwalletErrorCode: 'NOT_ENOUGH_BALANCE', … }
 */
export function decisionError(failure: FailDecision, connectAndSign: boolean): WebWalletError {
  if (failure.code === 'USER_LOGGED_OUT') return new UserLoggedOutError()
  if (failure.code === 'USER_REJECTED' && !connectAndSign) return new UserRejectedError()
  const fallback =
    failure.code === 'USER_REJECTED' ? 'User rejected request' : `${failure.code} (wallet-sim dev API)`
  return new ConnectAndSignSessionError(failure.message ?? fallback, failure.code)
}
