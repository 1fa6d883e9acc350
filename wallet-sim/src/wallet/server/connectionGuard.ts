// Which wallet page API routes act for a dapp, and as which of the wallet's procedures. A route answers an
// origin the user has not connected only where protocol's policy table lets every procedure it serves do so
// (no `connection` in their rows): the server holds the wallet core's line itself, whatever the page sends.
import { ConnectorNotConnectedError } from '@webwallet/protocol/errors'
import type { MutationName } from '@webwallet/protocol/procedures'
import { PROCEDURE_POLICIES, type ProcedurePolicy } from '@webwallet/protocol/wallet'

/**
 * The routes (`METHOD /path` under /wallet/api) that sign, spend, reveal or connect for the dapp named in
 * the request, each with the procedures the wallet page calls it for.
 *
 * @example
 * ROUTE_PROCEDURES['POST /execute'] // ['execute', 'addInvokeTransaction']
 */
export const ROUTE_PROCEDURES = {
  'POST /connect': [
    'connect',
    'connectWebwallet',
    'connectWebwalletSSO',
    'enable',
    'authorize',
    'requestAccounts',
  ],
  'POST /signTypedData': ['signTypedData', 'signMessage'],
  // connectAndSignSession: the signed session is itself the connect (the route connects after signing).
  'POST /signSession': ['connectAndSignSession'],
  'POST /review': ['execute', 'addInvokeTransaction'],
  'POST /execute': ['execute', 'addInvokeTransaction'],
  'GET /deploymentData': ['deploymentData'],
} as const satisfies Record<string, readonly MutationName[]>

/** A route of ROUTE_PROCEDURES. */
export type DappRoute = keyof typeof ROUTE_PROCEDURES

/** The policy table the guard reads: protocol's, unless a test hands a stricter copy. */
export type PolicyTable = Readonly<Record<MutationName, Pick<ProcedurePolicy, 'connection'>>>

/**
 * Does `route` answer only an origin the user connected? Yes when the policy table's row of every
 * procedure it serves says `connection` (a route serving one procedure that may go without would refuse it).
 *
 * @example
 * needsConnection('GET /deploymentData') // true
 * needsConnection('POST /signSession') // false: connectAndSignSession connects by signing
 */
export function needsConnection(route: DappRoute, policies: PolicyTable = PROCEDURE_POLICIES): boolean {
  return ROUTE_PROCEDURES[route].every((procedure) => policies[procedure].connection === true)
}

/**
 * Throws CONNECTOR_NOT_CONNECTED (422 over the API) when `route` needs a connected origin and `connected`
 * says the user did not connect it; called before any signature, estimate or chain work.
 *
 * @example
 * requireConnection('GET /deploymentData', () => wallet.isConnected(user, origin))
 */
export function requireConnection(
  route: DappRoute,
  connected: () => boolean,
  policies: PolicyTable = PROCEDURE_POLICIES,
): void {
  if (needsConnection(route, policies) && !connected()) throw new ConnectorNotConnectedError()
}
