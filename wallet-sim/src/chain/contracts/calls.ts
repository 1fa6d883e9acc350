// The Cairo 1 serialisation of `Array<Call>` and of `Array<Span<felt252>>`, which accounts'
// `__validate__` / `__execute__` receive and return.
import { type Call, ContractError, type Felt } from '../contract'

/**
 * Decodes `[n, (to, selector, calldata_len, ...calldata) × n]`.
 * @example decodeCalls([1n, token, sel, 0n]) // [{ to: token, selector: sel, calldata: [] }]
 */
export function decodeCalls(calldata: readonly Felt[]): Call[] {
  const n = Number(calldata[0] ?? -1n)
  if (n < 0) throw new ContractError('Failed to deserialize param #1')
  const calls: Call[] = []
  let i = 1
  for (let k = 0; k < n; k++) {
    const to = calldata[i]
    const selector = calldata[i + 1]
    const len = calldata[i + 2]
    if (to === undefined || selector === undefined || len === undefined) {
      throw new ContractError('Failed to deserialize param #1')
    }
    const end = i + 3 + Number(len)
    if (end > calldata.length) throw new ContractError('Failed to deserialize param #1')
    calls.push({ to, selector, calldata: calldata.slice(i + 3, end) })
    i = end
  }
  return calls
}

/** Encodes calls back into calldata (the inverse of decodeCalls). */
export function encodeCalls(calls: readonly Call[]): Felt[] {
  const out: Felt[] = [BigInt(calls.length)]
  for (const c of calls) out.push(c.to, c.selector, BigInt(c.calldata.length), ...c.calldata)
  return out
}

/** Encodes `Array<Span<felt252>>`, the return value of `__execute__`. */
export function encodeResults(results: readonly (readonly Felt[])[]): Felt[] {
  const out: Felt[] = [BigInt(results.length)]
  for (const r of results) out.push(BigInt(r.length), ...r)
  return out
}
