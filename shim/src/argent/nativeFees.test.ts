// invisible-sdk 1.0.0's getNativeFees on our entry: a starknet.js account estimates the deployment (when it is
// due) and the invoke in one bulk request and gets the invoke's estimate, as invisible-sdk asked it; the
// entry's own session account estimates through its estimateInvokeFee (which covers its deployment).
import { TransactionType } from 'starknet'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SessionAccount } from '../account/SessionAccount'
import { getNativeFees } from './index'

const calls = [{ contractAddress: '0x7', entrypoint: 'play', calldata: ['1'] }]
const deploymentPayload = {
  classHash: '0x1' as const,
  constructorCalldata: ['0x2' as const],
  addressSalt: '0x3',
  contractAddress: '0x4' as const,
}
afterEach(() => vi.restoreAllMocks())

describe('getNativeFees', () => {
  it("bulk-estimates DEPLOY_ACCOUNT then INVOKE for an undeployed starknet.js account, answers the invoke's", async () => {
    const estimateFeeBulk = vi.fn(async (bulk: unknown[]) =>
      bulk.map((_, i) => ({ overall_fee: BigInt(i + 1) })),
    )
    const account = { estimateFeeBulk } as never
    const details = { tip: 1n }
    expect(
      await getNativeFees({
        account,
        calls,
        isDeployed: false,
        deploymentPayload,
        universalDetails: details,
      }),
    ).toEqual({
      overall_fee: 2n,
    })
    expect(estimateFeeBulk).toHaveBeenCalledWith(
      [
        { type: TransactionType.DEPLOY_ACCOUNT, payload: deploymentPayload },
        { type: TransactionType.INVOKE, payload: calls },
      ],
      details,
    )
    expect(await getNativeFees({ account, calls, isDeployed: true, deploymentPayload })).toEqual({
      overall_fee: 1n,
    })
    expect(estimateFeeBulk).toHaveBeenLastCalledWith(
      [{ type: TransactionType.INVOKE, payload: calls }],
      undefined,
    )
  })

  it("the entry's session account estimates its own way", async () => {
    const estimate = vi
      .spyOn(SessionAccount.prototype, 'estimateInvokeFee')
      .mockResolvedValue({ overall_fee: 9n } as never)
    const account = Object.create(SessionAccount.prototype) as never
    expect(await getNativeFees({ account, calls, isDeployed: false, deploymentPayload })).toEqual({
      overall_fee: 9n,
    })
    expect(estimate).toHaveBeenCalledWith(calls, undefined)
  })
})
