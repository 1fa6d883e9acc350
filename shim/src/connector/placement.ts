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
 * Is this the typed data of a session (primaryType Session, domain 'SessionAccount.session')? Only where the
 * popup opens (the bundle stays free of starknet.js and the SNIP-12 encoder): the wallet decides what it shows
 * from the canonical reader (`@webwallet/protocol/typedData`), whichever page opened.
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
 * The popup route and size for a wallet procedure (docs/protocol.md, Parties and routes): signing routes 385x440, review
 * 385x775, everything else the login page at 775x385, connectAndSignSession too (as starknetkit 2.x and 3.x
 * open it: the page logs the user in, then asks for the session).
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
