// The chain telling the cosigner how a co-signed transaction or outside execution ended.
import { selectorOf } from '../../chain/felt'
import type { ChainAccess } from '../../node/access'
import type { ChargeOutcome, OutcomeOf } from './settle'

const IS_VALID_OUTSIDE_NONCE = selectorOf('is_valid_outside_execution_nonce')

/**
 * An invoke ran when the chain has its receipt (actual fee in FRI), and can never run once the account's
 * nonce is past its own; an outside execution ran when the account has used its nonce, and can never run
 * once its window closed unused.
 *
 * @example
 * createCosignerRouter({ guardianPrivateKey, outcomeOf: chainOutcomes(builtinAccess(() => sim.chain)) })
 */
export function chainOutcomes(chain: ChainAccess): OutcomeOf {
  return async (hash, charge): Promise<ChargeOutcome> => {
    const account = BigInt(charge.account)
    const nonce = BigInt(charge.nonce)
    if (charge.kind === 'invoke') {
      const receipt = await chain.receipt(BigInt(hash))
      if (receipt !== undefined) {
        const fee = receipt.actualFee
        return {
          state: 'done',
          reverted: receipt.status === 'REVERTED',
          // V3 fees are in FRI (STRK); anything else keeps the maximum charged.
          ...(fee.unit === 'FRI' ? { actualFee: fee.amount } : {}),
        }
      }
      return (await chain.nonceOf(account)) > nonce ? { state: 'void' } : { state: 'pending' }
    }
    if ((await chain.classHashAt(account)) !== 0n) {
      const [valid] = await chain.call(
        { to: account, selector: IS_VALID_OUTSIDE_NONCE, calldata: [nonce] },
        'pre_confirmed',
      )
      if (valid === 0n) return { state: 'done' }
    }
    return (await chain.now()) >= (charge.executeBefore ?? Number.POSITIVE_INFINITY)
      ? { state: 'void' }
      : { state: 'pending' }
  }
}
