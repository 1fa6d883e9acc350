import {
  POPUP_SIZES,
  SESSION_TYPED_DATA_DOMAIN_NAME,
  SESSION_TYPED_DATA_PRIMARY_TYPE,
  WALLET_ROUTES,
} from '@webwallet/protocol/constants'
import type { PopupPlacement } from '../dialog/types'

/** Typed data as far as routing needs to read it. */
type TypedDataLike = { primaryType?: unknown; domain?: { name?: unknown } } | undefined

/**
 * Is this a session's typed data (primaryType Session, domain 'SessionAccount.session')? For choosing the popup
 * only, so the bundle stays free of the SNIP-12 encoder: the wallet reads what it shows with the canonical reader.
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
 * The popup route and size for a wallet procedure (docs/protocol.md, Parties and routes); connectAndSignSession
 * opens the login page, as starknetkit 2.x and 3.x do (the page logs the user in, then asks for the session).
 *
 * @example
 * popupPlacement('signTypedData', typedData) // { route: '/signMessage', width: 385, height: 440 }
 */
export function popupPlacement(procedure: string, input?: unknown): PopupPlacement {
  switch (procedure) {
    case 'signTypedData':
    case 'signMessage':
      // The router takes the typed data as a one-element tuple.
      return isSessionTypedData((Array.isArray(input) ? input[0] : input) as TypedDataLike)
        ? { route: WALLET_ROUTES.signSessionKeys, ...POPUP_SIZES.signing }
        : { route: WALLET_ROUTES.signMessage, ...POPUP_SIZES.signing }
    case 'addInvokeTransaction':
    case 'execute':
      return { route: WALLET_ROUTES.review, ...POPUP_SIZES.review }
    default:
      return { route: WALLET_ROUTES.login, ...POPUP_SIZES.default }
  }
}
