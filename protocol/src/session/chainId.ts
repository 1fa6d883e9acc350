import { integerOf } from '../starknet/felt'
import { type Felt, type FeltLike, shortString, toFelt } from './felt'

/**
 * A chain id as a felt, from its hex form ('0x534e5f5345504f4c4941'), a bigint, or its name ('SN_SEPOLIA').
 * @example chainIdFelt('SN_SEPOLIA') === chainIdFelt('0x534e5f5345504f4c4941') // true
 */
export function chainIdFelt(chainId: FeltLike): Felt {
  if (typeof chainId === 'string' && integerOf(chainId) === undefined) return shortString(chainId)
  return toFelt(chainId)
}
