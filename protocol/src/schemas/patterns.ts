// The number patterns the schemas share, declared once.

/** 0x and hex digits of either case: felts, addresses, class hashes. */
export const PREFIXED_HEX_RE = /^0x[0-9a-fA-F]+$/
/** starknet.js' hex test for calldata and short strings: also accepts a 0X prefix. */
export const CALLDATA_HEX_RE = /^0x[0-9a-f]+$/i
/** Decimal digits only. */
export const DECIMAL_RE = /^\d+$/
