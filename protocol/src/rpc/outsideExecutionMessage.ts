import { ValidationError } from '../errors/validation'
import { toHex } from '../schemas/felt'
import { encodeShortString } from './calldata'
import { strictFelt } from './strictFelt'

// SNIP-9 outside executions as typed data (v1: revision 0, snake_case fields; v2: revision 1, 'Caller',
// 'Calls'…). Their signature lets anyone (or the named caller) run the calls from the signing account: to
// a person it is a transaction, never "a message". The wallet recognises them by domain name, whatever form
// the name takes (the text, or the felt SNIP-12 hashes it to), and reads them strictly, so the screen shows
// the felts the signature covers.

export const OUTSIDE_EXECUTION_DOMAIN = 'Account.execute_from_outside'
const DOMAIN_FELT = encodeShortString(OUTSIDE_EXECUTION_DOMAIN)

/** An outside execution as the wallet shows it; every felt is the one SNIP-12 hashes. */
export interface OutsideExecutionView {
  /** SNIP-9 version: 1 (`execute_from_outside`) or 2 (`execute_from_outside_v2`). */
  version: 1 | 2
  /** Who may submit it; `ANY_CALLER` (0x414e595f43414c4c4552) lets anyone. */
  caller: bigint
  nonce: bigint
  /** Seconds: valid strictly after / strictly before. */
  executeAfter: bigint
  executeBefore: bigint
  calls: { contractAddress: string; selector: string; calldata: bigint[] }[]
}

/** The `caller` value that lets anyone submit it: the short string 'ANY_CALLER'. */
export const ANY_CALLER_FELT = encodeShortString('ANY_CALLER')

/**
 * Whether typed data is in the outside-execution domain (its name as text or as its felt).
 *
 * @example
 * isOutsideExecutionTypedData(paymasterTypedData) // true
 */
export function isOutsideExecutionTypedData(typedData: { domain?: { name?: unknown } }): boolean {
  const name = typedData.domain?.name
  if (name === OUTSIDE_EXECUTION_DOMAIN) return true
  const felt = strictFelt(name)
  return 'felt' in felt && felt.felt === DOMAIN_FELT
}

const refuse = (path: (string | number)[], message: string): never => {
  throw new ValidationError([{ path, message: `Outside execution: ${message}` }])
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}

function feltAt(value: unknown, path: (string | number)[]): bigint {
  const read = strictFelt(value)
  if ('refused' in read)
    return refuse(path, `${path.join('.')} ${JSON.stringify(String(value))} is not a felt (${read.refused})`)
  return read.felt
}

/**
 * Reads outside-execution typed data (SNIP-9 v1 or v2) strictly: every felt in STRICT_FELT_FORMS, a selector a
 * felt or an entry-point name. Throws ValidationError (wallet API 114) otherwise, or for another domain version.
 *
 * @example
 * readOutsideExecution(typedData).calls[0] // { contractAddress: '0x4718…', selector: 'transfer', calldata: [...] }
 */
export function readOutsideExecution(typedData: {
  domain?: { readonly name?: unknown; readonly version?: unknown; readonly [key: string]: unknown }
  primaryType?: unknown
  message?: unknown
}): OutsideExecutionView {
  const version = String(typedData.domain?.version ?? '')
  if (version !== '1' && version !== '2')
    return refuse(['domain', 'version'], `version ${JSON.stringify(version)} is neither 1 nor 2`)
  if (typedData.primaryType !== 'OutsideExecution')
    return refuse(
      ['primaryType'],
      `primaryType ${JSON.stringify(typedData.primaryType)} is not OutsideExecution`,
    )
  const message = record(typedData.message)
  const v2 = version === '2'
  const key = v2
    ? { caller: 'Caller', nonce: 'Nonce', after: 'Execute After', before: 'Execute Before', calls: 'Calls' }
    : { caller: 'caller', nonce: 'nonce', after: 'execute_after', before: 'execute_before', calls: 'calls' }
  const call = v2
    ? { to: 'To', selector: 'Selector', calldata: 'Calldata' }
    : { to: 'to', selector: 'selector', calldata: 'calldata' }
  const calls = message[key.calls]
  if (!Array.isArray(calls)) return refuse(['message', key.calls], `${key.calls} is not a list`)
  return {
    version: v2 ? 2 : 1,
    caller: feltAt(message[key.caller], ['message', key.caller]),
    nonce: feltAt(message[key.nonce], ['message', key.nonce]),
    executeAfter: feltAt(message[key.after], ['message', key.after]),
    executeBefore: feltAt(message[key.before], ['message', key.before]),
    calls: calls.map((raw, index) => {
      const entry = record(raw)
      const path = ['message', key.calls, index]
      const calldata = entry[call.calldata] ?? []
      if (!Array.isArray(calldata))
        return refuse([...path, call.calldata], `${key.calls}.${index}.${call.calldata} is not a list`)
      return {
        contractAddress: toHex(feltAt(entry[call.to], [...path, call.to])),
        selector: selectorOf(entry[call.selector], [...path, call.selector]),
        calldata: calldata.map((value, position) => feltAt(value, [...path, call.calldata, position])),
      }
    }),
  }
}

// SNIP-12 reads a selector as a felt when it is 0x hex, else as an entry-point name it hashes (a decimal
// string too, so one is refused: it reads as a number and hashes as a name).
function selectorOf(value: unknown, path: (string | number)[]): string {
  if (typeof value === 'string' && /^[A-Za-z_][A-Za-z0-9_]{0,99}$/.test(value)) return value
  if (typeof value === 'string' && value.startsWith('0x')) return toHex(feltAt(value, path))
  return refuse(
    path,
    `${path.join('.')} ${JSON.stringify(String(value))} is neither a 0x selector nor an entry-point name`,
  )
}
