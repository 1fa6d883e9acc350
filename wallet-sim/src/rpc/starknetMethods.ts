// The `starknet_*` methods of spec 0.9 / 0.10, over a Chain.
import type { BlockId, Chain, FeeEstimate } from '../chain/chain'
import type { ContractClass } from '../chain/contract'
import { RpcCode, RpcError } from '../chain/errors'
import { toHex } from '../chain/felt'
import { type JsonObject, stateDiffJson, traceJson } from '../chain/records'
import { getContractClass } from '../chain/registry'
import { realChanges } from '../chain/state'
import { getEvents } from './events'
import { blockHeader, blockStatus, blockTxs, feeEstimateJson, receipt, type SpecVersion } from './format'
import { messageMethods } from './messages'
import type { Method, Params } from './method'
import { blockId, felt, invalidParams } from './params'

const h = (n: bigint | number) => toHex(BigInt(n))

// A V1 (only the 0.7 endpoint admits one) pays in ETH: its estimate is in WEI.
const feeEstimate = ({ outcome, prices }: FeeEstimate) =>
  feeEstimateJson(
    outcome.usage,
    prices,
    outcome.tx.type !== 'L1_HANDLER' && outcome.tx.legacyFee?.kind === 'MAX_FEE' ? 'WEI' : 'FRI',
  )

function flags(v: unknown): { skipValidate: boolean; skipFeeCharge: boolean } {
  const list = (v ?? []) as unknown[]
  if (!Array.isArray(list)) throw invalidParams('simulation_flags must be an array')
  return { skipValidate: list.includes('SKIP_VALIDATE'), skipFeeCharge: list.includes('SKIP_FEE_CHARGE') }
}

const sortedSelectors = (table: Readonly<Record<string, unknown>> = {}) =>
  Object.keys(table)
    .map((s) => BigInt(s))
    .sort((a, b) => (a < b ? -1 : 1))

function sierraClass(cls: ContractClass): JsonObject {
  const external = sortedSelectors(cls.entryPoints)
  const l1Handlers = sortedSelectors(cls.l1Handlers)
  return {
    sierra_program: [],
    contract_class_version: '0.1.0',
    entry_points_by_type: {
      CONSTRUCTOR: cls.construct
        ? [
            {
              selector: h(BigInt('0x28ffe4ff0f226a9107253e17a904099aa4f63a02a5621de0576e5aa71bc5194')),
              function_idx: 0,
            },
          ]
        : [],
      EXTERNAL: external.map((s, i) => ({ selector: h(s), function_idx: i + 1 })),
      L1_HANDLER: l1Handlers.map((s, i) => ({ selector: h(s), function_idx: external.length + i + 1 })),
    },
    abi: JSON.stringify(cls.abi),
  }
}

const classAt = (chain: Chain, id: BlockId, address: bigint) => {
  const classHash = chain.stateAt(id).getClassHash(address)
  if (classHash === 0n) throw new RpcError(RpcCode.CONTRACT_NOT_FOUND)
  return classHash
}

const txHash = (p: Params) => felt(p.transaction_hash, 'transaction_hash')

function block(chain: Chain, p: Params, v: SpecVersion, body: 'hashes' | 'txs' | 'receipts'): unknown {
  const b = chain.resolveBlock(blockId(p.block_id))
  const txs = blockTxs(chain, b)
  const transactions =
    body === 'hashes'
      ? txs.map((t) => t.hash)
      : body === 'txs'
        ? txs.map((t) => t.transaction)
        : txs.map((t) => ({ transaction: t.transaction, receipt: receipt(chain, t, false) }))
  return {
    ...(b === 'pending' ? {} : { status: blockStatus(chain, b) }),
    ...blockHeader(chain, b, v),
    transactions,
  }
}

/** Every `starknet_` method: parameter names (for positional params) and the handler. */
export const starknetMethods: Record<string, Method> = {
  specVersion: { names: [], run: (_c, _p, v) => (v === '0.10' ? '0.10.0' : '0.9.0') },
  chainId: { names: [], run: (c) => h(c.chainId) },
  syncing: { names: [], run: () => false },
  blockNumber: { names: [], run: (c) => c.latest.number },
  blockHashAndNumber: {
    names: [],
    run: (c) => ({ block_hash: c.latest.hash, block_number: c.latest.number }),
  },
  getNonce: {
    names: ['block_id', 'contract_address'],
    run: (c, p) => {
      const id = blockId(p.block_id)
      const address = felt(p.contract_address, 'contract_address')
      classAt(c, id, address)
      return h(c.stateAt(id).getNonce(address))
    },
  },
  getBlockWithTxHashes: { names: ['block_id'], run: (c, p, v) => block(c, p, v, 'hashes') },
  getBlockWithTxs: { names: ['block_id'], run: (c, p, v) => block(c, p, v, 'txs') },
  getBlockWithReceipts: { names: ['block_id'], run: (c, p, v) => block(c, p, v, 'receipts') },
  getBlockTransactionCount: {
    names: ['block_id'],
    run: (c, p) => blockTxs(c, c.resolveBlock(blockId(p.block_id))).length,
  },
  getStateUpdate: {
    names: ['block_id'],
    run: (c, p) => {
      const b = c.resolveBlock(blockId(p.block_id))
      if (b === 'pending') {
        const wasDeployed = (a: bigint) => c.base.getClassHash(a) !== 0n
        return {
          old_root: c.latest.newRoot,
          state_diff: stateDiffJson(realChanges(c.pending, c.base, c.pending.changed), wasDeployed),
        }
      }
      return {
        block_hash: b.hash,
        new_root: b.newRoot,
        old_root: c.blocks[b.number - 1]?.newRoot ?? '0x0',
        state_diff: b.stateDiff,
      }
    },
  },
  traceBlockTransactions: {
    names: ['block_id'],
    run: (c, p) =>
      blockTxs(c, c.resolveBlock(blockId(p.block_id))).map((t) => ({
        transaction_hash: t.hash,
        trace_root: t.trace,
      })),
  },
  getTransactionByHash: { names: ['transaction_hash'], run: (c, p) => c.getTx(txHash(p)).transaction },
  getTransactionByBlockIdAndIndex: {
    names: ['block_id', 'index'],
    run: (c, p) => {
      const txs = blockTxs(c, c.resolveBlock(blockId(p.block_id)))
      const i = p.index
      const t = typeof i === 'number' ? txs[i] : undefined
      if (!t) throw new RpcError(RpcCode.INVALID_TXN_INDEX)
      return t.transaction
    },
  },
  getTransactionReceipt: { names: ['transaction_hash'], run: (c, p) => receipt(c, c.getTx(txHash(p))) },
  traceTransaction: { names: ['transaction_hash'], run: (c, p) => c.getTx(txHash(p)).trace },
  getTransactionStatus: {
    names: ['transaction_hash'],
    run: (c, p) => {
      const rec = c.getTx(txHash(p))
      const status = rec.receipt.execution_status as string
      return {
        finality_status: c.finalityOf(rec),
        execution_status: status,
        ...(status === 'REVERTED' ? { failure_reason: rec.receipt.revert_reason as string } : {}),
      }
    },
  },
  getStorageAt: {
    names: ['contract_address', 'key', 'block_id', 'response_flags'],
    run: (c, p, v) => {
      const id = blockId(p.block_id)
      const address = felt(p.contract_address, 'contract_address')
      const key = felt(p.key, 'key')
      classAt(c, id, address)
      const value = h(c.stateAt(id).getStorage(address, key))
      const flags = Array.isArray(p.response_flags) ? p.response_flags : []
      if (v !== '0.10' || !flags.includes('INCLUDE_LAST_UPDATE_BLOCK')) return value
      return { value, last_update_block: lastUpdateBlock(c, id, address, key) }
    },
  },
  getClassHashAt: {
    names: ['block_id', 'contract_address'],
    run: (c, p) => h(classAt(c, blockId(p.block_id), felt(p.contract_address, 'contract_address'))),
  },
  getClass: {
    names: ['block_id', 'class_hash'],
    run: (c, p) => {
      c.resolveBlock(blockId(p.block_id))
      const cls = getContractClass(felt(p.class_hash, 'class_hash'))
      if (!cls) throw new RpcError(RpcCode.CLASS_HASH_NOT_FOUND)
      return sierraClass(cls)
    },
  },
  getClassAt: {
    names: ['block_id', 'contract_address'],
    run: (c, p) => {
      const classHash = classAt(c, blockId(p.block_id), felt(p.contract_address, 'contract_address'))
      const cls = getContractClass(classHash)
      if (!cls) throw new RpcError(RpcCode.CLASS_HASH_NOT_FOUND)
      return sierraClass(cls)
    },
  },
  call: {
    names: ['request', 'block_id'],
    run: (c, p) => {
      const r = (p.request ?? {}) as Params
      const calldata = (Array.isArray(r.calldata) ? r.calldata : []).map((x) => felt(x, 'calldata'))
      const call = {
        to: felt(r.contract_address, 'contract_address'),
        selector: felt(r.entry_point_selector, 'entry_point_selector'),
        calldata,
      }
      return c.call(call, blockId(p.block_id)).map(h)
    },
  },
  estimateFee: {
    names: ['request', 'simulation_flags', 'block_id'],
    run: (c, p) => {
      if (!Array.isArray(p.request)) throw invalidParams('request must be an array of transactions')
      return c.simulate(p.request, flags(p.simulation_flags), blockId(p.block_id), true).map(feeEstimate)
    },
  },
  simulateTransactions: {
    names: ['block_id', 'transactions', 'simulation_flags'],
    run: (c, p) => {
      if (!Array.isArray(p.transactions)) throw invalidParams('transactions must be an array')
      const results = c.simulate(p.transactions, flags(p.simulation_flags), blockId(p.block_id), false)
      return results.map((r) => ({ transaction_trace: simulatedTrace(r), fee_estimation: feeEstimate(r) }))
    },
  },
  ...messageMethods,
  addInvokeTransaction: {
    names: ['invoke_transaction'],
    run: (c, p) => ({ transaction_hash: h(c.addTransaction(p.invoke_transaction, 'INVOKE').hash) }),
  },
  addDeployAccountTransaction: {
    names: ['deploy_account_transaction'],
    run: (c, p) => {
      const { hash, tx } = c.addTransaction(p.deploy_account_transaction, 'DEPLOY_ACCOUNT')
      return {
        transaction_hash: h(hash),
        contract_address: h(tx.type === 'DEPLOY_ACCOUNT' ? tx.contractAddress : 0n),
      }
    },
  },
  addDeclareTransaction: {
    names: ['declare_transaction'],
    run: () => {
      throw new RpcError(
        RpcCode.COMPILATION_FAILED,
        'wallet-sim runs contract classes written in TypeScript and cannot compile or run Sierra; declare is not supported',
      )
    },
  },
  getEvents: {
    names: ['filter'],
    run: (c, p, v) => getEvents(c, (p.filter ?? {}) as Params, v),
  },
  getStorageProof: {
    names: ['block_id', 'class_hashes', 'contract_addresses', 'contracts_storage_keys'],
    run: (c, p) => getStorageProof(c, p),
  },
  getCompiledCasm: { names: ['class_hash'], run: (_c, p) => getCompiledCasm(p) },
}

const felts = (v: unknown, name: string): bigint[] => {
  if (v === undefined || v === null) return []
  if (!Array.isArray(v)) throw invalidParams(`${name} must be an array of felts`)
  return v.map((x) => felt(x, name))
}

/**
 * starknet_getStorageProof (0.9 and 0.10): the params are checked and the block looked up (24), then, as
 * starknet-devnet does, error 42: state lives in maps here, not in Merkle-Patricia tries, so no block has proofs.
 * The spec's block_id has no pre_confirmed (-32602).
 */
function getStorageProof(c: Chain, p: Params): never {
  const id = blockId(p.block_id)
  if ('tag' in id && id.tag === 'pre_confirmed')
    throw invalidParams('block_id: starknet_getStorageProof takes no pre_confirmed block')
  felts(p.class_hashes, 'class_hashes')
  felts(p.contract_addresses, 'contract_addresses')
  const keys = p.contracts_storage_keys ?? []
  if (!Array.isArray(keys)) throw invalidParams('contracts_storage_keys must be an array')
  for (const k of keys as unknown[]) {
    const entry = (k ?? {}) as Params
    felt(entry.contract_address, 'contract_address')
    if (!Array.isArray(entry.storage_keys)) throw invalidParams('storage_keys must be an array of felts')
    felts(entry.storage_keys, 'storage_keys')
  }
  c.resolveBlock(id)
  throw new RpcError(
    RpcCode.STORAGE_PROOF_NOT_SUPPORTED,
    'wallet-sim keeps state in maps, not Merkle-Patricia tries: no block has storage proofs',
  )
}

/**
 * starknet_getCompiledCasm (0.9 and 0.10): an unknown class answers 28; a known one 100 (COMPILATION_ERROR, the
 * method's only other error), since the classes here are TypeScript and have no Sierra program to compile.
 */
function getCompiledCasm(p: Params): never {
  const classHash = felt(p.class_hash, 'class_hash')
  const cls = getContractClass(classHash)
  if (!cls) throw new RpcError(RpcCode.CLASS_HASH_NOT_FOUND)
  throw new RpcError(RpcCode.COMPILATION_ERROR, {
    compilation_error: `class ${h(classHash)} (${cls.name}) is a wallet-sim TypeScript class: it has no Sierra program, so no CASM`,
  })
}

const simulatedTrace = (r: FeeEstimate) => traceJson(r.outcome, stateDiffJson(r.outcome.stateDiff))

// The newest block at or below `id` whose state diff wrote (address, key); 0 when only genesis did.
function lastUpdateBlock(c: Chain, id: BlockId, address: bigint, key: bigint): number {
  const target = c.resolveBlock(id)
  const top = target === 'pending' ? c.blocks.length - 1 : target.number
  const [a, k] = [h(address), h(key)]
  for (let n = top; n >= 0; n--) {
    const diffs = c.blocks[n]!.stateDiff.storage_diffs as {
      address: string
      storage_entries: { key: string }[]
    }[]
    if (diffs.some((d) => d.address === a && d.storage_entries.some((e) => e.key === k))) return n
  }
  return 0
}
