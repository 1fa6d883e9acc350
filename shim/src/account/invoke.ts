import type { DeploymentPayload } from '@webwallet/protocol'
import { NodeError } from '@webwallet/protocol/errors'
import { mapBounds } from '@webwallet/protocol/fees'
import { selectorFromName, toHex } from '@webwallet/protocol/session'
import { type CosignerTransaction, signSession } from '../session/cosigner'
import { sessionSignature } from '../session/signature'
import { executeCalldata } from './calls'
import type { AccountContext, CompiledCall } from './context'
import type { ReadDetails } from './details'
import {
  type FeeEstimate,
  type ResourceBounds,
  resourceBoundsFromEstimate,
  rpcResourceBounds,
  sumEstimates,
} from './fees'
import { sendKnownInvoke } from './lostAnswer'
import { invokeV3Hash } from './transactionHash'

/** Options of a direct (self-paid) session invoke, as {@link readInvokeDetails} reads them. */
export type InvokeOptions = ReadDetails

/** The block tag of "latest state including pending transactions" in RPC 0.9+. */
export const PENDING_TAG = 'pre_confirmed'

/**
 * Sends an INVOKE V3 signed by the session: nonce (1 round trip), estimate with a placeholder signature of the
 * real length (1, skipped when bounds are given), co-signature, addInvokeTransaction (1).
 *
 * @example
 * const { transaction_hash } = await invokeWithSession(ctx, calls, {})
 */
export async function invokeWithSession(
  ctx: AccountContext,
  calls: readonly CompiledCall[],
  options: InvokeOptions = {},
): Promise<{ transaction_hash: string }> {
  const nonce =
    options.nonce === undefined
      ? BigInt(
          await ctx.rpc.request<string>('starknet_getNonce', {
            block_id: PENDING_TAG,
            contract_address: ctx.address,
          }),
        )
      : BigInt(options.nonce)
  const calldata = executeCalldata(calls, selectorFromName)
  const tip = BigInt(options.tip ?? 0n)
  const bounds =
    options.resourceBounds ??
    resourceBoundsFromEstimate(await estimateSession(ctx, calls, calldata, nonce, tip))
  const tx = invokeTransaction(ctx, calldata, nonce, bounds, tip)
  const transactionHash = invokeV3Hash({
    senderAddress: ctx.address,
    calldata,
    chainId: ctx.chainId,
    nonce,
    resourceBounds: bounds,
    tip,
  })
  const signature = await sessionSignature(ctx.session, transactionHash, calls, (session) =>
    signSession(ctx.fetch, ctx.cosignerBaseUrl, session, cosignerTransaction(ctx, tx)),
  )
  // The hash is known before the send: a lost answer is looked up, never a blind "failed".
  return sendKnownInvoke(
    ctx.rpc,
    transactionHash,
    () => ctx.rpc.request('starknet_addInvokeTransaction', { invoke_transaction: { ...tx, signature } }),
    ctx.sendLog,
  )
}

/**
 * The estimate of a session invoke as it is sent: {@link estimateInvoke}, which skips validation, plus the
 * account's session validation ({@link SESSION_VALIDATION_L2_GAS}) in L2 gas and in the overall fee.
 *
 * @example
 * resourceBoundsFromEstimate(await estimateSession(ctx, calls, calldata, nonce, 0n))
 */
export async function estimateSession(
  ctx: AccountContext,
  calls: readonly CompiledCall[],
  calldata: string[],
  nonce: bigint,
  tip: bigint,
  deploy?: DeploymentPayload,
): Promise<FeeEstimate> {
  const estimate = await estimateInvoke(ctx, calls, calldata, nonce, tip, deploy)
  return sumEstimates([
    estimate,
    {
      l2_gas_consumed: SESSION_VALIDATION_L2_GAS,
      overall_fee: SESSION_VALIDATION_L2_GAS * BigInt(estimate.l2_gas_price),
    },
  ])
}

/**
 * L2 gas Argent 0.4.0 spends validating a session token, whose estimate skips validation: on
 * starknet-devnet 0.10.1 0.52–0.56M with the owner + guardian authorisation sent in full (the SDK always
 * sends it), from a single call up (e2e/devnet/sessionGas.test.ts); with room for more calls' proofs.
 */
export const SESSION_VALIDATION_L2_GAS = 10n ** 6n

/**
 * The estimate, validation skipped; the signature is a placeholder as long as the real session token
 * (validation gas grows with signature length), so no co-signer call is spent on it. With `deploy`, one bulk
 * estimate of the DEPLOY_ACCOUNT (nonce 0) then the invoke, summed.
 */
export async function estimateInvoke(
  ctx: AccountContext,
  calls: readonly CompiledCall[],
  calldata: string[],
  nonce: bigint,
  tip: bigint,
  deploy?: DeploymentPayload,
): Promise<FeeEstimate> {
  const zero = { max_amount: 0n, max_price_per_unit: 0n }
  const tx = invokeTransaction(ctx, calldata, nonce, { l1_gas: zero, l2_gas: zero, l1_data_gas: zero }, tip)
  const signature = await sessionSignature(ctx.session, '0x0', calls, async () => ({
    signer: 1n,
    r: 1n,
    s: 1n,
  }))
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
      { ...tx, signature },
    ],
    simulation_flags: ['SKIP_VALIDATE'],
    block_id: PENDING_TAG,
  })
  if (!estimates[0]) throw new NodeError(-32603, 'Empty fee estimate')
  return sumEstimates(estimates)
}

function invokeTransaction(
  ctx: AccountContext,
  calldata: string[],
  nonce: bigint,
  bounds: ResourceBounds,
  tip: bigint,
) {
  return {
    type: 'INVOKE' as const,
    version: '0x3' as const,
    sender_address: ctx.address,
    calldata,
    nonce: toHex(nonce),
    resource_bounds: rpcResourceBounds(bounds),
    tip: toHex(tip),
    paymaster_data: [] as string[],
    account_deployment_data: [] as string[],
    nonce_data_availability_mode: 'L1' as const,
    fee_data_availability_mode: 'L1' as const,
  }
}

// The co-signer reads decimal strings, as x-sessions sends them.
function cosignerTransaction(
  ctx: AccountContext,
  tx: ReturnType<typeof invokeTransaction>,
): CosignerTransaction {
  const dec = (value: string) => BigInt(value).toString(10)
  return {
    sender_address: tx.sender_address,
    calldata: tx.calldata,
    nonce: dec(tx.nonce),
    version: '3',
    chain_id: dec(ctx.chainId),
    resource_bounds: mapBounds(tx.resource_bounds, dec),
    tip: dec(tx.tip),
    paymaster_data: [],
    account_deployment_data: [],
    nonce_data_availability_mode: 'L1',
    fee_data_availability_mode: 'L1',
  }
}
