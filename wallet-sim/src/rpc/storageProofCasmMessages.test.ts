import { describe, expect, it } from 'vitest'
import { OZ_ACCOUNT_CLASS_HASH } from '../chain/contracts/index'
import { toHex } from '../chain/felt'
import { Simulator } from '../chain/simulator'
import { handleRpc } from './handler'

type Answer = { result?: unknown; error?: { code: number; message: string; data?: unknown } }

const sim = new Simulator({ accounts: 1 })
const errorOf = (method: string, params: unknown, v: '0.9' | '0.10') =>
  (handleRpc(sim, { jsonrpc: '2.0', id: 1, method, params }, v) as Answer).error

describe.each(['0.9', '0.10'] as const)('RPC %s', (v) => {
  it('starknet_getStorageProof: 42 for a known block, 24 for an unknown one, -32602 for pre_confirmed or bad params', () => {
    const account = sim.accounts[0]!.address
    const query = {
      class_hashes: [toHex(OZ_ACCOUNT_CLASS_HASH)],
      contract_addresses: [account],
      contracts_storage_keys: [{ contract_address: account, storage_keys: ['0x1'] }],
    }
    for (const block_id of [
      'latest',
      'l1_accepted',
      { block_number: 0 },
      { block_hash: sim.chain.latest.hash },
    ]) {
      expect(errorOf('starknet_getStorageProof', { block_id, ...query }, v)).toEqual({
        code: 42,
        message: "the node doesn't support storage proofs for blocks that are too far in the past",
        data: 'wallet-sim keeps state in maps, not Merkle-Patricia tries: no block has storage proofs',
      })
    }
    expect(errorOf('starknet_getStorageProof', ['latest'], v)?.code).toBe(42)
    expect(errorOf('starknet_getStorageProof', ['latest', [], [], []], v)?.code).toBe(42)
    expect(errorOf('starknet_getStorageProof', { block_id: { block_number: 99 }, ...query }, v)).toEqual({
      code: 24,
      message: 'Block not found',
    })
    for (const bad of [
      { block_id: 'pre_confirmed' },
      {},
      { block_id: 'latest', class_hashes: 'x' },
      { block_id: 'latest', contract_addresses: ['nope'] },
      { block_id: 'latest', contracts_storage_keys: [{ contract_address: account }] },
      { block_id: 'latest', contracts_storage_keys: [null] },
    ]) {
      expect(errorOf('starknet_getStorageProof', bad, v)?.code).toBe(-32602)
    }
  })

  it('starknet_getCompiledCasm: 100 with compilation_error for a class here (TypeScript, no CASM), 28 for an unknown hash', () => {
    expect(errorOf('starknet_getCompiledCasm', { class_hash: toHex(OZ_ACCOUNT_CLASS_HASH) }, v)).toEqual({
      code: 100,
      message: 'Failed to compile the contract',
      data: {
        compilation_error: `class ${toHex(OZ_ACCOUNT_CLASS_HASH)} (OpenZeppelinAccount) is a wallet-sim TypeScript class: it has no Sierra program, so no CASM`,
      },
    })
    expect(errorOf('starknet_getCompiledCasm', ['0x1234'], v)).toEqual({
      code: 28,
      message: 'Class hash not found',
    })
    expect(errorOf('starknet_getCompiledCasm', { class_hash: 'nope' }, v)?.code).toBe(-32602)
  })

  it('starknet_getMessagesStatus: 29 for any L1 transaction hash (no L1 here), -32602 for one not 0x-hex', () => {
    const l1Hash = `0x${'ab'.repeat(32)}`
    expect(errorOf('starknet_getMessagesStatus', { transaction_hash: l1Hash }, v)).toEqual({
      code: 29,
      message: 'Transaction hash not found',
      data: 'wallet-sim has no L1: no L1 transaction sent messages to it',
    })
    expect(errorOf('starknet_getMessagesStatus', [l1Hash], v)?.code).toBe(29)
    for (const bad of [{}, { transaction_hash: 12 }, { transaction_hash: 'abc' }]) {
      expect(errorOf('starknet_getMessagesStatus', bad, v)?.code).toBe(-32602)
    }
  })
})
