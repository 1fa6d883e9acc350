// One row per wallet procedure, read by the shim and both wallet modes instead of a switch in each.
// Plain data (no zod, no starknet.js): the shim bundles it.
import {
  POPUP_SIZES,
  SESSION_TYPED_DATA_DOMAIN_NAME,
  SESSION_TYPED_DATA_PRIMARY_TYPE,
  WALLET_ROUTES,
} from '../constants'
import type { MutationName } from '../procedures/procedures'

/** The consents the wallet asks for, one word each in code, screens and the approval queue. */
export type PromptKind = 'login' | 'connect' | 'signTypedData' | 'signSession' | 'execute'

/** A procedure's row of the policy table. */
export interface ProcedurePolicy {
  /** The consent it asks for once the user is logged in (connect flows ask only for an unconnected origin). */
  prompt?: Exclude<PromptKind, 'login'>
  /** Its popup page (a key of WALLET_ROUTES) and size (a key of POPUP_SIZES). */
  route: 'login' | 'signMessage' | 'signSessionKeys' | 'review'
  size: keyof typeof POPUP_SIZES
  /** Answered without any screen (never opens a popup); `requestAccounts` only with `silent_mode`. */
  readOnly?: true
  /** Asks the user to log in first when nobody is. */
  login?: true
  /** Answers only an origin the user connected (CONNECTOR_NOT_CONNECTED otherwise). */
  connection?: true
}

const CONNECT: ProcedurePolicy = { prompt: 'connect', route: 'login', size: 'default', login: true }
const READ: ProcedurePolicy = { route: 'login', size: 'default', readOnly: true }
const SIGN: ProcedurePolicy = { prompt: 'signTypedData', route: 'signMessage', size: 'signing', login: true }
const EXECUTE: ProcedurePolicy = { prompt: 'execute', route: 'review', size: 'review', login: true }
// Not implemented (docs/protocol.md, Procedures): no screen, nothing needed.
const NONE: ProcedurePolicy = { route: 'login', size: 'default' }

/**
 * The policy table, one row per mutation of the wallet router.
 *
 * @example
 * PROCEDURE_POLICIES.execute // { prompt: 'execute', route: 'review', size: 'review', login: true }
 */
export const PROCEDURE_POLICIES: Readonly<Record<MutationName, ProcedurePolicy>> = {
  authorize: CONNECT,
  connect: CONNECT,
  connectWebwallet: CONNECT,
  connectWebwalletSSO: CONNECT,
  enable: CONNECT,
  requestAccounts: CONNECT,
  getLoginStatus: READ,
  requestChainId: READ,
  getPermissions: READ,
  // No consent: it only takes power away (the login; sessions stay until revoked). Not read-only: a popup
  // opens, as the login lives in the wallet page's own storage.
  logout: { route: 'login', size: 'default' },
  signTypedData: SIGN,
  signMessage: SIGN,
  // Starknetkit's route and size (its connector opens the login page, which logs in and then asks): a hosted
  // wallet serves connectAndSignSession there, not necessarily on the session screen's own route.
  connectAndSignSession: { prompt: 'signSession', route: 'login', size: 'default', login: true },
  addInvokeTransaction: EXECUTE,
  execute: EXECUTE,
  // Asks nobody to log in: without a connected origin it is CONNECTOR_NOT_CONNECTED.
  deploymentData: { route: 'login', size: 'default', connection: true },
  addStarknetChain: NONE,
  switchStarknetChain: NONE,
  watchAsset: NONE,
}

/** Typed data as far as the policy reads it. */
type TypedDataLike = { primaryType?: unknown; domain?: { name?: unknown } } | undefined

/**
 * Is this a session's typed data (primaryType Session, domain 'SessionAccount.session')? A routing hint for the
 * popup page only: what the wallet shows and signs is decided by the canonical reader (`@webwallet/protocol/typedData`).
 *
 * @example
 * isSessionTypedData({ primaryType: 'Session', domain: { name: 'SessionAccount.session' } }) // true
 */
export function isSessionTypedData(typedData: TypedDataLike): boolean {
  return (
    typedData?.primaryType === SESSION_TYPED_DATA_PRIMARY_TYPE &&
    typedData.domain?.name === SESSION_TYPED_DATA_DOMAIN_NAME
  )
}

/**
 * A procedure's row for this input: signing a session's typed data is the session consent at
 * /signSessionKeys; a silent `requestAccounts` asks nothing. Undefined for a name that is no procedure.
 *
 * @example
 * procedurePolicy('signTypedData', [sessionTypedData]) // { prompt: 'signSession', route: 'signSessionKeys', … }
 */
export function procedurePolicy(procedure: string, input?: unknown): ProcedurePolicy | undefined {
  const row = Object.hasOwn(PROCEDURE_POLICIES, procedure)
    ? PROCEDURE_POLICIES[procedure as MutationName]
    : undefined
  if (row === SIGN && isSessionTypedData((Array.isArray(input) ? input[0] : input) as TypedDataLike)) {
    return { ...row, prompt: 'signSession', route: 'signSessionKeys' }
  }
  if (
    procedure === 'requestAccounts' &&
    (input as { silent_mode?: unknown } | undefined)?.silent_mode === true
  ) {
    return READ
  }
  return row
}

/**
 * Where a popup opens for a procedure and how big (docs/protocol.md, Parties and routes): signing 385x440, review 385x775,
 * everything else the login page at 775x385.
 *
 * @example
 * popupFor('execute') // { route: '/review', width: 385, height: 775 }
 */
export function popupFor(
  procedure: string,
  input?: unknown,
): { route: string; width: number; height: number } {
  const row = procedurePolicy(procedure, input) ?? NONE
  return { route: WALLET_ROUTES[row.route], ...POPUP_SIZES[row.size] }
}
