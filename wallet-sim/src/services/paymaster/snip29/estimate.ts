// What a paymaster transaction will cost, measured on the chain: the user's calls run from the user's
// account (after its deployment, for deploy_and_invoke) on a throwaway copy of the pre-confirmed state,
// plus what the relayer adds around them, priced at the chain's current gas prices.
import { type OutsideCall, toHex } from '@webwallet/protocol/session'
import { encodeCalls } from '../../../chain/contracts/calls'
import type { RpcTransaction } from '../../../chain/transaction'
import { type ChainAccess, feeAt } from '../../../node/access'
import { type Deployment, relayOverheadOf } from '../core'

/** What is left to run, or why it would fail. */
export type Measured = { fee: bigint } | { revertReason: string }

const BOUND = { max_amount: '0x0', max_price_per_unit: '0x0' }
const COMMON = {
  version: '0x3',
  // Not charged (skipFeeCharge): the bounds only need to be well-formed.
  resource_bounds: { l1_gas: BOUND, l2_gas: { ...BOUND, max_amount: toHex(10n ** 9n) }, l1_data_gas: BOUND },
  tip: '0x0',
  paymaster_data: [],
  nonce_data_availability_mode: 'L1',
  fee_data_availability_mode: 'L1',
  signature: [],
}

/**
 * Runs `calls` as `user` would (skipping its signature and fee), deploying it first from `deployment` when it
 * is not deployed, and prices the gas with the relayer's overhead, in STRK base units (FRI).
 *
 * @example
 * const measured = await measureUserCalls(chain, user, calls)
 * if ('revertReason' in measured) throw executionError(measured.revertReason)
 */
export async function measureUserCalls(
  chain: ChainAccess,
  user: bigint,
  calls: readonly OutsideCall[],
  deployment?: Deployment,
): Promise<Measured> {
  const deploying = deployment !== undefined && (await chain.classHashAt(user)) === 0n
  const jsons: RpcTransaction[] = []
  if (deploying) {
    jsons.push({
      ...COMMON,
      type: 'DEPLOY_ACCOUNT',
      class_hash: toHex(deployment.classHash),
      contract_address_salt: toHex(deployment.salt),
      constructor_calldata: deployment.calldata.map(toHex),
      nonce: '0x0',
    })
  }
  if (calls.length > 0) {
    jsons.push({
      ...COMMON,
      type: 'INVOKE',
      sender_address: toHex(user),
      calldata: encodeCalls(calls).map(toHex),
      nonce: toHex(deploying ? 1n : await chain.nonceOf(user)),
      account_deployment_data: [],
    })
  }
  let outcomes: Awaited<ReturnType<ChainAccess['measure']>>
  try {
    outcomes = await chain.measure(jsons)
  } catch (error) {
    return { revertReason: error instanceof Error ? describe(error) : String(error) }
  }
  const reverted = outcomes.find((outcome) => outcome.reverted)
  if (reverted) return { revertReason: reverted.revertReason ?? 'reverted' }
  const prices = await chain.gasPrices()
  return {
    fee: outcomes.reduce(
      (sum, outcome) => sum + feeAt(outcome.usage, prices),
      feeAt(relayOverheadOf(chain), prices),
    ),
  }
}

/** A node error's message with its data (the execution error of a failed simulation). */
function describe(error: Error): string {
  const { data } = error as { data?: unknown }
  if (data && typeof data === 'object' && 'execution_error' in data) {
    const detail = (data as { execution_error: unknown }).execution_error
    return typeof detail === 'string' ? detail : JSON.stringify(detail)
  }
  return error.message
}
