// The types of SNIP-12 typed data, checked before any value is read: the revision, every type a field names
// defined, no cycle, and no dapp type that takes the name of a basic or preset type (starknet.js looks a
// dapp's `types[name]` up first, so `types.shortstring = [...]` would turn every short string into a struct).
import type { Revision, TreePath } from './tree'
import { refuse } from './values'

/** One member of a struct as declared. */
export interface FieldType {
  name: string
  type: string
  contains?: string
}

/** The checked types of one typed data. */
export interface Schema {
  revision: Revision
  /** The dapp's types, own keys only. */
  types: ReadonlyMap<string, readonly FieldType[]>
  /** `StarknetDomain` (revision 1) or `StarkNetDomain` (revision 0). */
  domainType: string
}

/** Types every revision encodes itself; a dapp may not define a type of these names. */
export const BASIC_TYPES = [
  'felt',
  'bool',
  'string',
  'selector',
  'merkletree',
  'enum',
  'u128',
  'i128',
  'ContractAddress',
  'ClassHash',
  'timestamp',
  'shortstring',
] as const

/** Revision 1's preset structs. */
export const PRESET_TYPES: Readonly<Record<string, readonly FieldType[]>> = {
  u256: [
    { name: 'low', type: 'u128' },
    { name: 'high', type: 'u128' },
  ],
  TokenAmount: [
    { name: 'token_address', type: 'ContractAddress' },
    { name: 'amount', type: 'u256' },
  ],
  NftId: [
    { name: 'collection_address', type: 'ContractAddress' },
    { name: 'token_id', type: 'u256' },
  ],
}

const RESERVED = new Set<string>([...BASIC_TYPES, ...Object.keys(PRESET_TYPES), '__proto__'])
// Characters that carry meaning in an encoded type string: a name holding them could spell another type.
const NAME = /^[^(),:"*]+$/

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The revision as starknet.js identifies it (`identifyRevision`), or a refusal.
 * @example revisionOf({ StarknetDomain: [] }, { revision: '1' }) // 1
 */
export function revisionOf(types: Record<string, unknown>, domain: Record<string, unknown>): Revision {
  const revision = domain.revision
  const active = Object.hasOwn(types, 'StarknetDomain')
  const legacy = Object.hasOwn(types, 'StarkNetDomain')
  if (active && legacy) refuse(['types'], 'defines both StarknetDomain and StarkNetDomain')
  if (active && (revision === '1' || revision === 1 || revision === 1n)) return 1
  if (legacy && (revision === undefined || revision === null || revision === '0')) return 0
  return refuse(
    ['domain', 'revision'],
    `${JSON.stringify(String(revision))} with ${active ? 'StarknetDomain' : legacy ? 'StarkNetDomain' : 'no domain type'} is no SNIP-12 revision (1 with StarknetDomain, 0 or none with StarkNetDomain)`,
  )
}

function readFields(name: string, raw: unknown): FieldType[] {
  if (!Array.isArray(raw)) refuse(['types', name], 'is not a list of fields')
  return raw.map((field, index) => {
    const path = ['types', name, index]
    if (!isRecord(field) || typeof field.name !== 'string' || typeof field.type !== 'string')
      refuse(path, 'is not a { name, type } field')
    if (!NAME.test(field.name) || field.name === '__proto__')
      refuse([...path, 'name'], `${JSON.stringify(field.name)} is not a field name`)
    if (field.contains !== undefined && typeof field.contains !== 'string')
      refuse([...path, 'contains'], 'is not a type name')
    return field.contains === undefined
      ? { name: field.name, type: field.type }
      : { name: field.name, type: field.type, contains: field.contains }
  })
}

/**
 * Checks the types of typed data and identifies its revision.
 * @example readSchema(typedData.types, typedData.domain).revision // 1
 */
export function readSchema(rawTypes: unknown, domain: Record<string, unknown>): Schema {
  if (!isRecord(rawTypes)) refuse(['types'], 'is not an object of types')
  const revision = revisionOf(rawTypes, domain)
  const domainType = revision === 1 ? 'StarknetDomain' : 'StarkNetDomain'
  const types = new Map<string, FieldType[]>()
  for (const [name, raw] of Object.entries(rawTypes)) {
    if (RESERVED.has(name) || !NAME.test(name))
      refuse(['types', name], 'is the name of a basic or preset SNIP-12 type, or no type name')
    types.set(name, readFields(name, raw))
  }
  const schema: Schema = { revision, types, domainType }
  for (const [name, fields] of types)
    for (const [i, field] of fields.entries()) checkField(schema, name, field, ['types', name, i])
  refuseCycles(schema)
  return schema
}

/** The tuple members of an enum variant's type, `(a,b*)`; undefined for any other type. */
export const tupleMembers = (type: string): string[] | undefined =>
  /^\(.*\)$/.test(type) ? (type === '()' ? [] : type.slice(1, -1).split(',')) : undefined

/** Whether a type name is one a value can be encoded as (struct, preset, basic; arrays of those). */
function isValueType(schema: Schema, type: string): boolean {
  const base = type.endsWith('*') ? type.slice(0, -1) : type
  if (base === 'enum' || base === 'merkletree' || base === schema.domainType) return false
  if (schema.types.has(base) || (BASIC_TYPES as readonly string[]).includes(base)) return true
  return schema.revision === 1 && Object.hasOwn(PRESET_TYPES, base)
}

function checkField(schema: Schema, owner: string, field: FieldType, path: TreePath): void {
  const { type, contains } = field
  const members = tupleMembers(type)
  if (members !== undefined) {
    // Tuples are the variants of an enum (revision 1), one type per member.
    if (schema.revision !== 1 || members.some((member) => !isValueType(schema, member)))
      refuse([...path, 'type'], `${JSON.stringify(type)} is no enum variant of defined types`)
    return
  }
  if (type === 'enum' || type === 'merkletree') {
    const inner = contains ?? ''
    const ok =
      type === 'enum'
        ? schema.revision === 1 && schema.types.has(inner) && isEnumType(schema, inner)
        : !inner.endsWith('*') && isValueType(schema, inner)
    if (!ok) refuse([...path, 'contains'], `${JSON.stringify(inner)} is no type a ${type} can contain`)
    return
  }
  if (owner !== schema.domainType && type === schema.domainType)
    refuse([...path, 'type'], `uses the domain type ${type} inside the message`)
  if (!isValueType(schema, type)) refuse([...path, 'type'], `${JSON.stringify(type)} is not a defined type`)
}

/** An enum's type: every member a variant (a tuple type). */
const isEnumType = (schema: Schema, name: string): boolean =>
  (schema.types.get(name) ?? []).every((variant) => tupleMembers(variant.type) !== undefined)

/** The types a field refers to, for encoding (its struct, enum, Merkle tree leaves, tuple members). */
export function referencedTypes(field: FieldType): string[] {
  const strip = (type: string) => (type.endsWith('*') ? type.slice(0, -1) : type)
  const members = tupleMembers(field.type)
  if (members !== undefined) return members.map(strip)
  if (field.type === 'enum' || field.type === 'merkletree') return field.contains ? [field.contains] : []
  return [strip(field.type)]
}

function refuseCycles(schema: Schema): void {
  const state = new Map<string, 'open' | 'done'>()
  const visit = (name: string, path: string[]): void => {
    if (state.get(name) === 'done') return
    if (state.get(name) === 'open')
      refuse(['types', name], `refers to itself (${[...path, name].join(' > ')})`)
    state.set(name, 'open')
    for (const field of schema.types.get(name) ?? [])
      for (const type of referencedTypes(field)) if (schema.types.has(type)) visit(type, [...path, name])
    state.set(name, 'done')
  }
  for (const name of schema.types.keys()) visit(name, [])
}
