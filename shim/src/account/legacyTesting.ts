// The session account on starknet.js 6 and 7 as the app's peer (starknetV6.test.ts, starknetV7.test.ts mock
// every 'starknet' import, shim's and protocol's, with compat/starknet-legacy's copy): what it sends is
// what nodes since JSON-RPC 0.8 and the account check, and the app's own starknet.js calls work on it.
import { CHAIN_IDS } from '@webwallet/protocol'
import {
  parseSessionToken,
  type StarknetSignerSignature,
  sessionMessageHash,
  sessionTypedData,
  signHash,
  toFelt,
  toHex,
  verifySignerSignature,
} from '@webwallet/protocol/session'
import { describe, expect, it, vi } from 'vitest'
import { sessionHashOf } from '../session/crypto'
import { createSessionRequest, generateSessionKey } from '../session/request'
import { SessionAccount } from './SessionAccount'
import {
  ACCOUNT,
  argentCalls,
  createWorld,
  ESTIMATE,
  GAME,
  GAME_ABI,
  GUARDIAN_KEY,
  testContext,
} from './testing'

type Bounds = Record<'l1_gas' | 'l2_gas' | 'l1_data_gas', { max_amount: string; max_price_per_unit: string }>
type Sent = { calldata: string[]; signature: string[]; nonce: string; resource_bounds: Bounds }

/** A node that answers a deployed account (nonce 4) and records what is sent and the block tags asked. */
function deployedWorld() {
  const world = createWorld()
  const tags: string[] = []
  const sent: Sent[] = []
  world.node.starknet_getClassHashAt = () => '0x1'
  world.node.starknet_getNonce = (p: { block_id: string }) => {
    tags.push(p.block_id)
    return '0x4'
  }
  world.node.starknet_estimateFee = () => [ESTIMATE]
  world.node.__lastTxHash = () => '0x0'
  world.node.starknet_addInvokeTransaction = (p: { invoke_transaction: Sent }) => {
    sent.push(p.invoke_transaction)
    return { transaction_hash: '0xabc' }
  }
  return { world, tags, sent }
}

/** The tests, for the starknet.js major the calling file mocked 'starknet' with. */
export function legacySuite(major: 6 | 7): void {
  // The first test loads two starknet.js copies and warms their curves: seconds on a shared machine.
  describe(`with starknet.js ${major} as the app's peer`, { timeout: 30_000 }, () => {
    hashCases()
    appAccountCases()
  })
}

/** What the session account signs hashes as starknet.js 10 and nodes compute them. */
function hashCases(): void {
  it('signs the INVOKE V3 hash of what it sends as nodes compute it (three bounds), co-signed', async () => {
    const v10 = await vi.importActual<typeof import('starknet')>('starknet')
    const { world, sent } = deployedWorld()
    let cosigned: string | undefined
    world.cosigner = (_path, body) => {
      const tx = (body as unknown as { transaction: Sent & { sender_address: string } }).transaction
      cosigned = v10Hash(v10, tx, ctx.chainId)
      const sig = signHash(sessionMessageHash(cosigned, body.session.sessionHash, false), GUARDIAN_KEY)
      return Response.json({
        signature: { publicKey: toHex(sig.signer), r: toHex(sig.r), s: toHex(sig.s) },
      })
    }
    const ctx = testContext(world)
    await new SessionAccount(ctx).execute({ contractAddress: GAME, entrypoint: 'play', calldata: ['0x1'] })
    expect(sent).toHaveLength(1)
    const tx = sent[0] as Sent
    const signedHash = v10Hash(v10, { ...tx, sender_address: ACCOUNT }, ctx.chainId)
    expect(cosigned).toBe(signedHash)
    const token = parseSessionToken(tx.signature.map(toFelt))
    const message = sessionMessageHash(signedHash, ctx.session.stored.hash, token.cacheAuthorization)
    expect(verifySignerSignature(message, token.sessionSignature as StarknetSignerSignature)).toBe(true)
    expect(verifySignerSignature(message, token.guardianSignature)).toBe(true)
  })

  it("hashes typed data and the session's methods tree as starknet.js 10 does", async () => {
    const legacy = await import('starknet')
    const v10 = await vi.importActual<typeof import('starknet')>('starknet')
    const { session } = createSessionRequest({
      appName: 'test',
      allowedMethods: [
        { contract: GAME, selector: 'play' },
        { contract: ACCOUNT, selector: 'transfer' },
      ],
      sessionKey: generateSessionKey(),
    })
    const typed = sessionTypedData(session, CHAIN_IDS.SN_SEPOLIA) as never
    const expected = toFelt(v10.typedData.getMessageHash(typed, ACCOUNT))
    // The methods tree (the app's merkle and typed-data helpers) inside the session hash, and the
    // revision 1 typed-data hash an outside execution is signed with.
    expect(sessionHashOf(session, ACCOUNT, CHAIN_IDS.SN_SEPOLIA)).toBe(expected)
    expect(toFelt(legacy.typedData.getMessageHash(typed, ACCOUNT))).toBe(expected)
  })
}

/** The session account in the app's own starknet.js: its Account, Contract, payloads and receipts. */
function appAccountCases(): void {
  it("is the app's Account: getNonce at 'latest', its Contract's views and invokes, refusals", async () => {
    const legacy = await import('starknet')
    const { world, tags, sent } = deployedWorld()
    world.node.starknet_call = () => ['0x3']
    const account = new SessionAccount(testContext(world))
    expect(account).toBeInstanceOf(legacy.Account)
    expect(BigInt(await account.getNonce())).toBe(4n)
    // v6 and v7 ask 'pending' by default, a tag nodes refuse since JSON-RPC 0.9.
    expect(tags).toEqual(['latest'])
    const LegacyContract = legacy.Contract as unknown as new (
      abi: unknown,
      address: string,
      account: unknown,
    ) => Record<string, (...args: unknown[]) => Promise<unknown>>
    const game = new LegacyContract(GAME_ABI, GAME, account)
    expect(await game.score?.(ACCOUNT)).toBe(3n)
    await expect(game.play?.(5)).resolves.toMatchObject({ transaction_hash: '0xabc' })
    expect(sent[0]?.calldata.slice(-2)).toEqual(['0x1', '0x5'])
    await expect(game.drain?.()).rejects.toMatchObject({ code: 'CALL_NOT_ALLOWED' })
    await expect(account.declare({ contract: '{}' } as never)).rejects.toMatchObject({
      code: 'NOT_SUPPORTED_BY_SESSION',
    })
  })

  it("builds outside-execution payloads and answers receipts with the app's ReceiptTx", async () => {
    const legacy = await import('starknet')
    const world = createWorld()
    world.node.starknet_getClassHashAt = () => '0x1'
    world.node.starknet_call = argentCalls([])
    world.node.starknet_getTransactionStatus = () => ({
      finality_status: 'ACCEPTED_ON_L2',
      execution_status: 'SUCCEEDED',
    })
    world.node.starknet_getTransactionReceipt = () => ({
      type: 'INVOKE',
      transaction_hash: '0xabc',
      finality_status: 'ACCEPTED_ON_L2',
      execution_status: 'SUCCEEDED',
      block_number: 1,
      block_hash: '0x1',
      actual_fee: { amount: '0x1', unit: 'FRI' },
      events: [],
      messages_sent: [],
      execution_resources: {},
    })
    const account = new SessionAccount(testContext(world))
    const call = await account.getOutsideExecutionPayload([{ contractAddress: GAME, entrypoint: 'play' }])
    expect(call.entrypoint).toBe('execute_from_outside_v2')
    const receipt = await account.waitForTransaction('0xabc')
    expect(receipt).toBeInstanceOf(legacy.ReceiptTx)
    expect((receipt as unknown as { isSuccess(): boolean }).isSuccess()).toBe(true)
  })
}

// starknet.js 10's INVOKE V3 hash of a transaction as sent (or as the cosigner receives it, decimal strings).
function v10Hash(v10: typeof import('starknet'), tx: Sent & { sender_address: string }, chainId: string) {
  const bound = (b: { max_amount: string; max_price_per_unit: string }) => ({
    max_amount: BigInt(b.max_amount),
    max_price_per_unit: BigInt(b.max_price_per_unit),
  })
  return v10.hash.calculateInvokeTransactionHash({
    senderAddress: tx.sender_address,
    version: '0x3',
    compiledCalldata: tx.calldata,
    chainId: chainId as never,
    nonce: BigInt(tx.nonce),
    accountDeploymentData: [],
    nonceDataAvailabilityMode: 0 as never,
    feeDataAvailabilityMode: 0 as never,
    resourceBounds: {
      l1_gas: bound(tx.resource_bounds.l1_gas),
      l2_gas: bound(tx.resource_bounds.l2_gas),
      l1_data_gas: bound(tx.resource_bounds.l1_data_gas),
    },
    tip: 0n,
    paymasterData: [],
  })
}
