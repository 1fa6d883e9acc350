import { InvalidAddressFormatError } from '@webwallet/protocol/errors'
import { FIELD_PRIME } from '@webwallet/protocol/session'

const ADDRESS = /^0x[0-9a-f]{1,64}$/i

/**
 * An address the host app gave (a call's contract, an account in a backend URL), unchanged once checked; any
 * other value is 'Invalid Address Format' before it can reach a URL or a transaction.
 *
 * @example
 * hostAddress('0x049d3') // '0x049d3'; hostAddress('../admin') throws
 */
export function hostAddress(value: unknown): string {
  if (typeof value !== 'string' || !ADDRESS.test(value) || BigInt(value) >= FIELD_PRIME) {
    throw new InvalidAddressFormatError()
  }
  return value
}
