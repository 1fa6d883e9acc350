// Encodes a value of a declared type into its canonical node, the way starknet.js `encodeValue` /
// `encodeData` hash it, refusing every value whose reading is not certain.
import { FIELD_PRIME } from '../session/felt'
import { fieldsOf, typeHash } from './encodeType'
import { hashElements, merkleTreeRoot, selectorOf } from './hashing'
import { type FieldType, type Schema, tupleMembers } from './schema'
import type { CanonicalNode, CanonicalStruct, TreePath } from './tree'
import {
  byteArrayText,
  feltOrText,
  rangedNumber,
  refuse,
  selectorSpelling,
  shortStringFelt,
  show,
} from './values'

const U128_MAX = 2n ** 128n - 1n
const I128 = 2n ** 127n
const FELT_MAX = FIELD_PRIME - 1n

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * A struct value: every declared field, in order, from the object's own keys.
 * @example encodeStruct(schema, 'Mail', message, ['message'])
 */
export function encodeStruct(schema: Schema, type: string, value: unknown, path: TreePath): CanonicalStruct {
  const fields = fieldsOf(schema, type)
  if (fields === undefined) return refuse(path, `is of the unknown type ${type}`)
  if (!isRecord(value)) return refuse(path, `is not an object (a ${type})`)
  const hash = typeHash(schema, type)
  const encoded = fields.map((field) => {
    const at = [...path, field.name]
    if (!Object.hasOwn(value, field.name) || value[field.name] === undefined || value[field.name] === null)
      refuse(at, 'is missing')
    return { name: field.name, type: field.type, node: encodeField(schema, field, value[field.name], at) }
  })
  return {
    kind: 'struct',
    type,
    felt: hashElements(schema.revision, [hash, ...encoded.map((field) => field.node.felt)]),
    typeHash: hash,
    fields: encoded,
    ...(schema.types.has(type) ? {} : { preset: true as const }),
  }
}

function encodeField(schema: Schema, field: FieldType, value: unknown, path: TreePath): CanonicalNode {
  if (field.type === 'enum') return encodeEnum(schema, field.contains ?? '', value, path)
  if (field.type === 'merkletree') {
    const contains = field.contains ?? ''
    if (!Array.isArray(value) || value.length === 0) return refuse(path, 'is not a non-empty list of leaves')
    const leaves = value.map((leaf, i) => encodeValue(schema, contains, leaf, [...path, i]))
    const felt = merkleTreeRoot(
      schema.revision,
      leaves.map((leaf) => leaf.felt),
    )
    return { kind: 'merkletree', type: 'merkletree', felt, contains, leaves }
  }
  return encodeValue(schema, field.type, value, path)
}

/**
 * A value of any type but enum and merkletree (which need their field's `contains`).
 * @example encodeValue(schema, 'felt*', ['0x1', 2], ['message', 'calldata'])
 */
export function encodeValue(schema: Schema, type: string, value: unknown, path: TreePath): CanonicalNode {
  if (fieldsOf(schema, type)) return encodeStruct(schema, type, value, path)
  if (type.endsWith('*')) {
    if (!Array.isArray(value)) return refuse(path, `is not a list (${type})`)
    const items = value.map((item, i) => encodeValue(schema, type.slice(0, -1), item, [...path, i]))
    return {
      kind: 'array',
      type,
      felt: hashElements(
        schema.revision,
        items.map((item) => item.felt),
      ),
      items,
    }
  }
  if (tupleMembers(type) !== undefined || type === 'enum' || type === 'merkletree')
    return refuse(path, `is of type ${type}, which only an enum or a Merkle tree field may hold`)
  if (type === 'bool') {
    if (typeof value !== 'boolean') return refuse(path, `${show(value)} is not true or false`)
    return { kind: 'bool', type: 'bool', felt: value ? 1n : 0n, value }
  }
  if (type === 'selector') {
    const spelling = selectorSpelling(value, path)
    return {
      kind: 'selector',
      type: 'selector',
      felt: 'hex' in spelling ? spelling.hex : selectorOf(spelling.name),
    }
  }
  if (schema.revision === 0) return { kind: 'felt', type, ...feltOrText(value, path) }
  return encodeRevision1Basic(schema, type, value, path)
}

function encodeRevision1Basic(schema: Schema, type: string, value: unknown, path: TreePath): CanonicalNode {
  switch (type) {
    case 'string': {
      const text = byteArrayText(value, path)
      return {
        kind: 'string',
        type: 'string',
        felt: hashElements(schema.revision, byteArray(text, path)),
        text,
      }
    }
    case 'felt':
    case 'shortstring':
      return { kind: 'felt', type, ...feltOrText(value, path) }
    case 'u128':
    case 'timestamp':
      return { kind: 'felt', type, felt: rangedNumber(value, 0n, U128_MAX, path) }
    case 'i128': {
      const number = rangedNumber(value, -I128, I128 - 1n, path)
      return { kind: 'felt', type, felt: number < 0n ? FIELD_PRIME + number : number }
    }
    case 'ContractAddress':
    case 'ClassHash':
      return { kind: 'felt', type, felt: rangedNumber(value, 0n, FELT_MAX, path) }
    default:
      return refuse(path, `is of the unknown type ${type}`)
  }
}

/** A Cairo ByteArray: [number of full words, …full words, pending word, its length]. */
function byteArray(text: string, path: TreePath): bigint[] {
  const words: bigint[] = []
  for (let i = 0; i < text.length; i += 31) words.push(shortStringFelt(text.slice(i, i + 31), path))
  const pendingLength = text.length % 31
  const pending = pendingLength === 0 ? 0n : (words.pop() ?? 0n)
  return [BigInt(words.length), ...words, pending, BigInt(pendingLength)]
}

function encodeEnum(schema: Schema, enumType: string, value: unknown, path: TreePath): CanonicalNode {
  const variants = schema.types.get(enumType) ?? []
  const keys = isRecord(value) ? Object.keys(value) : []
  if (!isRecord(value) || keys.length !== 1)
    return refuse(path, `is not an object of exactly one ${enumType} variant`)
  const variant = keys[0]!
  const index = variants.findIndex((v) => v.name === variant)
  if (index < 0) return refuse(path, `${JSON.stringify(variant)} is no variant of ${enumType}`)
  const members = tupleMembers(variants[index]!.type) ?? []
  const data = value[variant]
  if (members.length > 0 && (!Array.isArray(data) || data.length !== members.length))
    return refuse([...path, variant], `is not a list of ${members.length} values`)
  const values = members.map((member, i) =>
    encodeValue(schema, member, (data as unknown[])[i], [...path, variant, i]),
  )
  // A unit variant hashes as [index, 0]: starknet.js encodes its empty member list '()' as one empty element.
  const elements = members.length === 0 ? [BigInt(index), 0n] : [BigInt(index), ...values.map((v) => v.felt)]
  return {
    kind: 'enum',
    type: 'enum',
    felt: hashElements(schema.revision, elements),
    enumType,
    variant,
    index,
    values,
  }
}
