// The one reader of SNIP-12 typed data: checks the types, identifies the revision and encodes the domain and
// the message into their canonical tree, with the hash starknet.js computes from the same JSON.

import { FIELD_PRIME } from '../session/felt'
import { encodeStruct } from './encode'
import { hashElements, MESSAGE_PREFIX } from './hashing'
import { readSchema } from './schema'
import type { CanonicalTypedData } from './tree'
import { rangedNumber, refuse, show } from './values'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Reads typed data as received into its canonical form. Throws ValidationError (wallet API 114) for an unknown
 * revision, a type that shadows a basic or preset type, a missing or cyclic type, or a value that does not
 * encode; whatever it accepts hashes exactly as starknet.js (v8 and v10) hashes it.
 *
 * @example
 * const canonical = readTypedData(typedData)
 * canonical.message.fields[0] // { name: 'Caller', type: 'ContractAddress', node: { kind: 'felt', felt: 0x414e…n } }
 * canonical.messageHash(accountAddress) // === BigInt(typedData.getMessageHash(typedData, accountAddress))
 */
export function readTypedData(typedData: unknown): CanonicalTypedData {
  if (!isRecord(typedData)) return refuse([], 'is not an object')
  const { types, domain, primaryType, message } = typedData
  if (!isRecord(domain)) return refuse(['domain'], 'is not an object')
  const schema = readSchema(types, domain)
  if (typeof primaryType !== 'string' || !schema.types.has(primaryType))
    return refuse(['primaryType'], `${show(primaryType)} is not a type of this typed data`)
  if (primaryType === schema.domainType) return refuse(['primaryType'], 'is the domain type')
  const encodedDomain = encodeStruct(schema, schema.domainType, domain, ['domain'])
  const encodedMessage = encodeStruct(schema, primaryType, message, ['message'])
  return {
    revision: schema.revision,
    domain: encodedDomain,
    primaryType,
    message: encodedMessage,
    messageHash(account: unknown): bigint {
      const address = rangedNumber(account, 0n, FIELD_PRIME - 1n, ['account'])
      return hashElements(schema.revision, [MESSAGE_PREFIX, encodedDomain.felt, address, encodedMessage.felt])
    },
  }
}
