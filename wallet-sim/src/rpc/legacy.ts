// Starknet JSON-RPC 0.8 (starknet.js v7) and 0.7 (starknet.js v6) as adapters over the 0.9 methods: each
// request is translated into 0.9 (block tag `pending` -> `pre_confirmed`; 0.7 transactions -> the chain's
// form), run by the 0.9 method, and its answer translated back into the older shapes (pending block headers,
// finality statuses, 0.7 fee estimates, execution resources and traces). No method is implemented twice.
import type { Chain } from '../chain/chain'
import { RpcCode, RpcError } from '../chain/errors'
import { legacy07 } from './legacy07'
import type { Method, Params } from './method'
import { invalidParams } from './params'
import { starknetMethods } from './starknetMethods'

/** The spec versions served through adapters over 0.9. */
export type LegacyVersion = '0.7' | '0.8'
/**
 * Whether an endpoint's version is one of the adapted ones.
 * @example isLegacy('0.8') // true
 */
export const isLegacy = (v: string): v is LegacyVersion => v === '0.7' || v === '0.8'

type Json = Record<string, unknown>

/** The methods of spec 0.8 (read, write, trace and executables APIs); 0.7 has neither of the last three. */
const METHODS_0_8 = [
  'specVersion',
  'chainId',
  'syncing',
  'blockNumber',
  'blockHashAndNumber',
  'getNonce',
  'getBlockWithTxHashes',
  'getBlockWithTxs',
  'getBlockWithReceipts',
  'getBlockTransactionCount',
  'getStateUpdate',
  'getStorageAt',
  'getTransactionStatus',
  'getTransactionByHash',
  'getTransactionByBlockIdAndIndex',
  'getTransactionReceipt',
  'getClass',
  'getClassHashAt',
  'getClassAt',
  'call',
  'estimateFee',
  'estimateMessageFee',
  'getEvents',
  'addInvokeTransaction',
  'addDeployAccountTransaction',
  'addDeclareTransaction',
  'traceTransaction',
  'traceBlockTransactions',
  'simulateTransactions',
  'getMessagesStatus',
  'getStorageProof',
  'getCompiledCasm',
] as const
const NOT_IN_0_7 = new Set(['getMessagesStatus', 'getStorageProof', 'getCompiledCasm'])

/**
 * BLOCK_ID of 0.7/0.8 in 0.9 terms: tag `pending` is 0.9's `pre_confirmed` (the block being built); the
 * tags 0.9 added (`pre_confirmed`, `l1_accepted`) are not tags of these versions (-32602).
 * @example blockIdIn('pending') // 'pre_confirmed'
 */
export function blockIdIn(id: unknown): unknown {
  if (id === 'pending') return 'pre_confirmed'
  if (id === 'pre_confirmed' || id === 'l1_accepted')
    throw invalidParams(`invalid block_id ${JSON.stringify(id)}`)
  return id
}

/**
 * A transaction's finality in 0.7/0.8 terms: a transaction in the pending block is ACCEPTED_ON_L2 there
 * (0.9 calls it PRE_CONFIRMED), one seen but not yet in a block RECEIVED (0.9's CANDIDATE).
 * @example finalityOut('PRE_CONFIRMED') // 'ACCEPTED_ON_L2'
 */
export const finalityOut = (s: unknown) =>
  s === 'PRE_CONFIRMED' ? 'ACCEPTED_ON_L2' : s === 'CANDIDATE' ? 'RECEIVED' : s

// A 0.9 receipt in 0.8 terms: finality mapped; a pending one carries no block_number (both block fields
// missing is how 0.7/0.8 mark a pending receipt).
function receiptOut(r: Json): Json {
  const out: Json = { ...r, finality_status: finalityOut(r.finality_status) }
  if (out.block_hash === undefined) delete out.block_number
  return out
}

// PENDING_BLOCK_HEADER: the parent's hash instead of 0.9's block number.
function blockOut(chain: Chain, b: Json, v: LegacyVersion, tx: (t: Json) => Json): Json {
  const out: Json = { ...b }
  if (out.block_hash === undefined) {
    delete out.block_number
    out.parent_hash = chain.latest.hash
  }
  const txs = out.transactions as unknown[]
  out.transactions = txs.map((t) => {
    if (typeof t !== 'object' || t === null) return t
    const o = t as Json
    if (o.receipt !== undefined)
      return { transaction: tx(o.transaction as Json), receipt: legacyReceipt(o.receipt as Json, v) }
    return tx(o)
  })
  return v === '0.7' ? legacy07.header(out) : out
}

const legacyReceipt = (r: Json, v: LegacyVersion) =>
  v === '0.7' ? legacy07.receipt(receiptOut(r)) : receiptOut(r)
const same = (t: Json) => t

/** Translations per method: `in` the params (already named), `out` the 0.9 answer. */
interface Adapter {
  readonly in?: (p: Params, v: LegacyVersion) => Params
  readonly out?: (answer: unknown, chain: Chain, v: LegacyVersion) => unknown
}

const withBlockId = (p: Params): Params =>
  p.block_id === undefined ? p : { ...p, block_id: blockIdIn(p.block_id) }
const txOut = (v: LegacyVersion) => (v === '0.7' ? legacy07.transaction : same)

const ADAPTERS: Record<string, Adapter> = {
  specVersion: { out: (_a, _c, v) => (v === '0.7' ? '0.7.1' : '0.8.1') },
  getBlockWithTxHashes: { out: (a, c, v) => blockOut(c, a as Json, v, same) },
  getBlockWithTxs: { out: (a, c, v) => blockOut(c, a as Json, v, txOut(v)) },
  getBlockWithReceipts: { out: (a, c, v) => blockOut(c, a as Json, v, txOut(v)) },
  getTransactionByHash: { out: (a, _c, v) => txOut(v)(a as Json) },
  getTransactionByBlockIdAndIndex: { out: (a, _c, v) => txOut(v)(a as Json) },
  getTransactionReceipt: { out: (a, _c, v) => legacyReceipt(a as Json, v) },
  getTransactionStatus: {
    out: (a, _c, v) => {
      const s = a as Json
      const out: Json = { ...s, finality_status: finalityOut(s.finality_status) }
      // 0.7's TXN_STATUS has no failure_reason (0.8 added it).
      if (v === '0.7') delete out.failure_reason
      return out
    },
  },
  getMessagesStatus: {
    out: (a) => (a as Json[]).map((m) => ({ ...m, finality_status: finalityOut(m.finality_status) })),
  },
  getEvents: {
    in: (p) => {
      const f = (p.filter ?? {}) as Params
      const filter: Params = { ...f }
      if (f.from_block !== undefined) filter.from_block = blockIdIn(f.from_block)
      if (f.to_block !== undefined) filter.to_block = blockIdIn(f.to_block)
      return { ...p, filter }
    },
    out: (a) => {
      const page = a as Json
      // 0.7/0.8 leave both block fields out of a pending block's events.
      const events = (page.events as Json[]).map((e) => {
        if (e.block_hash !== undefined) return e
        const { block_number: _n, ...rest } = e
        return rest
      })
      return { ...page, events }
    },
  },
  estimateFee: {
    in: (p, v) => (v === '0.7' ? legacy07.estimateIn(withBlockId(p)) : withBlockId(p)),
    out: (a, _c, v) => (v === '0.7' ? legacy07.feeEstimates(a as Json[]) : a),
  },
  estimateMessageFee: { out: (a, _c, v) => (v === '0.7' ? legacy07.feeEstimates([a as Json])[0] : a) },
  simulateTransactions: {
    in: (p, v) => (v === '0.7' ? legacy07.simulateIn(withBlockId(p)) : withBlockId(p)),
    out: (a, _c, v) => (v === '0.7' ? legacy07.simulated(a as Json[]) : a),
  },
  traceTransaction: { out: (a, _c, v) => (v === '0.7' ? legacy07.trace(a as Json) : a) },
  traceBlockTransactions: {
    out: (a, _c, v) =>
      v === '0.7'
        ? (a as Json[]).map((t) => ({ ...t, trace_root: legacy07.trace(t.trace_root as Json) }))
        : a,
  },
  addInvokeTransaction: { in: (p, v) => (v === '0.7' ? legacy07.addIn(p, 'invoke_transaction') : p) },
  addDeployAccountTransaction: {
    in: (p, v) => (v === '0.7' ? legacy07.addIn(p, 'deploy_account_transaction') : p),
  },
}

const tables = new Map<LegacyVersion, Record<string, Method>>()

/**
 * The `starknet_*` methods of spec `v`: each the 0.9 method behind its adapter, under the names `v` has.
 * @example legacyMethods('0.8').getBlockWithTxHashes.run(chain, { block_id: 'pending' }, '0.8')
 */
export function legacyMethods(v: LegacyVersion): Record<string, Method> {
  let table = tables.get(v)
  if (table) return table
  table = {}
  for (const name of METHODS_0_8) {
    if (v === '0.7' && NOT_IN_0_7.has(name)) continue
    const base = starknetMethods[name]!
    const adapter = ADAPTERS[name] ?? {}
    // getStorageAt's response_flags came with 0.10.
    const names = name === 'getStorageAt' ? base.names.slice(0, 3) : base.names
    table[name] = {
      names,
      run: (chain, p) => {
        const params = adapter.in ? adapter.in(p, v) : withBlockId(p)
        try {
          const answer = base.run(chain, params, '0.9')
          return adapter.out ? adapter.out(answer, chain, v) : answer
        } catch (e) {
          throw errorOut(e, v)
        }
      },
    }
  }
  tables.set(v, table)
  return table
}

/** Errors whose 0.7/0.8 form differs from 0.9's. */
function errorOut(e: unknown, v: LegacyVersion): unknown {
  if (!(e instanceof RpcError)) return e
  // 0.7/0.8's INVALID_TRANSACTION_NONCE carries no data.
  if (e.code === RpcCode.INVALID_TRANSACTION_NONCE && e.data !== undefined) return new RpcError(e.code)
  if (v === '0.7') return legacy07.error(e)
  return e
}

/** The spec messages 0.7/0.8 word differently from the ones errors.ts holds (0.8's typos included). */
const MESSAGES: Record<LegacyVersion, Record<number, string>> = {
  '0.8': {
    54: "Account balance is smaller than the transaction's maximal fee (calculated as the sum of each resource's limit x max price)",
    57: 'Contract class size it too large',
    58: 'Sender address in not an account contract',
  },
  '0.7': {
    53: 'Max fee is smaller than the minimal transaction cost (validation plus fee transfer)',
    57: 'Contract class size it too large',
    58: 'Sender address in not an account contract',
  },
}

/**
 * The message of `code` in spec `v` when it differs from 0.9's (errors.ts); undefined otherwise.
 * @example legacyMessage(53, '0.7') // 'Max fee is smaller than the minimal transaction cost (validation plus fee transfer)'
 */
export const legacyMessage = (code: number, v: LegacyVersion): string | undefined => MESSAGES[v][code]
