import type { inferRouterInputs } from '@trpc/server'
import type { WalletRouter } from '@webwallet/protocol/router'

// Types only: the wallet router's procedure names and inputs, so every call the connector makes is
// checked against protocol's contract at compile time without bundling its schemas.

/** Every wallet procedure input, by name. */
export type WalletInputs = inferRouterInputs<WalletRouter>
/** The wallet's mutations (everything but the updateModal and walletEvents subscriptions). */
export type WalletMutation = Exclude<keyof WalletInputs, 'updateModal' | 'walletEvents'>
/** A procedure name with its input. */
export type WalletCall = { [N in WalletMutation]: { procedure: N; input: WalletInputs[N] } }[WalletMutation]
