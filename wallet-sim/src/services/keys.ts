// The simulator's own secrets: the guardian (cosigner) key and the paymaster relayer's key. Each instance has
// its own, random at its first start (kept in the `--state` file) unless the command line or the options set
// one; none is a constant of the package, so one wallet-sim's keys say nothing about another's.
import { randomBytes } from 'node:crypto'
import { Point } from '@scure/starknet'
import { isRpcHexFelt } from '@webwallet/protocol/constants'

const ORDER = Point.Fn.ORDER

/**
 * A fresh Stark private key: a uniformly random scalar from 1 to the curve order - 1, as 0x hex.
 * @example const guardianPrivateKey = randomStarkKey()
 */
export function randomStarkKey(): string {
  // 64 random bytes reduced modulo order - 1: the bias is below 2^-250.
  const wide = BigInt(`0x${randomBytes(64).toString('hex')}`)
  return `0x${((wide % (ORDER - 1n)) + 1n).toString(16)}`
}

/** Whether `key` is a Stark private key (0x hex, 1 … order - 1); the message never echoes the key. */
export function checkStarkKey(key: string, what: string): string {
  if (!isRpcHexFelt(key)) throw new TypeError(`${what} must be a hex felt: 0x and 1 to 64 hex digits`)
  const value = BigInt(key)
  if (value === 0n || value >= ORDER)
    throw new TypeError(`${what} must be a Stark curve scalar, from 0x1 to 0x${(ORDER - 1n).toString(16)}`)
  return `0x${value.toString(16)}`
}
