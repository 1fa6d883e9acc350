// Builds the SDK for the demo: wallet-sim in dev, with the transport and gas options the user picked.
import { WebWallet } from '@webwallet/shim'
import { createConnector } from '@webwallet/shim/connector'
import { p256SessionKey } from '@webwallet/shim/p256'
import { chainNow } from './clock'
import { ALLOWED_METHODS, STRK_ADDRESS, URLS, WALLET_URL } from './config'

export type TransportChoice = 'auto' | 'iframe' | 'popup'
export type GasChoice = 'self' | 'sponsored' | 'strk'
export type SessionKeyChoice = 'stark' | 'p256'

/** How each gas choice reaches the chain, in the words a user reads. */
export const GAS_ROUTES: Record<GasChoice, string> = {
  self: 'Gas paid by the account',
  sponsored: 'Gasless, sponsored by the app',
  strk: 'Gasless, paid in STRK',
}

/** The paymaster api key wallet-sim sponsors by default (see its `--paymaster-key` option). */
export const SPONSOR_API_KEY: string =
  (import.meta.env.VITE_PAYMASTER_API_KEY as string | undefined) ?? 'wallet-sim-sponsor'

export function createDemoWallet(
  transport: TransportChoice,
  gas: GasChoice,
  sessionKey: SessionKeyChoice = 'stark',
) {
  const connector = createConnector({ url: WALLET_URL, transport, theme: 'dark', brandName: 'wallet-sim' })
  const wallet = WebWallet.init({
    appName: 'webwallet-demo',
    environment: 'dev',
    urls: URLS,
    connector,
    now: chainNow,
    sessionParams: { allowedMethods: ALLOWED_METHODS, validityDays: 1 },
    ...(gas === 'sponsored' ? { paymasterParams: { apiKey: SPONSOR_API_KEY } } : {}),
    ...(gas === 'strk' ? { paymasterParams: { tokenAddress: STRK_ADDRESS } } : {}),
    ...(sessionKey === 'p256' ? { sessionKey: p256SessionKey() } : {}),
  })
  return { wallet, connector }
}

/** The execute options for the chosen gas payment. */
export function gasOptions(gas: GasChoice) {
  if (gas === 'self') return {}
  return gas === 'strk' ? { gasless: true, gasTokenAddress: STRK_ADDRESS } : { gasless: true }
}
