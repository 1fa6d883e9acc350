// The connector's identity (starknetkit reads the id): apart from createConnector.ts, so that the lazy
// connector of the SDK's first chunk has it without the connector's code.
import { ENVIRONMENT_NAMES, type EnvironmentName, getEnvironment } from '@webwallet/protocol/constants'
import { ValidationError } from '@webwallet/protocol/errors'
import { exactOrigin } from '../messenger/origin'

/**
 * The connector's id, as starknetkit's web-wallet connector names itself (starknetkit and the last-connection
 * key read it). @example createConnector().id === CONNECTOR_ID // true
 */
export const CONNECTOR_ID = 'argentWebWallet'
/** The connector's display name, starknetkit's. @example new WebWalletConnector().name // 'Argent Web Wallet' */
export const CONNECTOR_NAME = 'Argent Web Wallet'
// Kept as SVG text (gzips to half the base64) and encoded once: the same data URL as before.
/** The connector's icon, a data URL of an SVG. @example <img src={CONNECTOR_ICON} alt="" /> */
export const CONNECTOR_ICON = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#FF875B"/><path d="M19 7h-6l-.3 5.5C10 14 8 16.5 8 20h16c0-3.5-2-6-4.7-7.5z" fill="#fff"/></svg>',
)}`

/** The connector options {@link connectorSetup} checks. */
export type SetupOptions = {
  url?: string | undefined
  environment?: EnvironmentName | undefined
  transport?: string | undefined
}

/**
 * Checks a connector's environment, wallet URL and transport (coded VALIDATION errors) and answers the
 * wallet URL and transport mode: once, for the connector and the lazy connector alike.
 *
 * @example
 * connectorSetup({ environment: 'dev' }) // { walletUrl: 'http://localhost:3005', mode: 'auto' }
 */
export function connectorSetup(options: SetupOptions): { walletUrl: string; mode: string } {
  const { environment } = options
  // Checked even with a url: the chain id of a popup connection is read from it later.
  if (environment !== undefined && !ENVIRONMENT_NAMES.includes(environment)) {
    throw new ValidationError([
      { path: ['environment'], message: `Unknown environment: ${String(environment)}` },
    ])
  }
  const walletUrl = options.url ?? getEnvironment(environment).webWalletUrl
  exactOrigin(walletUrl) // a wallet URL that is not a web origin fails here, coded
  const mode = options.transport ?? 'auto'
  if (!['auto', 'iframe', 'popup', 'websocket', 'http'].includes(mode)) {
    throw new ValidationError([{ path: ['transport'], message: `Unknown transport: ${String(mode)}` }])
  }
  return { walletUrl, mode }
}
