// SessionAccount as starknet.js's AccountInterface (v10 here; v8 in starknetV8.test.ts), against the scripted
// node of ./testing: starknet.js's details reach the transaction, the estimate is the session's, starknet.js's
// reads go through the SDK's node and fetch, a Contract invokes through the session's rules, and what a
// session cannot do is NOT_SUPPORTED_BY_SESSION before any request. The chain-verified run (Contract on
// wallet-sim, v10 and v8 in Chromium) is e2e/tests/sdk/accountInterface.test.ts.
import { NotSupportedBySessionError } from '@webwallet/protocol/errors'
import { parseSessionToken, toFelt } from '@webwallet/protocol/session'
import { Account, Contract } from 'starknet'
import { describe, expect, it } from 'vitest'
import { SessionAccount } from './SessionAccount'
import { ACCOUNT, createWorld, ESTIMATE, GAME, GAME_ABI, testContext, type World } from './testing'

const play = { contractAddress: GAME, entrypoint: 'play', calldata: ['0x1'] }
interface SentInvoke {
  nonce: string
  tip: string
  calldata: string[]
  signature: string[]
  resource_bounds: Record<string, { max_amount: string; max_price_per_unit: string }>
}

/** A deployed account at nonce 4; answers the sent invoke's hash and keeps it. */
function deployedWorld() {
  const world = createWorld()
  const sent: SentInvoke[] = []
  const estimated: {
    request: { type: string; nonce: string; signature: string[] }[]
    simulation_flags: string[]
  }[] = []
  world.node.starknet_getClassHashAt = () => '0x1'
  world.node.starknet_getNonce = () => '0x4'
  world.node.starknet_estimateFee = (params: (typeof estimated)[number]) => {
    estimated.push(params)
    return params.request.map(() => ESTIMATE)
  }
  world.node.__lastTxHash = () => '0x0'
  world.node.starknet_addInvokeTransaction = (params: { invoke_transaction: SentInvoke }) => {
    sent.push(params.invoke_transaction)
    return { transaction_hash: '0xabc' }
  }
  return { world, sent, estimated }
}

const nodeCalls = (world: World) => world.log.filter((entry) => entry.startsWith('starknet_'))

describe('SessionAccount is a starknet.js Account', () => {
  it("is an instance of the app's Account with the session's address", () => {
    const account = new SessionAccount(testContext(createWorld()))
    expect(account).toBeInstanceOf(Account)
    expect(account.address).toBe(ACCOUNT)
    expect(account.cairoVersion).toBe('1')
  })

  it('sends with the nonce, tip and resource bounds of starknet.js details (no nonce read, no estimate)', async () => {
    const { world, sent } = deployedWorld()
    const account = new SessionAccount(testContext(world))
    const bound = { max_amount: 0x100n, max_price_per_unit: 0x20n }
    const resourceBounds = { l1_gas: bound, l2_gas: { ...bound, max_amount: 0x2000000n }, l1_data_gas: bound }
    await expect(
      account.execute(play, { nonce: '0x9', tip: 7, resourceBounds, version: '0x3' }),
    ).resolves.toEqual({ transaction_hash: '0xabc' })
    expect(sent[0]?.nonce).toBe('0x9')
    expect(sent[0]?.tip).toBe('0x7')
    expect(sent[0]?.resource_bounds.l2_gas).toEqual({ max_amount: '0x2000000', max_price_per_unit: '0x20' })
    expect(nodeCalls(world)).not.toContain('starknet_estimateFee')
    expect(nodeCalls(world).filter((method) => method === 'starknet_getNonce')).toHaveLength(1) // the deployed check's batch
  })

  it('refuses a transaction version other than V3 (INVALID_OPTIONS) before any request', async () => {
    const { world } = deployedWorld()
    const account = new SessionAccount(testContext(world))
    await expect(account.execute(play, { version: '0x1' })).rejects.toMatchObject({
      code: 'INVALID_OPTIONS',
      message: 'Invalid option version: a session sends V3 transactions only',
    })
    for (const version of ['v3', 1, '0x2', -3, 3.5]) {
      await expect(account.execute(play, { version } as never)).rejects.toMatchObject({
        code: 'INVALID_OPTIONS',
      })
      await expect(account.estimateInvokeFee(play, { version } as never)).rejects.toMatchObject({
        code: 'INVALID_OPTIONS',
      })
    }
    expect(world.log).toEqual([])
    // The query version of V3 (2^128 + 3, what starknet.js's estimates use) is V3.
    await account.execute(play, { version: 2n ** 128n + 3n }).catch(() => {})
    expect(world.log).toContain('starknet_getClassHashAt')
  })

  it("takes starknet.js's details in every form it writes them: V3 as 3, '3', '0x3', bounds as hex strings", async () => {
    const { world, sent, estimated } = deployedWorld()
    const account = new SessionAccount(testContext(world))
    const bound = { max_amount: '0x100', max_price_per_unit: '32' }
    const resourceBounds = {
      l1_gas: bound,
      l2_gas: { ...bound, max_amount: '0x2000000' },
      l1_data_gas: bound,
    }
    for (const version of [3, '3', '0x3', 3n]) {
      await account.execute(play, { version, resourceBounds: resourceBounds as never, tip: '0x7', nonce: 9 })
      await account.estimateInvokeFee(play, { version, tip: '7', nonce: '0x9' })
    }
    expect(sent).toHaveLength(4)
    expect(sent[3]?.resource_bounds.l2_gas).toEqual({ max_amount: '0x2000000', max_price_per_unit: '0x20' })
    expect(sent[3]?.tip).toBe('0x7')
    expect(estimated[3]?.request[0]?.nonce).toBe('0x9')
    await expect(
      account.execute(play, {
        resourceBounds: { ...resourceBounds, l2_gas: { ...bound, max_amount: '1e3' } },
      } as never),
    ).rejects.toMatchObject({ code: 'INVALID_OPTIONS', message: /resourceBounds\.l2_gas\.max_amount/ })
  })

  it('sends nested and object calldata compiled as starknet.js compiles it', async () => {
    const { world, sent } = deployedWorld()
    const account = new SessionAccount(testContext(world))
    const calldata = { moves: [1, 2], stake: { low: '0x5', high: 0 }, flag: true }
    await account.execute({ contractAddress: GAME, entrypoint: 'play', calldata })
    // __execute__ calldata: 1 call, address, selector, length 6, then the compiled felts.
    expect(sent[0]?.calldata.slice(3)).toEqual(['0x6', '0x2', '0x1', '0x2', '0x5', '0x0', '0x1'])
    await expect(
      account.execute({ contractAddress: GAME, entrypoint: 'play', calldata: [[1, '2 ']] }),
    ).rejects.toMatchObject({ code: 'VALIDATION', message: /^Call 0, calldata\[0\]\[1\]: "2 " is refused/ })
  })

  it('estimates as the session sends: session-token signature length, validation gas, margins', async () => {
    const { world, sent, estimated } = deployedWorld()
    const account = new SessionAccount(testContext(world))
    const fee = await account.estimateInvokeFee(play)
    const l2 = ((BigInt(ESTIMATE.l2_gas_consumed) + 10n ** 6n) * 3n) / 2n
    expect(fee.resourceBounds.l2_gas.max_amount).toBe(l2)
    expect(fee.unit).toBe('FRI')
    const bounds = Object.values(fee.resourceBounds)
    expect(fee.overall_fee).toBe(bounds.reduce((sum, b) => sum + b.max_amount * b.max_price_per_unit, 0n))
    const [request] = estimated[0]?.request ?? []
    expect(estimated[0]?.simulation_flags).toEqual(['SKIP_VALIDATE'])
    expect(request?.nonce).toBe('0x4')
    // The placeholder is a session token as long as the one execute sends.
    await account.execute(play, { resourceBounds: fee.resourceBounds })
    expect(request?.signature).toHaveLength(sent[0]?.signature.length ?? -1)
    expect(parseSessionToken((request?.signature ?? []).map(toFelt)).proofs).toHaveLength(1)
    expect(sent[0]?.resource_bounds.l2_gas?.max_amount).toBe(`0x${l2.toString(16)}`)
  })

  it('estimates an undeployed account with its deployment (the invoke at nonce 1)', async () => {
    const { world, estimated } = deployedWorld()
    world.node.starknet_getClassHashAt = () => {
      throw { code: 20, message: 'Contract not found' }
    }
    const account = new SessionAccount(testContext(world))
    await account.estimateInvokeFee(play)
    expect(estimated[0]?.request.map((tx) => [tx.type, tx.nonce])).toEqual([
      ['DEPLOY_ACCOUNT', '0x0'],
      ['INVOKE', '0x1'],
    ])
  })

  it('estimates a bulk of invokes with consecutive nonces and refuses any other transaction', async () => {
    const { world, estimated } = deployedWorld()
    const account = new SessionAccount(testContext(world))
    const fees = await account.estimateFeeBulk([
      { type: 'INVOKE', payload: play },
      { type: 'INVOKE', payload: [play, play] },
    ])
    expect(fees).toHaveLength(2)
    expect(estimated.map((e) => e.request[0]?.nonce)).toEqual(['0x4', '0x5'])
    await expect(
      account.estimateFeeBulk([{ type: 'DECLARE', payload: { contract: '{}' } } as never]),
    ).rejects.toMatchObject({ code: 'NOT_SUPPORTED_BY_SESSION', data: { operation: 'DECLARE' } })
  })

  it("reads through starknet.js on the SDK's node and fetch: getNonce, callContract", async () => {
    const { world } = deployedWorld()
    world.node.starknet_call = (params: { request: { calldata: string[] } }) => [
      params.request.calldata[0] ?? '0x0',
    ]
    const account = new SessionAccount(testContext(world))
    expect(BigInt(await account.getNonce())).toBe(4n)
    await expect(
      account.callContract({ contractAddress: GAME, entrypoint: 'score', calldata: ['0x2a'] }),
    ).resolves.toEqual(['0x2a'])
    expect(nodeCalls(world)).toEqual(['starknet_getNonce', 'starknet_call'])
  })

  it('backs a Contract: views through starknet.js, invokes through the session, out of scope refused first', async () => {
    const { world, sent } = deployedWorld()
    world.node.starknet_call = () => ['0x3']
    const account = new SessionAccount(testContext(world))
    const game = new Contract({ abi: GAME_ABI, address: GAME, providerOrAccount: account })
    expect(await game.score(ACCOUNT)).toBe(3n)
    await expect(game.play(5)).resolves.toMatchObject({ transaction_hash: '0xabc' })
    expect(sent[0]?.calldata.slice(-2)).toEqual(['0x1', '0x5'])
    expect(parseSessionToken((sent[0]?.signature ?? []).map(toFelt)).proofs).toHaveLength(1)
    world.log.length = 0
    await expect(game.drain()).rejects.toMatchObject({ code: 'CALL_NOT_ALLOWED' })
    expect(world.log).toEqual([])
  })

  it('compiles calldata given by name (starknet.js RawArgsObject) in order', async () => {
    const { world, sent } = deployedWorld()
    const account = new SessionAccount(testContext(world))
    await account.execute({ contractAddress: GAME, entrypoint: 'play', calldata: { a: 1, b: '0x2' } })
    expect(sent[0]?.calldata.slice(-3)).toEqual(['0x2', '0x1', '0x2'])
  })

  it('deploys through the UDC only as an execute the session must allow', async () => {
    const { world } = deployedWorld()
    const account = new SessionAccount(testContext(world))
    await expect(account.deploy({ classHash: '0x123', salt: '0x1', unique: false })).rejects.toMatchObject({
      code: 'CALL_NOT_ALLOWED',
    })
    expect(world.log).toEqual([])
  })

  it('refuses declare, deploying an account, and signing a transaction outside execute', async () => {
    const world = createWorld()
    const account = new SessionAccount(testContext(world))
    const refusals: [string, Promise<unknown>][] = [
      ['declare', account.declare({ contract: '{}' } as never)],
      ['declare', account.declareIfNot({ contract: '{}' } as never)],
      ['declare', account.declareAndDeploy({ contract: '{}' } as never)],
      ['declare', account.estimateDeclareFee({ contract: '{}' } as never)],
      ['deployAccount', account.deployAccount({ classHash: '0x1' })],
      ['deployAccount', account.deploySelf({ classHash: '0x1' })],
      ['deployAccount', account.estimateAccountDeployFee({ classHash: '0x1' })],
      ['signTransaction', account.signer.signTransaction([play], {} as never)],
      ['declare', account.signer.signDeclareTransaction({} as never)],
      ['deployAccount', account.signer.signDeployAccountTransaction({} as never)],
    ]
    for (const [operation, refused] of refusals) {
      const error = await refused.catch((e: unknown) => e)
      expect(error).toBeInstanceOf(NotSupportedBySessionError)
      expect(error).toMatchObject({ code: 'NOT_SUPPORTED_BY_SESSION', data: { operation } })
    }
    expect(world.log).toEqual([])
    expect(await account.signer.getPubKey()).toBe(account.session.sessionKey.publicKey)
  })

  it("answers waitForTransaction's receipt with starknet.js's helpers", async () => {
    const { world } = deployedWorld()
    world.node.starknet_getTransactionStatus = () => ({
      finality_status: 'ACCEPTED_ON_L2',
      execution_status: 'SUCCEEDED',
    })
    world.node.starknet_getTransactionReceipt = () => ({
      transaction_hash: '0xabc',
      execution_status: 'SUCCEEDED',
      finality_status: 'ACCEPTED_ON_L2',
      block_number: 9,
    })
    const account = new SessionAccount(testContext(world))
    const receipt = await account.waitForTransaction('0xabc', { retryInterval: 1 })
    expect(receipt.isSuccess()).toBe(true)
    expect(receipt.block_number).toBe(9)
  })
})
