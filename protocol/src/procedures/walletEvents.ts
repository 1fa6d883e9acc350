import * as z from 'zod/mini'

// The wallet's pushed events (docs/protocol.md, Pushed events): account and network changes, carried by
// the router's `walletEvents` subscription, an addition to the original procedures:
// a wallet without it answers the subscription with an error and dapps learn changes from their requests.

/** The procedure name of the subscription that pushes {@link WalletEvent}s. */
export const WALLET_EVENTS_PROCEDURE = 'walletEvents'

/**
 * One change the connected dapp must follow: the accounts it may see now (empty: logged out, or the user
 * now logged in never connected this dapp), or the wallet's chain id with those accounts.
 *
 * @example
 * WalletEventSchema.parse({ type: 'accountsChanged', accounts: [] }) // the user logged out
 */
export const WalletEventSchema = z.union([
  z.object({ type: z.enum(['accountsChanged']), accounts: z.array(z.string()) }),
  z.object({ type: z.enum(['networkChanged']), chainId: z.string(), accounts: z.array(z.string()) }),
])
/** A value {@link WalletEventSchema} accepts, as it parses it. */
export type WalletEvent = z.infer<typeof WalletEventSchema>
