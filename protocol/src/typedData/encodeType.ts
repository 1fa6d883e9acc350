// SNIP-12's encoded type string and type hash: the type, then every type it depends on sorted by name, each
// as `name(field:type,…)`; revision 1 quotes names and follows enums and tuples. Merkle tree leaf types are not
// dependencies (starknet.js `getDependencies` does not follow `contains` of a merkletree).
import { typeHashOf } from './hashing'
import { type FieldType, PRESET_TYPES, type Schema, tupleMembers } from './schema'

const strip = (type: string) => (type.endsWith('*') ? type.slice(0, -1) : type)

/** The declared fields of a dapp or (revision 1) preset type. */
export function fieldsOf(schema: Schema, type: string): readonly FieldType[] | undefined {
  return (
    schema.types.get(type) ??
    (schema.revision === 1 && Object.hasOwn(PRESET_TYPES, type) ? PRESET_TYPES[type] : undefined)
  )
}

function dependencyEdges(schema: Schema, field: FieldType): string[] {
  if (field.type.endsWith('*')) return [strip(field.type)]
  if (schema.revision === 1 && field.type === 'enum') return field.contains ? [field.contains] : []
  const members = schema.revision === 1 ? tupleMembers(field.type) : undefined
  return members ? members.map(strip) : [field.type]
}

/**
 * The encoded type string of `type` (starknet.js `encodeType`).
 * @example encodeType(schema, 'Mail') // '"Mail"("from":"felt","to":"felt")' in revision 1
 */
export function encodeType(schema: Schema, type: string): string {
  const seen = new Set<string>([type])
  const pending = [type]
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    for (const field of fieldsOf(schema, name) ?? [])
      for (const dependency of dependencyEdges(schema, field))
        if (!seen.has(dependency) && fieldsOf(schema, dependency)) {
          seen.add(dependency)
          pending.push(dependency)
        }
  }
  const esc = schema.revision === 1 ? (s: string) => `"${s}"` : (s: string) => s
  const [, ...dependencies] = [...seen]
  return [type, ...dependencies.sort()]
    .map((name) => {
      const fields = (fieldsOf(schema, name) ?? []).map((field) => {
        const target = field.type === 'enum' && schema.revision === 1 ? (field.contains ?? '') : field.type
        const members = tupleMembers(target)
        const typeString = members
          ? `(${target
              .slice(1, -1)
              .split(',')
              .map((e) => (e ? esc(e) : e))
              .join(',')})`
          : esc(target)
        return `${esc(field.name)}:${typeString}`
      })
      return `${esc(name)}(${fields.join(',')})`
    })
    .join('')
}

const typeHashes = new WeakMap<Schema, Map<string, bigint>>()

/**
 * The type hash of `type`: starknet keccak of its encoded type (memoised per schema).
 * @example typeHash(schema, 'Session')
 */
export function typeHash(schema: Schema, type: string): bigint {
  const hashes = typeHashes.get(schema) ?? new Map<string, bigint>()
  typeHashes.set(schema, hashes)
  const hash = hashes.get(type) ?? typeHashOf(encodeType(schema, type))
  hashes.set(type, hash)
  return hash
}
