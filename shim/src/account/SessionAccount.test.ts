// The session account's routing and refusals, against a scripted node, cosigner and paymaster. These
// doubles verify no signature: every test that claims a transaction is valid (self-paid, sponsored, paid
// in a token, deployed through the paymaster, the retry after 'Sign session error') runs against
// wallet-sim's chain in e2e/tests/sdk (SessionAccount, WebWallet, execute, sessionLifecycle). Here only what
// the SDK refuses or which route it takes.

import { BuildTypedDataRequestSchema, PaymasterExecuteRequestSchema } from '@webwallet/protocol'
import {
  MismatchedContractAddressError,
  MismatchedSelectorError,
  NotEnoughGasTokenError,
  OutsideExecutionOnlyError,
  UnalignedProofsError,
} from '@webwallet/protocol/errors'
import { parseOutsideExecutionCalldata, parseSessionToken, toFelt, toHex } from '@webwallet/protocol/session'
import { describe, expect, it } from 'vitest'
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
const feeTransfer = { contractAddress: STRK, entrypoint: 'transfer', calldata: ['0x999', '0x5', '0x0'] }

function deployedNode(world: World) {
  world.node.starknet_getClassHashAt = () => '0x1'
  world.node.starknet_getNonce = () => '0x4'
  world.node.starknet_estimateFee = () => [ESTIMATE]
  world.node.starknet_call = argentCalls(['0x56bc75e2d63100000', '0x0']) // 100 STRK
}

function gaslessPaymaster(world: World, withFee: boolean) {
  const seen: unknown[] = []
  world.paymaster['/gas-token-prices'] = () =>
    Response.json([{ tokenAddress: STRK, decimals: 18, priceInETH: '1000000000000000000' }])
  world.paymaster[`/accounts/${ACCOUNT}/compatible`] = () =>
    Response.json({ isCompatible: true, gasConsumedOverhead: '0x0', dataGasConsumedOverhead: '0x0' })
  world.paymaster['/build-typed-data'] = (body: { calls: (typeof play)[] }) => {
    seen.push(body)
    return Response.json(paymasterTypedData(withFee ? [...body.calls, feeTransfer] : body.calls))
  }
  world.paymaster['/execute'] = (body: unknown) => {
    seen.push(body)
    return Response.json({ transactionHash: '0xfeed' })
  }
  return seen
}

describe('SessionAccount.execute', () => {
  it.each([
    ['Sign session error', 'cosigner'],
    ['validation failed gas bounds exceed balance', 'node'],
    ['node code 54, as wallet-sim and the gateway answer an empty balance', 'node54'],
  ])('routes to the paymaster on %s (the chain-verified retry is in e2e/tests/sdk)', async (_name, where) => {
    const world = createWorld()
    deployedNode(world)
    if (where === 'cosigner') {
      world.cosigner = (path) =>
        path === '/cosigner/signSession' ? Response.json({ status: 403 }, { status: 403 }) : undefined
    } else if (where === 'node54') {
      world.node.__lastTxHash = () => '0x0'
      world.node.starknet_addInvokeTransaction = () => {
        throw { code: 54, message: "Account balance is smaller than the transaction's max_fee" }
      }
    } else {
      world.node.__lastTxHash = () => '0x0'
      world.node.starknet_addInvokeTransaction = () => {
        throw {
          code: 55,
          message: 'Account validation failed',
          data: 'validation failed gas bounds exceed balance',
        }
      }
    }
    const seen = gaslessPaymaster(world, true)
    const account = new SessionAccount(testContext(world), { paymaster: testPaymaster(world) })
    await expect(account.execute(play)).resolves.toEqual({ transaction_hash: '0xfeed' })
    const executeBody = seen[1] as { userAddress: string; typedData: string; signature: string[] }
    expect(executeBody.userAddress).toBe(ACCOUNT)
    expect(parseSessionToken(executeBody.signature.map(toFelt)).proofs).toHaveLength(2)
    expect(seen[0]).toMatchObject({ gasTokenAddress: STRK, userAddress: ACCOUNT })
    // One truth (issue 26): protocol's schemas take the requests exactly as the SDK sends them.
    expect(executeBody.signature.length).toBeGreaterThan(2) // a session token, not an owner's [r, s]
    expect(PaymasterExecuteRequestSchema.safeParse(executeBody).error).toBeUndefined()
    expect(BuildTypedDataRequestSchema.safeParse(seen[0]).error).toBeUndefined()
  })

  it('refuses a paymaster that appends more than the agreed gas-token amount', async () => {
    const world = createWorld()
    deployedNode(world)
    gaslessPaymaster(world, true)
    world.paymaster['/build-typed-data'] = (body: { calls: (typeof play)[] }) =>
      Response.json(
        paymasterTypedData([
          ...body.calls,
          { ...feeTransfer, calldata: ['0x999', '0xffffffffffffffffffff', '0x0'] },
        ]),
      )
    const account = new SessionAccount(testContext(world), { paymaster: testPaymaster(world) })
    await expect(account.execute(play, { gasless: true })).rejects.toThrow(/above the agreed/)
    expect(world.log).not.toContain('/paymaster/v1/execute')
  })

  it('does not retry other errors', async () => {
    const world = createWorld()
    deployedNode(world)
    world.node.__lastTxHash = () => '0x0'
    world.node.starknet_addInvokeTransaction = () => {
      throw { code: 52, message: 'Invalid transaction nonce' }
    }
    gaslessPaymaster(world, true)
    const account = new SessionAccount(testContext(world), { paymaster: testPaymaster(world) })
    await expect(account.execute(play)).rejects.toThrow('Invalid transaction nonce')
    expect(world.log).not.toContain('/paymaster/v1/execute')
  })

  it.each([
    ['sponsored', 'app-key', {}],
    ['paid in a gas token', undefined, { gasless: true }],
  ] as const)(
    'refuses a call outside the session by name before asking the paymaster (%s)',
    async (_, key, options) => {
      const world = createWorld()
      deployedNode(world)
      gaslessPaymaster(world, false)
      const account = new SessionAccount(testContext(world), { paymaster: testPaymaster(world, key) })
      for (const call of [
        // The session allows STRK transfers, not transfers of another token.
        { contractAddress: GAME, entrypoint: 'transfer', calldata: ['0x1', '0x1', '0x0'] },
        { contractAddress: GAME, entrypoint: 'drain', calldata: [] },
      ]) {
        await expect(account.execute(call, options)).rejects.toThrow(
          `Call not allowed by the session: ${call.entrypoint}`,
        )
      }
      expect(world.log.some((entry) => entry.includes('/paymaster/'))).toBe(false)
    },
  )

  it('refuses when no gas token balance covers the fee', async () => {
    const world = createWorld()
    deployedNode(world)
    world.node.starknet_call = () => ['0x0', '0x0']
    gaslessPaymaster(world, true)
    const account = new SessionAccount(testContext(world), { paymaster: testPaymaster(world) })
    await expect(account.execute(play, { gasless: true })).rejects.toBeInstanceOf(NotEnoughGasTokenError)
    await expect(account.execute(play, { gasless: true })).rejects.toThrow(
      'Not enough balance in any gas token - please fund your wallet with a valid gas token',
    )
  })

  it('refuses gasless on another chain', async () => {
    const world = createWorld()
    deployedNode(world)
    const account = new SessionAccount(testContext(world, { chainId: '0x1234' }), {
      paymaster: testPaymaster(world),
    })
    await expect(account.execute(play, { gasless: true })).rejects.toThrow('Unsupported chain id for gasless')
  })
})

describe('outside execution', () => {
  it("builds an execute_from_outside_v2 call valid 10 minutes back and 20 ahead of the chain's clock", async () => {
    const world = createWorld()
    deployedNode(world)
    world.node.starknet_call = () => ['0x1'] // supports SNIP-9 v2, the nonce is unused (probe.test.ts)
    // The chain's clock, neither the device's (testContext's now, 1_800_000_000 s) nor the real time.
    const chainNow = Math.floor(Date.now() / 1000) + 86_400
    world.node.starknet_getBlockWithTxHashes = () => ({ timestamp: chainNow })
    const account = new SessionAccount(testContext(world))
    const call = await account.getOutsideExecutionPayload([play])
    expect(call.contractAddress).toBe(ACCOUNT)
    expect(call.entrypoint).toBe('execute_from_outside_v2')
    const { execution, signature } = parseOutsideExecutionCalldata(call.calldata.map(toFelt))
    expect(execution.executeAfter).toBe(BigInt(chainNow - 600))
    expect(execution.executeBefore).toBe(BigInt(chainNow + 1200))
    expect(execution.caller).toBe(toFelt(toHex(0x414e595f43414c4c4552n)))
    expect(parseSessionToken(signature).proofs).toHaveLength(1)
    // The block rides with the class hash; the probes follow (deployed, first seen): two round trips.
    expect(world.log).toEqual([
      'starknet_getClassHashAt',
      'starknet_getBlockWithTxHashes',
      'starknet_call',
      'starknet_call',
      '/cosigner/signSessionEFO',
    ])
    expect(account.roundTrips()).toBe(2)
  })

  it('signs only outside-execution typed data', async () => {
    const account = new SessionAccount(testContext(createWorld()))
    const typedData = paymasterTypedData([play])
    await expect(account.signMessage({ ...typedData, primaryType: 'Mail' }, [play])).rejects.toBeInstanceOf(
      OutsideExecutionOnlyError,
    )
    await expect(
      account.signMessageFromOutside({ ...typedData, domain: { ...typedData.domain, name: 'Other' } }, [
        play,
      ]),
    ).rejects.toThrow('signMessage only for outside execution')
  })

  it('signs typed data as it is when no calls are given, only with calls the session allows', async () => {
    const world = createWorld()
    const account = new SessionAccount(testContext(world))
    const signature = await account.signMessage(paymasterTypedData([play]))
    expect(parseSessionToken(signature.map(toFelt)).proofs).toHaveLength(1)
    await expect(
      account.signMessage(paymasterTypedData([{ contractAddress: GAME, entrypoint: 'drain' }])),
    ).rejects.toThrow('Call not allowed by the session')
    await expect(account.signMessage({ ...paymasterTypedData([play]), primaryType: 'Mail' })).rejects.toThrow(
      'signMessage only for outside execution',
    )
  })

  it('checks the calls against the typed data', async () => {
    const account = new SessionAccount(testContext(createWorld()))
    const typedData = paymasterTypedData([play])
    await expect(account.signMessage(typedData, [play, play])).rejects.toBeInstanceOf(UnalignedProofsError)
    await expect(account.signMessage(typedData, [{ ...play, contractAddress: STRK }])).rejects.toBeInstanceOf(
      MismatchedContractAddressError,
    )
    await expect(
      account.signMessage(typedData, [{ ...play, entrypoint: 'transfer' }]),
    ).rejects.toBeInstanceOf(MismatchedSelectorError)
  })
})

describe('deploy', () => {
  const undeployed = (world: World) => {
    world.node.starknet_getClassHashAt = () => {
      throw { code: 20, message: 'Contract not found' }
    }
  }

  it('refuses a payload whose address is not the session account', async () => {
    const world = createWorld()
    undeployed(world)
    const deployer = async () => ({ transactionHash: '0x1', contractAddress: ACCOUNT })
    const account = new SessionAccount(testContext(world), { deployer })
    await expect(account.deploy()).rejects.toThrow('The deployed address does not match the expected address')
  })

  it('refuses a deployed account', async () => {
    const world = createWorld()
    world.node.starknet_getClassHashAt = () => '0x1'
    const account = new SessionAccount(testContext(world), {
      deployer: async () => ({ transactionHash: '0x1', contractAddress: ACCOUNT }),
    })
    await expect(account.deploy()).rejects.toThrow('Account is already deployed')
  })
})
