// What signing typed data can do, said plainly. The decision is protocol's proof rule (textOnlyProof, over
// the canonical felts; docs/security.md "the proof rule"): "it cannot move tokens" only for typed data whose
// every signed felt is text or yes/no. Anything else is stated as what it is: a signature the wallet cannot
// read, which a contract that trusts the account may act on.
import { type TypedDataMeaning, typedDataMeaning } from '@webwallet/protocol/typedData'

export type MessageMeaning =
  /** Provably only text: the signature proves who signed it, e.g. to log in. */
  | { kind: 'text'; statement: string }
  /** The wallet cannot tell what a contract may do with it; `why` names what it carries. */
  | { kind: 'unknown'; statement: string; why: string }

/** The typed data's meaning, or why it has none (the reader refused it). */
export function readMeaning(typedData: unknown): TypedDataMeaning | string {
  try {
    return typedDataMeaning(typedData)
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}

/**
 * @example
 * messageMeaning(greeting, 'https://app.example').statement
 * // 'This signature can log you in to https://app.example; it cannot move tokens: …'
 */
export function messageMeaning(typedData: unknown, origin: string): MessageMeaning {
  return statementOf(readMeaning(typedData), origin)
}

/**
 * The statement for typed data already read (or the reader's refusal).
 * @example statementOf(typedDataMeaning(greeting), origin).kind // 'text'
 */
export function statementOf(meaning: TypedDataMeaning | string, origin: string): MessageMeaning {
  const why = typeof meaning === 'string' ? meaning : meaning.proof.textOnly ? undefined : meaning.proof.why
  if (why === undefined)
    return {
      kind: 'text',
      statement: `This signature can log you in to ${origin}; it cannot move tokens: it holds only text and yes/no, no address, amount or call.`,
    }
  return {
    kind: 'unknown',
    why,
    statement: `The wallet cannot tell what this signature allows (${why}). A contract that trusts your account may act on it, as if you had agreed. Sign only if you trust ${origin}.`,
  }
}
