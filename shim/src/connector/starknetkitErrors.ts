// starknetkit's error classes, as dapps test them (`error instanceof UserRejectedRequestError`), over our one
// error registry: each class is a view of registry codes, so an error we throw is both our coded
// WebWalletError (branch on `code`) and an instance of the starknetkit class a dapp ported from it checks.
// Their own `new` still works (a dapp may throw them); their `code` is the wallet's, as starknetkit's.
import { isWebWalletError, WebWalletError } from '@webwallet/protocol/errors'

type Identity = new (message?: string, code?: string) => Error & { code?: string | undefined }

// The wallet's session-signing code of a CONNECT_AND_SIGN_SESSION error (`USER_REJECTED`, `NOT_ENOUGH_BALANCE`...).
const walletCode = (error: WebWalletError) =>
  (error.data as { webwalletErrorCode?: string })?.webwalletErrorCode

/**
 * starknetkit's `ConnectAndSignSessionError`: `code` is the wallet's reason (`NOT_ENOUGH_BALANCE`...; a
 * `USER_REJECTED` one is also `instanceof UserRejectedRequestError`), `cause` our coded error.
 *
 * @example
 * catch (e) { if (e instanceof ConnectAndSignSessionError && e.code === 'NOT_ENOUGH_BALANCE') askForFunds() }
 */
export class ConnectAndSignSessionError extends Error {
  readonly code: string
  constructor(message: string, code: string, options?: ErrorOptions) {
    super(message, options)
    this.code = code
    this.name = 'ConnectAndSignSessionError'
  }
}

/**
 * Our coded session refusal (CONNECT_AND_SIGN_SESSION, the wallet's code in `data`) as starknetkit throws it;
 * any other error unchanged. @example throw starknetkitSessionError(error)
 */
export function starknetkitSessionError(error: unknown): unknown {
  if (!isWebWalletError(error, 'CONNECT_AND_SIGN_SESSION')) return error
  const data = error.data as { webwalletErrorCode?: string; webwalletErrorMessage?: string } | undefined
  return new ConnectAndSignSessionError(
    data?.webwalletErrorMessage ?? error.message,
    data?.webwalletErrorCode ?? error.code,
    { cause: error },
  )
}

function identity(name: string, text: string, codes: readonly string[]): Identity {
  const View = class extends Error {
    constructor(
      message = text,
      readonly code?: string,
    ) {
      super(message)
      this.name = name
    }
  }
  Object.defineProperty(View, 'name', { value: name })
  // Its own instances, and ours whose registry code (or, for a session refusal, the wallet's code) it names.
  Object.defineProperty(View, Symbol.hasInstance, {
    value: (value: unknown) =>
      Function.prototype[Symbol.hasInstance].call(View, value) ||
      (value instanceof WebWalletError &&
        (codes.includes(value.code) || codes.includes(`wallet:${walletCode(value)}`))) ||
      // starknetkit's session refusal carries the wallet's code itself (USER_REJECTED...).
      (value instanceof ConnectAndSignSessionError && codes.includes(`wallet:${value.code}`)),
  })
  return View
}

/**
 * starknetkit's `UserRejectedRequestError`: the user refused (USER_REJECTED, a closed popup or modal, or the
 * wallet's `USER_REJECTED` answer to a session request).
 *
 * @example
 * try { await connector.connect() } catch (e) { if (e instanceof UserRejectedRequestError) showRetry() }
 */
export const UserRejectedRequestError = /* @__PURE__ */ identity(
  'UserRejectedRequestError',
  'User rejected request',
  ['USER_REJECTED', 'wallet:USER_REJECTED'],
)

/** starknetkit's `ConnectorNotConnectedError` (CONNECTOR_NOT_CONNECTED). @example e instanceof ConnectorNotConnectedError */
export const ConnectorNotConnectedError = /* @__PURE__ */ identity(
  'ConnectorNotConnectedError',
  'Connector not connected',
  ['CONNECTOR_NOT_CONNECTED'],
)

/** starknetkit's `ConnectorNotFoundError` (CONNECTOR_NOT_FOUND). @example e instanceof ConnectorNotFoundError */
export const ConnectorNotFoundError = /* @__PURE__ */ identity(
  'ConnectorNotFoundError',
  'Connector not found',
  ['CONNECTOR_NOT_FOUND'],
)

/**
 * starknetkit's `ConnectorNotAvailableError`: the wallet cannot be reached (WALLET_NOT_AVAILABLE,
 * WALLET_NOT_INITIALISED). @example e instanceof ConnectorNotAvailableError
 */
export const ConnectorNotAvailableError = /* @__PURE__ */ identity(
  'ConnectorNotAvailableError',
  'Connector not available',
  ['WALLET_NOT_AVAILABLE', 'WALLET_NOT_INITIALISED'],
)

/** starknetkit's `UserNotConnectedError`: connecting failed (CONNECTION_FAILED). @example e instanceof UserNotConnectedError */
export const UserNotConnectedError = /* @__PURE__ */ identity('UserNotConnectedError', 'User not connected', [
  'CONNECTION_FAILED',
])

/**
 * starknetkit's `WebwalletError`, what its web-wallet connector's `request` throws for the wallet's refusals.
 *
 * @example
 * try { await connector.request(call) } catch (e) { if (e instanceof WebwalletError) report(e.code) }
 */
export const WebwalletError = /* @__PURE__ */ identity('WebwalletError', 'Web wallet error', [
  'USER_REJECTED',
  'CONNECT_AND_SIGN_SESSION',
  'CONNECTOR_NOT_CONNECTED',
  'USER_LOGGED_OUT',
  'VALIDATION',
  'UNKNOWN',
])
