// Typed data written back from its canonical form, one spelling per felt: numbers as 0x hex, a short string
// as its text (only where that text encodes to the same felt and reads as no number), a selector given by
// name as that name (its keccak is what is signed), so code that reads JSON (session records, the session
// screen) reads exactly the signed felts. Same types, same hash.

import { FIELD_PRIME } from '../session/felt'
import { toHex } from '../starknet/felt'
import type { CanonicalNode, CanonicalStruct, CanonicalTypedData } from './tree'

const I128 = 2n ** 127n
/** An entry-point name, as the reader accepts one for a selector. */
const ENTRY_POINT = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/

/** JSON typed data as starknet.js accepts it. */
export interface CanonicalJson {
  types: Record<string, { name: string; type: string; contains?: string }[]>
  primaryType: string
  domain: Record<string, unknown>
  message: Record<string, unknown>
}

function respell(node: CanonicalNode, given: unknown): unknown {
  switch (node.kind) {
    case 'felt':
      // A short string is written as its text (which encodes to it); a negative i128 signed, as its range check
      // reads it; every other felt in hex, the form code reading numbers (BigInt, Number) reads one way.
      if (node.type === 'shortstring' && node.text !== undefined) return node.text
      return node.type === 'i128' && node.felt >= I128 ? `-${FIELD_PRIME - node.felt}` : toHex(node.felt)
    case 'bool':
      return node.value
    case 'string':
      return node.text
    case 'selector':
      // An entry-point name stays (the reader hashed exactly it: its keccak is the felt signed), so screens
      // can name the method; a hex selector is written in canonical hex.
      return typeof given === 'string' && ENTRY_POINT.test(given) ? given : toHex(node.felt)
    case 'struct':
      return respellStruct(node, given)
    case 'array':
      return node.items.map((item, i) => respell(item, at(given, i)))
    case 'merkletree':
      return node.leaves.map((leaf, i) => respell(leaf, at(given, i)))
    case 'enum':
      return { [node.variant]: node.values.map((value, i) => respell(value, at(at(given, node.variant), i))) }
  }
}

/** The value at `key` of what the dapp gave, when there is one. */
const at = (given: unknown, key: string | number): unknown =>
  typeof given === 'object' && given !== null && Object.hasOwn(given, key)
    ? (given as Record<string | number, unknown>)[key]
    : undefined

const respellStruct = (node: CanonicalStruct, given: unknown): Record<string, unknown> =>
  Object.fromEntries(node.fields.map((field) => [field.name, respell(field.node, at(given, field.name))]))

/**
 * The canonical spelling of typed data: `types` as given, domain and message rewritten from the felts.
 * @example respellTypedData(typedData, readTypedData(typedData)).domain.name // 'SessionAccount.session'
 */
export function respellTypedData(
  typedData: { types: CanonicalJson['types']; domain?: unknown; message?: unknown },
  canonical: CanonicalTypedData,
): CanonicalJson {
  return {
    types: typedData.types,
    primaryType: canonical.primaryType,
    // The revision is identified by its spelling ('1', or none / '0'), not by its felt.
    domain: { ...respellStruct(canonical.domain, typedData.domain), ...revisionSpelling(canonical) },
    message: respellStruct(canonical.message, typedData.message),
  }
}

function revisionSpelling(canonical: CanonicalTypedData): { revision?: string } {
  const declared = canonical.domain.fields.some((field) => field.name === 'revision')
  return declared ? { revision: String(canonical.revision) } : {}
}
