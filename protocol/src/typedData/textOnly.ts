// The proof rule: the only typed data the wallet may call harmless ("it cannot move tokens") is typed data
// whose every signed felt is provably text or yes/no: revision 1, not a known kind, every leaf a ByteArray
// `string`, a `bool`, or a `shortstring` whose felt is the bytes of text that reads as no number (whatever its
// spelling: the decision depends on the felts only), and no name of a spending kind.
// Everything else is "the wallet cannot tell". docs/security.md states this rule; textOnly.test.ts proves it.
import { classifyTypedData } from './classify'
import type { CanonicalNode, CanonicalTypedData } from './tree'

/** Whether typed data is provably text only, and if not, the first reason why not. */
export type TextOnlyProof = { textOnly: true } | { textOnly: false; why: string }

/** Names of what moves tokens or grants a right: a field or type named so is never called harmless. */
export const SPENDING_WORDS =
  /permit|approv|allowance|spender|transfer|execut|session|call|selector|amount|value|nonce|deadline|order|swap|withdraw|deposit|owner|signer|guardian|upgrade/i

/** Text made only of what can spell a number (digits, hex letters, signs, 0x/0o/0b, separators): a person may read it as one. */
const READS_AS_NUMBER = /^[\s0-9a-fA-FxXoObB.,_+\-eE]*$/

/**
 * Whether `text` may be read as a number by a person or a contract (so it never counts as plain text).
 * @example readsAsNumber('1000000000000000000000') // true
 */
export const readsAsNumber = (text: string): boolean => READS_AS_NUMBER.test(text)

function leafWhy(node: CanonicalNode, where: string): string | undefined {
  switch (node.kind) {
    case 'bool':
      return undefined
    case 'string':
      return readsAsNumber(node.text) ? `${where} reads as a number` : undefined
    case 'felt':
      if (node.type !== 'shortstring')
        return `${where} is a ${node.type}, which can hold an address or an amount`
      if (node.text === undefined || readsAsNumber(node.text)) return `${where} is a number`
      return undefined
    case 'struct':
      if (node.preset) return `${where} is a ${node.type}, an amount`
      if (SPENDING_WORDS.test(node.type)) return `it is a ${node.type}`
      for (const field of node.fields) {
        const at = where ? `${where}.${field.name}` : field.name
        if (SPENDING_WORDS.test(field.name)) return `it has a field "${at}"`
        const why = leafWhy(field.node, at)
        if (why) return why
      }
      return undefined
    case 'array':
      for (const [index, item] of node.items.entries()) {
        const why = leafWhy(item, `${where}.${index}`)
        if (why) return why
      }
      return undefined
    default:
      return `${where} is a ${node.kind}, which can hold an address, an amount or a call`
  }
}

/**
 * The proof rule, from the canonical form only.
 *
 * @example
 * textOnlyProof(readTypedData(loginMessage)) // { textOnly: true }
 * textOnlyProof(readTypedData(permit)) // { textOnly: false, why: 'it is a Permit' }
 */
export function textOnlyProof(canonical: CanonicalTypedData): TextOnlyProof {
  if (canonical.revision !== 1)
    return { textOnly: false, why: 'it is SNIP-12 revision 0, where every value is signed as a number' }
  const kind = classifyTypedData(canonical).kind
  if (kind !== 'message')
    return {
      textOnly: false,
      why: `it is ${kind === 'session' ? 'a session' : 'an outside execution (a transaction)'}`,
    }
  const why = leafWhy(canonical.message, '')
  return why === undefined ? { textOnly: true } : { textOnly: false, why }
}
