// The simulator's chain telling the cosigner how a co-signed transaction or outside execution ended.
import type { Chain } from '../../chain/chain'
import { RpcError } from '../../chain/errors'
import { selectorOf } from '../../chain/felt'
import type { ChargeOutcome, OutcomeOf } from './settle'

const IS_VALID_OUTSIDE_NONCE = selectorOf('is_valid_outside_execution_nonce')

/**
 * An invoke ran when the chain has its receipt (actual fee in FRI), and can never run once the account's
 * nonce is past its own; an outside execution ran when the account has used its nonce, and can never run
 * once its window closed unused.
 *
 * @example
 * createCosignerRouter({ guardianPrivateKey, outcomeOf: chainOutcomes(() => sim.chain) })
 */
export function chainOutcomes(chain: () => Chain): OutcomeOf {
  return (hash, charge): ChargeOutcome => {
    const current = chain()
    const account = BigInt(charge.account)
    const nonce = BigInt(charge.nonce)
    if (charge.kind === 'invoke') {
      const receipt = receiptOf(current, hash)
      if (receipt !== undefined) {
        const fee = receipt.actual_fee as { amount?: string; unit?: string } | undefined
        return {
          state: 'done',
          reverted: receipt.execution_status === 'REVERTED',
          // V3 fees are in FRI (STRK); anything else keeps the maximum charged.
          ...(fee?.unit === 'FRI' && fee.amount !== undefined ? { actualFee: BigInt(fee.amount) } : {}),
        }
      }
      return current.pending.getNonce(account) > nonce ? { state: 'void' } : { state: 'pending' }
    }
    if (current.pending.getClassHash(account) !== 0n) {
      const [valid] = current.call(
        { to: account, selector: IS_VALID_OUTSIDE_NONCE, calldata: [nonce] },
        { tag: 'pre_confirmed' },
      )
      if (valid === 0n) return { state: 'done' }
    }
    return current.now() >= (charge.executeBefore ?? Number.POSITIVE_INFINITY)
      ? { state: 'void' }
      : { state: 'pending' }
  }
}

function receiptOf(chain: Chain, hash: string): Record<string, unknown> | undefined {
  try {
    return chain.getTx(BigInt(hash)).receipt as Record<string, unknown>
  } catch (error) {
    if (error instanceof RpcError) return undefined // not (or no longer) on the chain
    throw error
  }
}
