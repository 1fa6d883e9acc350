// What each session has spent on fees, per fee token, over its whole life: the cosigner charges a
// transaction's maximum fee (and any fee transfer to the paymaster) when it co-signs, so a stolen session key
// cannot spend more than the session's `txFees` caps however many transactions it signs. Each charge stays
// pending until the chain says how it ended (see settle.ts), which may give back what was not used. Plain
// JSON (base units as decimal strings), so the state store keeps it across restarts.
import { toHex } from '@webwallet/protocol/constants'
import * as z from 'zod/mini'

const Amount = z.string().check(z.regex(/^[0-9]{1,80}$/, 'Expected a base-unit amount'))
const Amounts = z.record(z.string(), Amount)

/** A co-signed transaction or outside execution whose end the chain has not told yet. */
export const PendingCharge = z.object({
  kind: z.enum(['invoke', 'outside']),
  account: z.string(),
  /** The transaction's nonce, or the outside execution's. */
  nonce: z.string(),
  /** Outside executions: seconds since the epoch after which it can no longer run. */
  executeBefore: z.optional(z.number()),
  /** Fee token (hex felt) → what this one charged: its fee transfers, and an invoke's maximum fee in STRK. */
  amounts: Amounts,
  /** Invokes: the part of the STRK amount that is the maximum fee (the rest are fee transfers). */
  maxFee: z.optional(Amount),
})
export type PendingCharge = z.infer<typeof PendingCharge>

const SessionSpending = z.object({
  /** Fee token (hex felt) → everything charged so far, pending charges included. */
  spent: Amounts,
  /** Transaction or outside-execution hash → its charge, until settled. */
  pending: z.record(z.string(), PendingCharge),
})
/** Session hash (hex felt) → its spending. */
export const SpendingState = z.record(z.string(), SessionSpending)
export type SpendingState = z.infer<typeof SpendingState>

// Unpadded hex, the form of the keys `--state` files already hold.
const key = (felt: bigint | string) => toHex(BigInt(felt))

/**
 * @example
 * const spending = createSpendingLedger(saved.spending)
 * spending.charge(sessionHash, txHash, new Map([[STRK, fee]]), { kind: 'invoke', account, nonce, amounts, maxFee })
 * spending.spent(sessionHash, STRK) // fee
 */
export function createSpendingLedger(initial: unknown = {}) {
  const state: SpendingState = structuredClone(SpendingState.parse(initial))
  const listeners = new Set<(state: SpendingState) => void>()
  const changed = () => {
    for (const listener of [...listeners]) listener(structuredClone(state))
  }
  const sessionOf = (sessionHash: bigint | string) => {
    const k = key(sessionHash)
    state[k] ??= { spent: {}, pending: {} }
    return state[k]
  }
  const add = (spent: Record<string, string>, token: bigint | string, amount: bigint) => {
    const total = BigInt(spent[key(token)] ?? '0') + amount
    spent[key(token)] = (total > 0n ? total : 0n).toString()
  }
  return {
    /** What `sessionHash` has been charged in `token` so far (0 when nothing), pending charges included. */
    spent(sessionHash: bigint | string, token: bigint | string): bigint {
      return BigInt(state[key(sessionHash)]?.spent[key(token)] ?? '0')
    },
    /** The charges of `sessionHash` not settled yet, by transaction or outside-execution hash. */
    pending(sessionHash: bigint | string): [string, PendingCharge][] {
      return Object.entries(structuredClone(state[key(sessionHash)]?.pending ?? {}))
    },
    /** True when the transaction or outside execution `hash` is charged already and not settled. */
    isPending(sessionHash: bigint | string, hash: bigint | string): boolean {
      return state[key(sessionHash)]?.pending[key(hash)] !== undefined
    },
    /** Adds `amounts` (token → base units) to the session's spending, pending under `hash` when given. */
    charge(
      sessionHash: bigint | string,
      hash: bigint | string,
      amounts: ReadonlyMap<bigint, bigint>,
      pending?: Omit<PendingCharge, 'amounts'>,
    ): void {
      if (amounts.size === 0) return
      const session = sessionOf(sessionHash)
      for (const [token, amount] of amounts) add(session.spent, token, amount)
      if (pending !== undefined) {
        const charged = Object.fromEntries(
          [...amounts].map(([token, amount]) => [key(token), amount.toString()]),
        )
        session.pending[key(hash)] = { ...pending, amounts: charged }
      }
      changed()
    },
    /** Ends the pending charge `hash`, giving back `refunds` (token → base units). */
    settle(sessionHash: bigint | string, hash: bigint | string, refunds: ReadonlyMap<bigint, bigint>): void {
      const session = state[key(sessionHash)]
      if (session?.pending[key(hash)] === undefined) return
      delete session.pending[key(hash)]
      for (const [token, amount] of refunds) add(session.spent, token, -amount)
      changed()
    },
    snapshot: (): SpendingState => structuredClone(state),
    /** Called with the new state after every change; returns the unsubscribe function. */
    onChange(listener: (state: SpendingState) => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

export type SpendingLedger = ReturnType<typeof createSpendingLedger>
