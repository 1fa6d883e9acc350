// The session refusal as invisible-sdk apps receive it: invisible-sdk rethrows starknetkit's
// `ConnectAndSignSessionError`, whose `code` is the wallet's (`NOT_ENOUGH_BALANCE`, `ACCOUNT_NOT_DEPLOYED`,
// `GENERIC_ERROR`...), not a registry code. This entry throws the same shape, with our coded error
// (CONNECT_AND_SIGN_SESSION, the wallet's code in `data`) as its `cause`.
import { isWebWalletError } from '@webwallet/protocol/errors'

/**
 * starknetkit's `ConnectAndSignSessionError`: the wallet refused to sign the session; `code` is the wallet's
 * reason. The user's own refusal stays USER_REJECTED (`UserRejectedRequestError`), the code starknetkit
 * gives it too.
 *
 * @example
 * try { await argentWebWallet.requestConnection({}) } catch (e) {
 *   if (e instanceof ConnectAndSignSessionError && e.code === 'NOT_ENOUGH_BALANCE') askForFunds()
 * }
 */
export class ConnectAndSignSessionError extends Error {
  readonly code: string
  constructor(message: string, code: string, options?: ErrorOptions) {
    super(message, options)
    this.code = code
    this.name = 'ConnectAndSignSessionError'
  }
}

/** A session refusal (CONNECT_AND_SIGN_SESSION) as starknetkit's error; any other error unchanged. */
export function starknetkitSessionError(error: unknown): unknown {
  if (!isWebWalletError(error, 'CONNECT_AND_SIGN_SESSION')) return error
  const data = error.data as { webwalletErrorCode?: string; webwalletErrorMessage?: string } | undefined
  const code = data?.webwalletErrorCode ?? error.code
  return new ConnectAndSignSessionError(data?.webwalletErrorMessage ?? error.message, code, { cause: error })
}
