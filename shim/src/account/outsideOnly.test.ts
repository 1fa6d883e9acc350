// Session keys the account cannot check within validation's step limit (a P-256 key: Argent's WebAuthn check
// runs SHA-256 in Cairo, 134M L2 gas against validation's 100M) never send their own invoke: the SDK takes
// the paymaster route, offering a gas-token fee that covers the check, or refuses before anything is signed.
// The session invoke's bounds add the real account's session validation to the SKIP_VALIDATE estimate.
// (Against the real account and the built-in chain: e2e/devnet/p256.test.ts and sessionGas.test.ts.)
import { InvalidOptionsError } from '@webwallet/protocol/errors'
import { signHash, toHex } from '@webwallet/protocol/session'
import { describe, expect, it } from 'vitest'
import type { SessionKeyKind } from '../session/keyKind'
import { SESSION_VALIDATION_L2_GAS } from './invoke'
import { SessionAccount } from './SessionAccount'
import {
  ACCOUNT,
  argentCalls,
  createWorld,
  ESTIMATE,
  GAME,
  paymasterTypedData,
  STRK,
  testContext,
  testPaymaster,
  type World,
} from './testing'

const play = { contractAddress: GAME, entrypoint: 'play', calldata: ['0x1'] }
const VERIFY_GAS = 1_000n

// Signs with the session's Stark key (the doubles verify nothing) but says its check costs VERIFY_GAS more.
const outsideOnlyKind = (signed: string[]): SessionKeyKind => ({
  generate: async () => ({ publicKey: '0x1', privateKey: '0x1' }),
  guid: () => 1n,
  sign: async (key, message) => {
    signed.push(toHex(message))
    const { signer, r, s } = signHash(message, key.privateKey)
    return { felts: [0n, signer, r, s], cosigner: { type: 'StarknetKey' } }
  },
  verifyGas: VERIFY_GAS,
})

function deployedWorld(): World {
  const world = createWorld()
  world.node.starknet_getClassHashAt = () => '0x1'
  world.node.starknet_getNonce = () => '0x4'
  world.node.starknet_estimateFee = () => [ESTIMATE]
  world.node.starknet_call = argentCalls(['0x56bc75e2d63100000', '0x0']) // 100 STRK
  world.node.starknet_addInvokeTransaction = () => {
    throw { code: 55, message: 'Account validation failed', data: 'RunResources has no remaining steps.' }
  }
  return world
}

describe('a session key the account checks only outside validation (P-256)', () => {
  it('executes through the paymaster, offering a gas-token fee that covers the check', async () => {
    const world = deployedWorld()
    const built: { maxGasTokenAmount?: string }[] = []
    world.paymaster['/gas-token-prices'] = () =>
      Response.json([{ tokenAddress: STRK, decimals: 18, priceInETH: '1000000000000000000' }])
    world.paymaster[`/accounts/${ACCOUNT}/compatible`] = () =>
      Response.json({ isCompatible: true, gasConsumedOverhead: '0x10', dataGasConsumedOverhead: '0x0' })
    world.paymaster['/build-typed-data'] = (body: { calls: (typeof play)[]; maxGasTokenAmount: string }) => {
      built.push(body)
      const fee = {
        contractAddress: STRK,
        entrypoint: 'transfer',
        calldata: ['0x9', body.maxGasTokenAmount, '0x0'],
      }
      return Response.json(paymasterTypedData([...body.calls, fee]))
    }
    world.paymaster['/execute'] = () => Response.json({ transactionHash: '0xfeed' })
    const signed: string[] = []
    const ctx = testContext(world)
    const account = new SessionAccount(
      { ...ctx, session: { ...ctx.session, kind: outsideOnlyKind(signed) } },
      { paymaster: testPaymaster(world) },
    )
    await expect(account.execute(play)).resolves.toEqual({ transaction_hash: '0xfeed' })
    expect(world.log).not.toContain('starknet_addInvokeTransaction')
    // Overall fee plus (overhead + the check) × L2 gas price (STRK priced at 1 ETH here: FRI = base units).
    const price = BigInt(ESTIMATE.l2_gas_price)
    expect(BigInt(built[0]?.maxGasTokenAmount ?? 0)).toBe(
      BigInt(ESTIMATE.overall_fee) + (0x10n + VERIFY_GAS) * price,
    )
  })

  it('refuses without a paymaster before anything is signed', async () => {
    const world = deployedWorld()
    const signed: string[] = []
    const ctx = testContext(world)
    const account = new SessionAccount({ ...ctx, session: { ...ctx.session, kind: outsideOnlyKind(signed) } })
    const refusal = account.execute(play)
    await expect(refusal).rejects.toBeInstanceOf(InvalidOptionsError)
    await expect(refusal).rejects.toThrow('Invalid option paymaster: needed by a P-256 key')
    expect(signed).toEqual([])
    expect(world.log.filter((entry) => entry.startsWith('/'))).toEqual([])
  })
})

describe('a session invoke', () => {
  it("bounds L2 gas by the estimate plus the real account's session validation, with the 50% margin", async () => {
    const world = deployedWorld()
    let sent: { resource_bounds: { l2_gas: { max_amount: string } } } | undefined
    world.node.__lastTxHash = () => '0x0'
    world.node.starknet_addInvokeTransaction = (params: { invoke_transaction: typeof sent }) => {
      sent = params.invoke_transaction
      return { transaction_hash: '0xabc' }
    }
    await new SessionAccount(testContext(world)).execute(play)
    const expected = ((BigInt(ESTIMATE.l2_gas_consumed) + SESSION_VALIDATION_L2_GAS) * 3n) / 2n
    expect(BigInt(sent?.resource_bounds.l2_gas.max_amount ?? 0)).toBe(expected)
  })
})
