// Bytes and their hex digits, written once for the SDK, protocol and the wallet (no zod, no starknet.js).

/**
 * Lowercase hex of bytes, two digits a byte, without `0x`.
 *
 * @example
 * bytesToHex(new Uint8Array([1, 255])) // '01ff'
 */
export function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/**
 * The bytes of hex digits without `0x`, in either case; an odd count reads as if led by a 0 (the bytes of a
 * number's hex). `undefined` when a character is not a hex digit: each caller refuses that its own way.
 *
 * @example
 * hexToBytes('01ff') // Uint8Array [1, 255]
 * hexToBytes('abc') // Uint8Array [0x0a, 0xbc]
 */
export function hexToBytes(hex: string): Uint8Array | undefined {
  if (!/^[\da-f]*$/i.test(hex)) return undefined
  return Uint8Array.from((hex.length % 2 ? `0${hex}` : hex).match(/../g) ?? [], (byte) =>
    Number.parseInt(byte, 16),
  )
}
