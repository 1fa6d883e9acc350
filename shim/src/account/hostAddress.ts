import { FIELD_PRIME, isHexFelt } from '@webwallet/protocol/constants'
import { InvalidAddressFormatError } from '@webwallet/protocol/errors'

/**
 * An address the host app gave (a call's contract, an account in a backend URL), unchanged once checked; any
 * other value is 'Invalid Address Format' before it can reach a URL or a transaction.
 *
 * @example
 * hostAddress('0x049d3') // '0x049d3'; hostAddress('../admin') throws
 */
export function hostAddress(value: unknown): string {
  if (!isHexFelt(value) || BigInt(value) >= FIELD_PRIME) {
    throw new InvalidAddressFormatError()
  }
  return value
}
