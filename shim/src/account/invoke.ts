import type { DeploymentPayload } from '@webwallet/protocol'
import { NodeError } from '@webwallet/protocol/errors'
import { mapBounds } from '@webwallet/protocol/fees'
import { type NamedCall, selectorFromName, toHex } from '@webwallet/protocol/session'
import type { CosignerTransaction } from '../session/cosigner'
import type { AccountContext, CompiledCall } from './context'
import { type FeeEstimate, type ResourceBounds, rpcResourceBounds, sumEstimates } from './fees'
import { invokeV3Hash } from './transactionHash'

/**
 * The `__execute__` calldata of Cairo 1 accounts: [n, (to, selector, len, ...data)×n].
 *
 * @example
 * executeCalldata(compiled, selectorFromName)
 */
function executeCalldata(calls: readonly CompiledCall[], selectorOf: (name: string) => bigint): string[] {
  return [
    toHex(calls.length),
    ...calls.flatMap((call) => [
      call.contractAddress,
      toHex(selectorOf(call.entrypoint)),
      toHex(call.calldata.length),
      ...call.calldata,
    ]),
  ]
}

/** The block tag of "latest state including pending transactions" in RPC 0.9+. */
export const PENDING_TAG = 'pre_confirmed'

/**
 * L2 gas Argent 0.4.0 spends validating a session token, whose estimate skips validation: on
 * starknet-devnet 0.10.1 0.52–0.56M with the owner + guardian authorisation sent in full (the SDK always
 * sends it), from a single call up (e2e/devnet/sessionGas.test.ts); with room for more calls' proofs.
 */
export const SESSION_VALIDATION_L2_GAS = 10n ** 6n

/** The session's signature of `hash` for `calls`; without a cosigner's answer, a placeholder of its length. */
export type SessionSigns = (hash: string, calls: readonly NamedCall[]) => Promise<string[]>

/**
 * The estimate step: the invoke signed with a placeholder as long as the session token (its length costs gas),
 * plus `validationGas`; with `deploy`, the DEPLOY_ACCOUNT (nonce 0) estimated in the same bulk and summed.
 *
 * @example
 * resourceBoundsFromEstimate(await estimateInvoke(ctx, calls, nonce, 0n, undefined, placeholder, SESSION_VALIDATION_L2_GAS))
 */
export async function estimateInvoke(
  ctx: AccountContext,
  calls: readonly CompiledCall[],
  nonce: bigint,
  tip: bigint,
  deploy: DeploymentPayload | undefined,
  placeholder: SessionSigns,
  validationGas = 0n,
): Promise<FeeEstimate> {
  const zero = { max_amount: 0n, max_price_per_unit: 0n }
  const tx = invokeTransaction(ctx, calls, nonce, { l1_gas: zero, l2_gas: zero, l1_data_gas: zero }, tip)
  const { sender_address: _, calldata: __, account_deployment_data: ___, ...common } = tx
  const estimates = await ctx.rpc.request<FeeEstimate[]>('starknet_estimateFee', {
    request: [
      ...(deploy
        ? [
            {
              ...common,
              type: 'DEPLOY_ACCOUNT',
              nonce: '0x0',
              signature: [],
              class_hash: deploy.classHash,
              contract_address_salt: deploy.addressSalt,
              constructor_calldata: deploy.constructorCalldata,
            },
          ]
        : []),
      { ...tx, signature: await placeholder('0x0', calls) },
    ],
    simulation_flags: ['SKIP_VALIDATE'],
    block_id: PENDING_TAG,
  })
  if (!estimates[0]) throw new NodeError(-32603, 'Empty fee estimate')
  const summed = sumEstimates(estimates)
  const overall_fee = validationGas * BigInt(summed.l2_gas_price)
  return sumEstimates([summed, { l2_gas_consumed: validationGas, overall_fee }])
}

/**
 * The self-paid strategy's transaction: an INVOKE V3 within `bounds`, its hash (what the session signs), the
 * form the co-signer reads, and how it is sent (to the node).
 *
 * @example
 * const { hash, cosigner, send } = invokeDraft(ctx, calls, nonce, bounds, 0n)
 */
export function invokeDraft(
  ctx: AccountContext,
  calls: readonly CompiledCall[],
  nonce: bigint,
  bounds: ResourceBounds,
  tip: bigint,
) {
  const tx = invokeTransaction(ctx, calls, nonce, bounds, tip)
  const hash = invokeV3Hash({
    senderAddress: ctx.address,
    calldata: tx.calldata,
    chainId: ctx.chainId,
    nonce,
    resourceBounds: bounds,
    tip,
  })
  // The co-signer reads the same fields with decimal strings, as x-sessions sends them.
  const dec = (value: string) => BigInt(value).toString(10)
  const { type: _, ...fields } = tx
  const transaction: CosignerTransaction = {
    ...fields,
    nonce: dec(tx.nonce),
    version: '3',
    chain_id: dec(ctx.chainId),
    resource_bounds: mapBounds(tx.resource_bounds, dec),
    tip: dec(tx.tip),
  }
  // The hash is known before the send: a lost answer is looked up, never a blind "failed".
  const sent = { service: 'node', url: ctx.rpc.nodeUrl, transactionHash: hash }
  const send = (signature: string[]) =>
    ctx.rpc.request<{ transaction_hash: string }>('starknet_addInvokeTransaction', {
      invoke_transaction: { ...tx, signature },
    })
  return { hash, calls, cosigner: { transaction }, sent, send }
}

function invokeTransaction(
  ctx: AccountContext,
  calls: readonly CompiledCall[],
  nonce: bigint,
  bounds: ResourceBounds,
  tip: bigint,
) {
  return {
    type: 'INVOKE' as const,
    version: '0x3' as const,
    sender_address: ctx.address,
    calldata: executeCalldata(calls, selectorFromName),
    nonce: toHex(nonce),
    resource_bounds: rpcResourceBounds(bounds),
    tip: toHex(tip),
    paymaster_data: [] as string[],
    account_deployment_data: [] as string[],
    nonce_data_availability_mode: 'L1' as const,
    fee_data_availability_mode: 'L1' as const,
  }
}
