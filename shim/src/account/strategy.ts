// One attempt of a session execute's pipeline on one strategy: estimate → the strategy's transaction
// (self-paid invoke, or the paymaster's outside execution) → the session's signature, co-signed → send.
import type { NamedCall } from '@webwallet/protocol/session'
import type { Paymaster } from '../paymaster/client'
import { cosign } from '../session/cosigner'
import { type Cosign, sessionSignature } from '../session/signature'
import type { AccountContext, CompiledCall } from './context'
import type { ReadDetails } from './details'
import { resourceBoundsFromEstimate } from './fees'
import { gaslessDraft } from './gasless'
import { estimateInvoke, invokeDraft, PENDING_TAG, SESSION_VALIDATION_L2_GAS } from './invoke'
import { sendKnownInvoke, sendOutsideExecution } from './lostAnswer'

// Estimates sign with a stand-in for the cosigner's answer: same length, no request.
const placeholder: Cosign = async () => ({ signer: 1n, r: 1n, s: 1n })
/**
 * The session's signature of a hash for calls, co-signed by `cosign` (a same-length placeholder by default).
 *
 * @example
 * const placeholderSignature = await signer(ctx)('0x0', calls)
 */
export function signer(ctx: AccountContext) {
  return (hash: string, calls: readonly NamedCall[], cosign = placeholder) =>
    sessionSignature(ctx.session, hash, calls, cosign)
}

/**
 * One attempt of the pipeline on one strategy (`through` a paymaster, else self-paid): estimate (skipped
 * when bounds are given or the paymaster sponsors) → the strategy's transaction → the session's signature,
 * co-signed → send, the lost answer looked up. Undeployed (`deploy`), only through a paymaster.
 *
 * @example
 * await runStrategy(ctx, compiled, {}, undefined, { deploy: false })
 */
export async function runStrategy(
  ctx: AccountContext,
  compiled: readonly CompiledCall[],
  details: ReadDetails,
  through: Paymaster | undefined,
  { deploy, gasTokenAddress }: { deploy: boolean; gasTokenAddress?: string | undefined },
): Promise<{ transaction_hash: string }> {
  const signs = signer(ctx)
  // Undeployed, the estimate puts the DEPLOY_ACCOUNT (nonce 0) before the invoke (nonce 1). The nonce is read
  // only when used: a sponsored outside execution has its own.
  const nonceOf = async () => (deploy ? 1n : (details.nonce ?? (await readNonce(ctx))))
  const nonce = through ? 0n : await nonceOf()
  const tip = through ? 0n : (details.tip ?? 0n)
  const payload = deploy ? ctx.session.stored.deploymentPayload : undefined
  const validation = through ? 0n : SESSION_VALIDATION_L2_GAS
  const estimate = async () =>
    estimateInvoke(ctx, compiled, through ? await nonceOf() : nonce, tip, payload, signs, validation)
  const draft = !through
    ? invokeDraft(
        ctx,
        compiled,
        nonce,
        details.resourceBounds ?? resourceBoundsFromEstimate(await estimate()),
        tip,
      )
    : await gaslessDraft(
        ctx,
        through,
        compiled,
        { deploy, gasTokenAddress },
        through.sponsored ? undefined : estimate,
      )
  const signature = await signs(draft.hash, draft.calls, (session) =>
    cosign(ctx.fetch, ctx.cosignerBaseUrl, session, draft.cosigner),
  )
  // The hash is known before the send: a lost answer is looked up, never a blind "failed".
  if ('tx' in draft) {
    const invoke_transaction = { ...draft.tx, signature }
    const send = () =>
      ctx.rpc.request<{ transaction_hash: string }>('starknet_addInvokeTransaction', { invoke_transaction })
    return sendKnownInvoke(ctx.rpc, draft.hash, send, ctx.sendLog)
  }
  const { paymaster, typedData, request } = draft
  const send = () => paymaster.execute({ ...request, signature })
  const url = `${paymaster.baseUrl}/paymaster/v1/execute`
  const { transactionHash } = await sendOutsideExecution(url, typedData.message, send, ctx.sendLog)
  return { transaction_hash: transactionHash }
}

const readNonce = async (ctx: AccountContext) =>
  BigInt(
    await ctx.rpc.request<string>('starknet_getNonce', {
      block_id: PENDING_TAG,
      contract_address: ctx.address,
    }),
  )
