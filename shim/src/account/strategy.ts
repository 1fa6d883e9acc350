// One attempt of a session execute's pipeline on one strategy: estimate → the strategy's transaction
// (self-paid invoke, or the paymaster's outside execution) → the session's signature, co-signed → send.
import type { NamedCall } from '@webwallet/protocol/session'
import type { Paymaster } from '../paymaster/client'
import { cosign } from '../session/cosigner'
import { type Cosign, sessionSignature } from '../session/signature'
import type { AccountContext, CompiledCall } from './context'
import type { ReadDetails } from './details'
import { resourceBoundsFromEstimate } from './fees'
import { type GaslessOptions, gaslessDraft } from './gasless'
import { estimateInvoke, invokeDraft, PENDING_TAG, SESSION_VALIDATION_L2_GAS } from './invoke'
import { sendOnce } from './lostAnswer'

/**
 * The session's signature of a hash for calls, co-signed by `cosign`; by default a stand-in for the
 * cosigner's answer of the same length, no request (what estimates sign with).
 *
 * @example
 * const placeholderSignature = await signer(ctx)('0x0', calls)
 */
export function signer(ctx: AccountContext) {
  return (
    hash: string,
    calls: readonly NamedCall[],
    cosign: Cosign = async () => ({ signer: 1n, r: 1n, s: 1n }),
  ) => sessionSignature(ctx.session, hash, calls, cosign)
}

/**
 * One attempt on one strategy (`through` a paymaster, else self-paid): estimate unless bounds are given or
 * sponsored, then the strategy's transaction, the co-signed signature and the send. Undeployed: paymaster only.
 *
 * @example
 * await runStrategy(ctx, compiled, {}, undefined, { deploy: false })
 */
export async function runStrategy(
  ctx: AccountContext,
  compiled: readonly CompiledCall[],
  details: ReadDetails,
  through: Paymaster | undefined,
  options: GaslessOptions,
): Promise<{ transaction_hash: string }> {
  const { deploy } = options
  const signs = signer(ctx)
  // Undeployed, the estimate puts the DEPLOY_ACCOUNT (nonce 0) before the invoke (nonce 1). A sponsored
  // outside execution estimates nothing and has a nonce of its own.
  const nonce = deploy ? 1n : (details.nonce ?? (through?.sponsored ? 0n : await readNonce(ctx)))
  const tip = through ? 0n : (details.tip ?? 0n)
  const estimate = () =>
    estimateInvoke(
      ctx,
      compiled,
      nonce,
      tip,
      deploy ? ctx.session.stored.deploymentPayload : undefined,
      signs,
      through ? 0n : SESSION_VALIDATION_L2_GAS,
    )
  const draft = !through
    ? invokeDraft(
        ctx,
        compiled,
        nonce,
        details.resourceBounds ?? resourceBoundsFromEstimate(await estimate()),
        tip,
      )
    : await gaslessDraft(ctx, through, compiled, options, through.sponsored ? undefined : estimate)
  const signature = await signs(draft.hash, draft.calls, (session) =>
    cosign(ctx.fetch, ctx.cosignerBaseUrl, session, draft.cosigner),
  )
  return sendOnce(ctx.rpc, draft.sent, () => draft.send(signature), ctx.sendLog)
}

/** The account's nonce at the pre-confirmed block. @example const nonce = await readNonce(ctx) */
export const readNonce = async (ctx: AccountContext) =>
  BigInt(
    await ctx.rpc.request<string>('starknet_getNonce', {
      block_id: PENDING_TAG,
      contract_address: ctx.address,
    }),
  )
