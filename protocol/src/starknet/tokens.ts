// The fee tokens: STRK and ETH, at the same addresses on mainnet and Sepolia (and on wallet-sim's chain).

/**
 * The STRK ERC-20 contract (the fee token of v3 transactions), at the same address on mainnet and Sepolia,
 * and on wallet-sim's chain.
 *
 * @example
 * { contractAddress: STRK_ADDRESS, entrypoint: 'balance_of', calldata: [account] }
 */
export const STRK_ADDRESS = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
/** The ETH ERC-20 contract (StarkGate), at the same address on mainnet and Sepolia, and on wallet-sim's chain. */
export const ETH_ADDRESS = '0x049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7'

/**
 * The fee tokens per network, STRK first (the order of the default session metadata's fee allowances).
 *
 * @example
 * FEE_TOKEN_ADDRESSES.SN_SEPOLIA.STRK === STRK_ADDRESS // true
 */
export const FEE_TOKEN_ADDRESSES = {
  SN_MAIN: { STRK: STRK_ADDRESS, ETH: ETH_ADDRESS },
  SN_SEPOLIA: { STRK: STRK_ADDRESS, ETH: ETH_ADDRESS },
} as const
