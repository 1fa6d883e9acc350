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
 * The coded error for `failure`: USER_LOGGED_OUT, and USER_REJECTED outside connectAndSignSession, as their own
 * classes; anything else is ConnectAndSignSessionError with that `webwalletErrorCode`, as the wallet reports it.
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
