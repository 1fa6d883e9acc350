// Settling the cosigner's charges against what the chain did: a self-paid transaction that ran gives back
// the margin between its maximum fee and its actual fee (and, reverted, its fee transfers, which did not
// happen); one that can never run (its nonce was used by another) and an outside execution past its window
// that did not run give back everything. Until then the maximum stays charged, so the caps hold throughout.
import { STRK } from './fees'
import type { PendingCharge, SpendingLedger } from './spending'

/** How a co-signed transaction or outside execution ended, as far as the chain tells. */
export type ChargeOutcome =
  /** It may still run. */
  | { state: 'pending' }
  /** It can never run. */
  | { state: 'void' }
  /** It ran: an invoke with what it actually paid in STRK (FRI); an outside execution used its nonce. */
  | { state: 'done'; reverted?: boolean; actualFee?: bigint }

/** Tells how the pending charge under `hash` ended (the simulator asks its chain: chainOutcomes.ts). */
export type OutcomeOf = (hash: string, charge: PendingCharge) => ChargeOutcome | Promise<ChargeOutcome>

/**
 * Settles every pending charge of `sessionHash` whose end the chain knows.
 *
 * @example
 * await settlePending(sessionHash, spending, chainOutcomes(access))
 */
export async function settlePending(
  sessionHash: string,
  spending: SpendingLedger,
  outcomeOf: OutcomeOf,
): Promise<void> {
  for (const [hash, charge] of spending.pending(sessionHash)) {
    const outcome = await outcomeOf(hash, charge)
    if (outcome.state === 'pending') continue
    spending.settle(sessionHash, hash, refunds(charge, outcome))
  }
}

function refunds(charge: PendingCharge, outcome: Exclude<ChargeOutcome, { state: 'pending' }>) {
  const amounts = new Map(
    Object.entries(charge.amounts).map(([token, amount]) => [BigInt(token), BigInt(amount)]),
  )
  if (outcome.state === 'void') return amounts
  const back = new Map<bigint, bigint>()
  if (charge.kind === 'invoke') {
    const maxFee = BigInt(charge.maxFee ?? '0')
    const unused = maxFee - (outcome.actualFee ?? maxFee)
    if (unused > 0n) back.set(STRK, unused)
    // A reverted transaction paid its fee, but its fee transfers were rolled back with the rest.
    if (outcome.reverted) {
      for (const [token, amount] of amounts) {
        const transfers = token === STRK ? amount - maxFee : amount
        if (transfers > 0n) back.set(token, (back.get(token) ?? 0n) + transfers)
      }
    }
  }
  return back
}
