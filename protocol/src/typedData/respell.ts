// Typed data written back from its canonical form, one spelling per felt: numbers as 0x hex, a short string
// as its text (only where that text encodes to the same felt and reads as no number), so code that reads JSON
// (session records, the session screen) reads exactly the signed felts. Same types, same hash.
import { toHex } from '../schemas/felt'
import { FIELD_PRIME } from '../session/felt'
import type { CanonicalNode, CanonicalStruct, CanonicalTypedData } from './tree'

const I128 = 2n ** 127n

/** JSON typed data as starknet.js accepts it. */
export interface CanonicalJson {
  types: Record<string, { name: string; type: string; contains?: string }[]>
  primaryType: string
  domain: Record<string, unknown>
  message: Record<string, unknown>
}

function respell(node: CanonicalNode): unknown {
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
      return toHex(node.felt)
    case 'struct':
      return respellStruct(node)
    case 'array':
      return node.items.map(respell)
    case 'merkletree':
      return node.leaves.map(respell)
    case 'enum':
      return { [node.variant]: node.values.map(respell) }
  }
}

const respellStruct = (node: CanonicalStruct): Record<string, unknown> =>
  Object.fromEntries(node.fields.map((field) => [field.name, respell(field.node)]))

/**
 * The canonical spelling of typed data: `types` as given, domain and message rewritten from the felts.
 * @example respellTypedData(typedData, readTypedData(typedData)).domain.name // 'SessionAccount.session'
 */
export function respellTypedData(
  typedData: { types: CanonicalJson['types'] },
  canonical: CanonicalTypedData,
): CanonicalJson {
  return {
    types: typedData.types,
    primaryType: canonical.primaryType,
    // The revision is identified by its spelling ('1', or none / '0'), not by its felt.
    domain: { ...respellStruct(canonical.domain), ...revisionSpelling(canonical) },
    message: respellStruct(canonical.message),
  }
}

function revisionSpelling(canonical: CanonicalTypedData): { revision?: string } {
  const declared = canonical.domain.fields.some((field) => field.name === 'revision')
  return declared ? { revision: String(canonical.revision) } : {}
}
