// invisible-sdk 1.0.0's exported constants, from the SDK's own values (no second copy of an address).
import { CHAIN_IDS } from '@webwallet/protocol'
import { FEE_TOKENS } from '../session/request'

/** invisible-sdk's `StarknetChainId`: `SN_MAIN` and `SN_SEPOLIA` as felt hex. */
export const StarknetChainId = CHAIN_IDS
export type StarknetChainId = (typeof CHAIN_IDS)[keyof typeof CHAIN_IDS]

/** STRK's address on mainnet and Sepolia. @example strkAddress // '0x04718f5a...938d' */
export const strkAddress = FEE_TOKENS[0]

/** ETH's address on mainnet and Sepolia. @example ethAddress // '0x049d3657...4dc7' */
export const ethAddress = FEE_TOKENS[1]
