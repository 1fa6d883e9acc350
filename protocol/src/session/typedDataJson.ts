// A JSON typed-data shape structurally assignable to starknet.js v8 and v10 `TypedData`, without importing
// either version's types (protocol must work with both).

/** One member of a SNIP-12 struct. */
export type TypedDataField = { name: string; type: string } | { name: string; type: string; contains: string }

/** Revision 1 domain as JSON. */
export type TypedDataDomain = { name: string; version: string; chainId: string; revision: string }

/** SNIP-12 typed data as JSON. */
export type TypedDataJson<Message extends object> = {
  types: Record<string, TypedDataField[]>
  primaryType: string
  domain: TypedDataDomain
  message: Message
}

/** The revision 1 domain type, common to every typed data here. */
export function starknetDomainType(): TypedDataField[] {
  return [
    { name: 'name', type: 'shortstring' },
    { name: 'version', type: 'shortstring' },
    { name: 'chainId', type: 'shortstring' },
    { name: 'revision', type: 'shortstring' },
  ]
}
