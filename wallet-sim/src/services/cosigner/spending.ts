// What each session has spent on fees, per fee token, over its whole life: the cosigner charges a
// transaction's maximum fee (and any fee transfer to the paymaster) when it co-signs, so a stolen session key
// cannot spend more than the session's `txFees` caps however many transactions it signs. Plain JSON (base
// units as decimal strings), so the state store keeps it across restarts.
import * as z from 'zod/mini'

const Amount = z.string().check(z.regex(/^[0-9]{1,80}$/, 'Expected a base-unit amount'))
/** Session hash (hex felt) → fee token (hex felt) → amount charged so far (decimal base units). */
export const SpendingState = z.record(z.string(), z.record(z.string(), Amount))
export type SpendingState = z.infer<typeof SpendingState>

const key = (felt: bigint | string) => `0x${BigInt(felt).toString(16)}`

/**
 * @example
 * const spending = createSpendingLedger(saved.spending)
 * spending.charge(sessionHash, new Map([[STRK, fee]]))
 * spending.spent(sessionHash, STRK) // fee
 */
export function createSpendingLedger(initial: unknown = {}) {
  const state: SpendingState = structuredClone(SpendingState.parse(initial))
  const listeners = new Set<(state: SpendingState) => void>()
  return {
    /** What `sessionHash` has been charged in `token` so far (0 when nothing). */
    spent(sessionHash: bigint | string, token: bigint | string): bigint {
      return BigInt(state[key(sessionHash)]?.[key(token)] ?? '0')
    },
    /** Adds `amounts` (token → base units) to the session's spending, all at once. */
    charge(sessionHash: bigint | string, amounts: ReadonlyMap<bigint, bigint>): void {
      if (amounts.size === 0) return
      const record = state[key(sessionHash)] ?? {}
      for (const [token, amount] of amounts) {
        record[key(token)] = (BigInt(record[key(token)] ?? '0') + amount).toString()
      }
      state[key(sessionHash)] = record
      for (const listener of [...listeners]) listener(structuredClone(state))
    },
    snapshot: (): SpendingState => structuredClone(state),
    /** Called with the new state after every charge; returns the unsubscribe function. */
    onChange(listener: (state: SpendingState) => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

export type SpendingLedger = ReturnType<typeof createSpendingLedger>
