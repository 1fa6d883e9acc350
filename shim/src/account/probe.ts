import { OutsideExecutionNonceUsedError, OutsideExecutionUnsupportedError } from '@webwallet/protocol/errors'
import { selectorFromName, toHex } from '@webwallet/protocol/session'
import type { AccountContext } from './context'
import { PENDING_TAG } from './invoke'
import type { RpcCall } from './rpc'

/** The SNIP-9 v2 interface id (SRC5 `supports_interface`): `execute_from_outside_v2`, the only one we sign. */
export const SNIP9_V2_INTERFACE_ID = '0x1d1144bb2138366ff28d8e9ab57456b1d332ac42196230c3a602003c89872'

// An account's class does not change within a session: its interface is asked once per account context.
const supported = new WeakSet<AccountContext>()

/**
 * Asks a deployed account `supports_interface(SNIP-9 v2)` (once per account and session) and
 * `is_valid_outside_execution_nonce(nonce)` in one batch with `also` (docs/protocol.md, Chain node).
 *
 * @example
 * await probeOutsideExecution(ctx, '0x7') // OUTSIDE_EXECUTION_UNSUPPORTED / OUTSIDE_EXECUTION_NONCE_USED
 */
export async function probeOutsideExecution(
  ctx: AccountContext,
  nonce: unknown,
  ...also: RpcCall[]
): Promise<PromiseSettledResult<unknown>[]> {
  const known = supported.has(ctx)
  const ask = (entrypoint: string, arg: unknown) => viewCall(ctx.address, entrypoint, [toHex(arg as string)])
  const probes = [
    ask('is_valid_outside_execution_nonce', nonce),
    ...(known ? [] : [ask('supports_interface', SNIP9_V2_INTERFACE_ID)]),
  ]
  const settled = await ctx.rpc.settle([...probes, ...also])
  const [valid, supports] = known ? [settled[0]] : settled
  const answers = settled.slice(probes.length)
  if (!known) {
    if (!isTrue(supports)) {
      throw new OutsideExecutionUnsupportedError(ctx.address, {
        cause: supports?.status === 'rejected' ? supports.reason : undefined,
      })
    }
    supported.add(ctx)
  }
  if (valid?.status === 'rejected') throw valid.reason
  if (!isTrue(valid)) throw new OutsideExecutionNonceUsedError(toHex(nonce as string))
  return answers
}

/**
 * A `starknet_call` of `entrypoint` on `contract` at the pre-confirmed block (funds and nonces may still be
 * there), for `rpc.settle` / `rpc.batch`.
 *
 * @example
 * await ctx.rpc.batch([viewCall(STRK, 'balanceOf', [ctx.address])])
 */
export const viewCall = (contract: string, entrypoint: string, calldata: string[]) => ({
  method: 'starknet_call',
  params: {
    request: {
      contract_address: contract,
      entry_point_selector: toHex(selectorFromName(entrypoint)),
      calldata,
    },
    block_id: PENDING_TAG,
  },
})

// Cairo's `bool` comes back as one felt: 1 is true.
const isTrue = (answer: PromiseSettledResult<unknown> | undefined) =>
  answer?.status === 'fulfilled' && /^(0x0*)?1$/i.test(String((answer.value as unknown[])[0]))
