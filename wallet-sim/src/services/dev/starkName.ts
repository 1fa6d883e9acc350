// Starknet ID names as starknet.js reads them (`isStarkDomain`, `starknetId.useEncoded`): the names the dev
// API registers, so that `getStarkName` and `getAddressFromStarkName` read them back unchanged.
import { starknetId } from 'starknet'
import * as z from 'zod/mini'
import { FIELD_PRIME } from '../../chain/felt'

// Aliased: the `use` prefix of starknet.js's names reads as a React hook to the linter.
const { useDecoded: decodeDomain, useEncoded: encodeLabel } = starknetId

const SUFFIX = '.stark'
/** starknet.js's `isStarkDomain` limit; past 47 characters a label may also not fit in one felt. */
export const MAX_LABEL_LENGTH = 48

/**
 * Why `name` cannot be registered, in words a developer can act on; undefined when it can.
 *
 * @example
 * starkNameProblem('Alice.stark') // "Label 'Alice' may only use lowercase a-z, 0-9 and '-'"
 */
export function starkNameProblem(name: string): string | undefined {
  if (!name.endsWith(SUFFIX)) return `A name ends in .stark (e.g. alice.stark); got '${name}'`
  for (const label of name.slice(0, -SUFFIX.length).split('.')) {
    if (label === '') return `'${name}' has an empty label`
    if (label.length > MAX_LABEL_LENGTH)
      return `Label '${label}' is longer than ${MAX_LABEL_LENGTH} characters`
    if (!/^[a-z0-9-]+$/.test(label)) return `Label '${label}' may only use lowercase a-z, 0-9 and '-'`
    if (encodeLabel(label) >= FIELD_PRIME) return `Label '${label}' is too long to encode in one felt`
  }
  return undefined
}

/**
 * The naming contract's domain of a valid name: its labels encoded, most specific first
 * (`bob.alice.stark` → `[encode('bob'), encode('alice')]`).
 *
 * @example
 * encodeStarkName('alice.stark') // [encode('alice')]
 */
export function encodeStarkName(name: string): bigint[] {
  return name
    .slice(0, -SUFFIX.length)
    .split('.')
    .map((label) => encodeLabel(label))
}

/**
 * The name of a domain as the naming contract stores it; undefined for an empty domain.
 *
 * @example
 * decodeStarkName([encode('alice')]) // 'alice.stark'
 */
export function decodeStarkName(labels: readonly bigint[]): string | undefined {
  return labels.length === 0 ? undefined : decodeDomain([...labels])
}

/** The parent of a subdomain (`bob.alice.stark` → `alice.stark`); undefined for a root name. */
export function parentOf(name: string): string | undefined {
  const dot = name.indexOf('.')
  const parent = name.slice(dot + 1)
  return parent === SUFFIX.slice(1) ? undefined : parent
}

/** A name `register` can take, with {@link starkNameProblem}'s message when it cannot. */
export const StarkName = z.string('Give the name as a string, e.g. "alice.stark"').check(
  z.superRefine((value, ctx) => {
    const problem = starkNameProblem(value)
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: value })
  }),
)
