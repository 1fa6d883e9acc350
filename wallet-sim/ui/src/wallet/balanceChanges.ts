// What a transaction does to the user's balances, summed per token from the decoded calls (themselves read
// from the felts signed): the review shows these, never a figure the dapp supplied. A call whose effect the
// wallet cannot tell (another contract's method) is named, not guessed.
import type { BalanceChange, DecodedCall } from './decodeCalls'

export interface BalanceChanges {
  /** Net change per token, in call order of first appearance; tokens that net to zero are kept (0n). */
  changes: BalanceChange[]
  /** The calls whose effect on balances the wallet cannot tell, by their summary. */
  unknown: string[]
}

/**
 * @example
 * sumBalanceChanges(calls.map((call) => decodeCall(call, context)))
 * // { changes: [{ token: '0x4718…', symbol: 'STRK', decimals: 18, delta: -10n ** 16n }], unknown: [] }
 */
export function sumBalanceChanges(calls: readonly DecodedCall[]): BalanceChanges {
  const byToken = new Map<string, BalanceChange>()
  const unknown: string[] = []
  for (const call of calls) {
    if (call.changes === undefined) {
      unknown.push(call.summary)
      continue
    }
    for (const change of call.changes) {
      const sum = byToken.get(change.token)
      byToken.set(change.token, sum ? { ...sum, delta: sum.delta + change.delta } : change)
    }
  }
  return { changes: [...byToken.values()], unknown }
}
