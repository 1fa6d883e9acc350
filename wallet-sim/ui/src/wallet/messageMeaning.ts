// What signing typed data can do, said plainly. A signature over SNIP-12 typed data acts only where a
// contract checks it against a type it expects: tokens move through the account's outside execution, a
// session, or a token's permit, all of which carry addresses, amounts, selectors or calls. So the wallet
// says "it cannot move tokens" only when the typed data provably carries none of them: not the outside-
// execution or session domain, every field text, a yes/no or a date (a short string that reads as a
// number is a felt, so it counts as a number), and no name of a spending kind. Anything else is stated as
// what it is: a signature the wallet cannot read, which a contract that trusts the account may act on.
import type { TypedData } from '@webwallet/protocol'
import { isOutsideExecutionTypedData } from '@webwallet/protocol/rpc'

export type MessageMeaning =
  /** Provably only text: the signature proves who signed it, e.g. to log in. */
  | { kind: 'text'; statement: string }
  /** The wallet cannot tell what a contract may do with it; `why` names what it carries. */
  | { kind: 'unknown'; statement: string; why: string }

const SESSION_DOMAIN_NAME = 'SessionAccount.session'
/** SNIP-12 types whose values are text, yes/no or a date, never an address, an amount or a call. */
const TEXT_TYPES = new Set(['shortstring', 'string', 'bool', 'timestamp'])
/** Names of what moves tokens or grants a right to: a field or type named so is never called harmless. */
const SPENDING_WORDS =
  /permit|approv|allowance|spender|transfer|execut|session|call|selector|amount|value|nonce|deadline|order|swap|withdraw|deposit|owner|signer|guardian|upgrade/i
const NUMERIC = /^(0x[0-9a-f]*|\d+)$/i

/** Why the typed data is not provably text only; undefined when it is. */
function notText(typedData: TypedData): string | undefined {
  if (isOutsideExecutionTypedData(typedData)) return 'it is an outside execution (a transaction)'
  if (typedData.domain.name === SESSION_DOMAIN_NAME || typedData.primaryType === 'Session')
    return 'it is a session'
  const seen = new Set<string>()
  const check = (typeName: string, value: unknown, path: string): string | undefined => {
    if (SPENDING_WORDS.test(typeName)) return `it is a ${typeName}`
    const fields = typedData.types[typeName]
    if (fields === undefined) return `${path || typeName} is of an unknown type`
    if (seen.has(typeName)) return `${typeName} refers to itself`
    seen.add(typeName)
    const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
    for (const field of fields) {
      const where = path ? `${path}.${field.name}` : field.name
      if (SPENDING_WORDS.test(field.name)) return `it has a field "${where}"`
      const base = field.type.replace(/\*$/, '')
      const entries = field.type.endsWith('*') ? record[field.name] : [record[field.name]]
      if (!Array.isArray(entries)) return `${where} is not a list`
      for (const entry of entries) {
        const why = TEXT_TYPES.has(base)
          ? base === 'shortstring' && typeof entry === 'string' && NUMERIC.test(entry.trim())
            ? `${where} is a number`
            : undefined
          : typedData.types[base]
            ? check(base, entry, where)
            : `${where} is a ${field.type}, which can hold an address or an amount`
        if (why) return why
      }
    }
    seen.delete(typeName)
    return undefined
  }
  return check(typedData.primaryType, typedData.message, '')
}

/**
 * @example
 * messageMeaning(greeting, 'https://app.example').statement
 * // 'This signature can log you in to https://app.example; it cannot move tokens: …'
 */
export function messageMeaning(typedData: TypedData, origin: string): MessageMeaning {
  const why = notText(typedData)
  if (why === undefined)
    return {
      kind: 'text',
      statement: `This signature can log you in to ${origin}; it cannot move tokens: it holds only text and dates, no address, amount or call.`,
    }
  return {
    kind: 'unknown',
    why,
    statement: `The wallet cannot tell what this signature allows (${why}). A contract that trusts your account may act on it, as if you had agreed. Sign only if you trust ${origin}.`,
  }
}
