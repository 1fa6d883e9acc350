// Issue 35 item 6: the session account's reads fall back to the next public node when the first cannot be
// reached, like the SDK's own requests: starknet.js's reads through the account (getNonce, callContract, a
// Contract view) and the SDK's (estimateInvokeFee, waitForTransaction). Two local HTTP servers: the first
// closed before the test (connection refused), the second a node that answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTwoNodes, type TwoNodes } from '../testing/twoNodes'
import { createRpc } from './rpc'
import { SessionAccount } from './SessionAccount'
import { createWorld, ESTIMATE, GAME, testContext } from './testing'

const RECEIPT = {
  type: 'INVOKE',
  transaction_hash: '0xabc',
  finality_status: 'ACCEPTED_ON_L2',
  execution_status: 'SUCCEEDED',
  block_number: 1,
  block_hash: '0x1',
  actual_fee: { amount: '0x1', unit: 'FRI' },
  events: [],
  messages_sent: [],
  execution_resources: { l1_gas: 0, l1_data_gas: 0, l2_gas: 0 },
}

// The live node's answers by method.
const ANSWERS: Record<string, unknown> = {
  starknet_getNonce: '0x7',
  starknet_call: ['0x2a'],
  starknet_getClassHashAt: '0x1',
  starknet_estimateFee: [ESTIMATE],
  starknet_getTransactionStatus: { finality_status: 'ACCEPTED_ON_L2', execution_status: 'SUCCEEDED' },
  starknet_getTransactionReceipt: RECEIPT,
  starknet_chainId: '0x534e5f5345504f4c4941',
  starknet_specVersion: '0.9.0',
}

let nodes: TwoNodes
beforeAll(async () => {
  nodes = await startTwoNodes(ANSWERS)
})
afterAll(() => nodes.close())

// Real HTTP and starknet.js's first requests: seconds on a shared machine.
describe('the session account on two public nodes, the first unreachable', { timeout: 30_000 }, () => {
  it("starknet.js's reads and the SDK's all reach the second node", async () => {
    const rpc = createRpc({ nodeUrl: nodes.deadUrl, fallbackUrls: [nodes.liveUrl], fetch: globalThis.fetch })
    const account = new SessionAccount(testContext(createWorld(), { rpc, fetch: globalThis.fetch }))
    expect(BigInt(await account.getNonce())).toBe(7n)
    expect(await account.callContract({ contractAddress: GAME, entrypoint: 'score' })).toEqual(['0x2a'])
    const fee = await account.estimateInvokeFee({
      contractAddress: GAME,
      entrypoint: 'play',
      calldata: ['0x1'],
    })
    expect(fee.overall_fee).toBeGreaterThan(0n)
    const receipt = await account.waitForTransaction('0xabc')
    expect(receipt).toMatchObject({ execution_status: 'SUCCEEDED' })
    expect(rpc.nodeUrl).toBe(nodes.liveUrl)
    expect(nodes.methods).toEqual(
      expect.arrayContaining(['starknet_getNonce', 'starknet_call', 'starknet_estimateFee']),
    )
  })
})
