// The session's fee caps, enforced where a stolen session key cannot avoid them: the guardian's
// co-signature, which the Argent account requires on every session transaction. A fee-token transfer is
// co-signed only to the paymaster's fee recipient, and everything a session pays for gas (a V3 transaction's
// maximum fee, tip included, and its fee transfers) counts against its `txFees` caps over its whole life.
import { ETH_ADDRESS, STRK_ADDRESS, toAddress } from '@webwallet/protocol/constants'
import { maxCost } from '@webwallet/protocol/fees'
import { type Felt, selectorFromName } from '@webwallet/protocol/session'
import type { CosignerCall, SessionRecord } from './checks'
import { refuse } from './checks'
import type { SpendingLedger } from './spending'

/** STRK, the token V3 transactions pay their fee in. */
export const STRK = BigInt(STRK_ADDRESS)
/** ETH, the other default fee token. */
export const ETH = BigInt(ETH_ADDRESS)
const TRANSFER = selectorFromName('transfer')
const U128 = 2n ** 128n

/** A V3 transaction's resource bounds and tip, as the cosigner receives them. */
export interface FeeBounds {
  resourceBounds: Readonly<Record<string, { max_amount: string; max_price_per_unit: string } | undefined>>
  tip?: string | undefined
}

/**
 * The most a V3 transaction can cost, in STRK (FRI): every resource's max amount × max price per unit, plus
 * the tip, which is paid per unit of L2 gas on top of its price.
 *
 * @example
 * maxFeeOf({ resourceBounds: { l2_gas: { max_amount: '0x10', max_price_per_unit: '0x2' } }, tip: '0x1' }) // 48n
 */
export function maxFeeOf({ resourceBounds, tip }: FeeBounds): bigint {
  return maxCost(resourceBounds, tip ?? 0n)
}

/**
 * What co-signing `calls` (and, for a self-paid invoke, its maximum fee in STRK) charges the session, per
 * fee token. Refuses (403 `feeTransferNotAllowed`) a fee-token transfer to anyone but `feeRecipient`.
 * Fee tokens are STRK and ETH (the chain's), and any other token the session's `txFees` lists.
 */
export function feeCharges(
  record: SessionRecord,
  calls: readonly CosignerCall[],
  maxFeeInStrk: bigint,
  feeRecipient: Felt | undefined,
): Map<Felt, bigint> {
  const feeTokens = new Set([STRK, ETH, ...(record.txFees ?? []).map((fee) => BigInt(fee.tokenAddress))])
  const charges = new Map<Felt, bigint>()
  const add = (token: Felt, amount: bigint) => {
    if (amount > 0n) charges.set(token, (charges.get(token) ?? 0n) + amount)
  }
  for (const call of calls) {
    if (call.selector !== TRANSFER || !feeTokens.has(call.to)) continue
    const [recipient, low, high] = call.calldata
    const token = toAddress(call.to)
    if (
      call.calldata.length !== 3 ||
      low === undefined ||
      high === undefined ||
      low >= U128 ||
      high >= U128
    ) {
      throw refuse('feeTransferNotAllowed', `A transfer of fee token ${token} must be (recipient, amount)`)
    }
    if (feeRecipient === undefined) {
      throw refuse(
        'feeTransferNotAllowed',
        `A session may not transfer fee token ${token}: no paymaster is set up`,
      )
    }
    if (recipient !== feeRecipient) {
      throw refuse(
        'feeTransferNotAllowed',
        `A session may transfer fee token ${token} only to the paymaster's fee recipient ${toAddress(feeRecipient)}`,
      )
    }
    add(call.to, low + (high << 128n))
  }
  add(STRK, maxFeeInStrk)
  return charges
}

/**
 * Refuses (403 `feeCapExceeded`) charges above what is left of the session's caps: the caps are cumulative
 * over the session's life. A token the session lists no cap for (when it has `txFees`) has none to spend.
 * Without `txFees` (sessions recorded before the wallet kept them) nothing is capped.
 */
export function checkFeeCaps(
  sessionHash: string,
  record: SessionRecord,
  charges: ReadonlyMap<Felt, bigint>,
  spending: SpendingLedger,
): void {
  if (record.txFees === undefined) return
  const caps = new Map(record.txFees.map((fee) => [BigInt(fee.tokenAddress), BigInt(fee.maxAmount)]))
  for (const [token, amount] of charges) {
    const cap = caps.get(token) ?? 0n
    const spent = spending.spent(sessionHash, token)
    const left = cap > spent ? cap - spent : 0n
    if (amount > left) {
      throw refuse(
        'feeCapExceeded',
        `The fee (${amount} of token ${toAddress(token)}) exceeds what is left of the session's cap: ${left} of ${cap}`,
      )
    }
  }
}
