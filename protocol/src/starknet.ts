// Starknet facts, written once: the field, the fee tokens, and the felt helpers that need nothing but
// bigints. No zod and no starknet.js, so a browser bundle (the shim, the wallet page) pays only for what it
// reads; `@webwallet/protocol/constants` re-exports it. A scan test (e2e/tests/scripts/starknetFacts) keeps
// the literals here.

/** The Stark field prime 2^251 + 17·2^192 + 1: every felt is below it. */
export const FIELD_PRIME = 2n ** 251n + 17n * 2n ** 192n + 1n

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

/** A felt on a JSON wire: 0x and 1 to 64 hex digits, or 1 to 78 decimal digits (2^256 has 78). */
export const FELT_STRING_RE = /^(0x[0-9a-fA-F]{1,64}|[0-9]{1,78})$/

/**
 * Lowercase 0x-hex of a non-negative bigint, without padding: how the RPC writes a felt.
 *
 * @example
 * toHex(31n) // '0x1f'
 */
export function toHex(value: bigint): string {
  return `0x${value.toString(16)}`
}

/**
 * The felt of a Cairo short string (its ASCII bytes read big-endian), or `undefined` for more than 31
 * characters or a character outside ASCII; each caller refuses those with its own coded error.
 *
 * @example
 * shortStringFelt('SN_MAIN') // 0x534e5f4d41494en
 */
export function shortStringFelt(text: string): bigint | undefined {
  if (text.length > 31) return undefined
  let felt = 0n
  for (const char of text) {
    const code = char.charCodeAt(0)
    if (code > 0x7f || char.length !== 1) return undefined
    felt = (felt << 8n) | BigInt(code)
  }
  return felt
}

/**
 * The text of a felt read as a short string, or `undefined` when it is 0 or holds a byte that is not
 * printable ASCII.
 *
 * @example
 * decodeShortString(0x534e5f4d41494en) // 'SN_MAIN'
 */
export function decodeShortString(value: bigint): string | undefined {
  if (value <= 0n) return undefined
  let hex = value.toString(16)
  if (hex.length % 2) hex = `0${hex}`
  let out = ''
  for (let i = 0; i < hex.length; i += 2) {
    const code = Number.parseInt(hex.slice(i, i + 2), 16)
    if (code < 0x20 || code > 0x7e) return undefined
    out += String.fromCharCode(code)
  }
  return out
}
