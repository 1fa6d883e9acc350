// Where the demo finds wallet-sim, and the contracts wallet-sim deploys at fixed addresses.
import { isHexFelt } from '@webwallet/protocol/constants'
import { devUrls } from '@webwallet/shim'

/**
 * wallet-sim's origin as the browser sees it: `?wallet=` in the page URL (tests start the simulator on a free
 * port), else VITE_WALLET_URL at build time, else http://localhost:3005.
 */
export const WALLET_URL: string = new URL(
  new URLSearchParams(location.search).get('wallet') ??
    (import.meta.env.VITE_WALLET_URL as string | undefined) ??
    'http://localhost:3005',
).origin

/** Every URL of the dev environment, on {@link WALLET_URL}. */
export const URLS = devUrls(WALLET_URL)

/** wallet-sim's demo counter contract (`increment`, `set_value`, `get_counter`). */
export const COUNTER_ADDRESS = '0x00c0ffee000000000000000000000000000000000000000000000000000c0de2'
/** STRK, at its canonical Starknet address. */
export { STRK_ADDRESS } from '@webwallet/protocol/constants'

/**
 * A contract of the user's own to call through the session (docs/own-contracts.md): a counter with
 * `increase(amount)` and `get`, e.g. examples/contracts/counter deployed on starknet-devnet. `?contract=` in
 * the page URL, else VITE_CONTRACT_ADDRESS at build time; `?amount=` (default 1) is what one click adds.
 * Absent: the demo is as before.
 */
export const USER_CONTRACT = userContract(
  new URLSearchParams(location.search),
  import.meta.env.VITE_CONTRACT_ADDRESS as string | undefined,
)

/** The user's contract from the page URL or the build, or why it was refused (shown by its panel). */
export function userContract(
  params: URLSearchParams,
  built: string | undefined,
): { address: string; amount: string } | { error: string } | undefined {
  const address = params.get('contract') ?? built
  if (!address) return undefined
  if (!isHexFelt(address)) return { error: `?contract= is not a contract address: ${address}` }
  const amount = params.get('amount') ?? '1'
  if (!/^[1-9][0-9]{0,30}$/.test(amount)) return { error: `?amount= is not a positive integer: ${amount}` }
  return { address, amount }
}

/**
 * The session the demo asks for: the counter's two external entry points (and the user's contract's
 * `increase`, when one is given), nothing more. No token `transfer`
 * for gas: the SDK adds the fee tokens' `transfer` itself when the account pays gas in a token, and the
 * cosigner lets it pay only the paymaster, within the session's fee caps.
 */
export const ALLOWED_METHODS = [
  { contract: COUNTER_ADDRESS, selector: 'increment' },
  { contract: COUNTER_ADDRESS, selector: 'set_value' },
  ...(USER_CONTRACT && 'address' in USER_CONTRACT
    ? [{ contract: USER_CONTRACT.address, selector: 'increase' }]
    : []),
]
