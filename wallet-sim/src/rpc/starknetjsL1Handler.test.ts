import { constants, hash, RpcProvider } from 'starknet'
import { RpcProvider as RpcProviderV8 } from 'starknet-v8'
import { describe, expect, it } from 'vitest'
import { COUNTER_ADDRESS } from '../chain/contracts/index'
import { toHex } from '../chain/felt'
import { startSim } from '../index'

const L1_SENDER = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512'
const L1_TX = `0x${'5e'.repeat(32)}`
const counter = toHex(COUNTER_ADDRESS)

// devnet_postmanSendMessageToL2 as starknet-devnet-js sends it: a plain JSON-RPC request on the same endpoint.
async function sendMessageToL2(rpcUrl: string, payload: string[], nonce: number): Promise<string> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'devnet_postmanSendMessageToL2',
      params: {
        l2_contract_address: counter,
        entry_point_selector: hash.getSelectorFromName('increase_from_l1'),
        l1_contract_address: L1_SENDER,
        payload,
        paid_fee_on_l1: '0x123456abcdef',
        nonce: toHex(BigInt(nonce)),
        l1_transaction_hash: L1_TX,
      },
    }),
  })
  const body = (await response.json()) as { result: { transaction_hash: string } }
  return body.result.transaction_hash
}

describe('starknet.js reads L1 handler transactions from the simulator', () => {
  it('v10 (RPC 0.10): getTransactionByHash, getTransactionReceipt, waitForTransaction, getL1MessagesStatus, trace', async () => {
    await using sim = await startSim({ accounts: 1, blockTime: 50 })
    const provider = new RpcProvider({ nodeUrl: sim.rpcUrl })
    const ok = await sendMessageToL2(sim.rpcUrl, ['0x4'], 1)
    expect(ok).toBe(
      hash.calculateL2MessageTxHash(
        L1_SENDER,
        counter,
        'increase_from_l1',
        ['0x4'],
        constants.StarknetChainId.SN_SEPOLIA,
        1,
      ),
    )
    const reverted = await sendMessageToL2(sim.rpcUrl, ['0x0'], 2)

    const receipt = await provider.waitForTransaction(ok, { retryInterval: 10 })
    expect(receipt.isSuccess()).toBe(true)
    expect(receipt.value).toMatchObject({
      type: 'L1_HANDLER',
      message_hash: hash.getL2MessageHash(
        L1_SENDER,
        counter,
        hash.getSelectorFromName('increase_from_l1'),
        ['0x4'],
        1,
      ),
      actual_fee: { amount: '0x0', unit: 'WEI' },
      finality_status: 'ACCEPTED_ON_L2',
    })
    expect(await provider.getTransactionByHash(ok)).toEqual({
      transaction_hash: ok,
      type: 'L1_HANDLER',
      version: '0x0',
      nonce: '0x1',
      contract_address: counter,
      entry_point_selector: hash.getSelectorFromName('increase_from_l1'),
      calldata: [L1_SENDER, '0x4'],
    })
    const failed = await provider.waitForTransaction(reverted, { retryInterval: 10 })
    expect(failed.isReverted()).toBe(true)
    expect((await provider.getTransactionReceipt(reverted)).value).toMatchObject({
      type: 'L1_HANDLER',
      execution_status: 'REVERTED',
      revert_reason: expect.stringContaining('Counter: amount is zero'),
    })
    expect(await provider.getTransactionTrace(ok)).toMatchObject({
      type: 'L1_HANDLER',
      function_invocation: { entry_point_type: 'L1_HANDLER', calldata: [L1_SENDER, '0x4'] },
    })
    expect(await provider.getL1MessagesStatus(L1_TX)).toEqual([
      { transaction_hash: ok, finality_status: 'ACCEPTED_ON_L2', execution_status: 'SUCCEEDED' },
      {
        transaction_hash: reverted,
        finality_status: 'ACCEPTED_ON_L2',
        execution_status: 'REVERTED',
        failure_reason: expect.stringContaining('Counter: amount is zero'),
      },
    ])
  })

  it('v8 (RPC 0.9) reads the same transaction, receipt and message status', async () => {
    await using sim = await startSim({ accounts: 1 })
    const provider = new RpcProviderV8({ nodeUrl: `${sim.url}/rpc/v0_9` })
    const ok = await sendMessageToL2(sim.rpcUrl, ['0x9'], 0)
    const receipt = await provider.waitForTransaction(ok, { retryInterval: 10 })
    expect(receipt.isSuccess()).toBe(true)
    expect(receipt.value).toMatchObject({ type: 'L1_HANDLER', actual_fee: { unit: 'WEI' } })
    expect(await provider.getTransactionByHash(ok)).toMatchObject({ type: 'L1_HANDLER', nonce: '0x0' })
    expect(await provider.getL1MessagesStatus(L1_TX)).toEqual([
      { transaction_hash: ok, finality_status: 'ACCEPTED_ON_L2', execution_status: 'SUCCEEDED' },
    ])
  })
})
