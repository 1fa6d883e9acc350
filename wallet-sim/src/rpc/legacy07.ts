// The shapes spec 0.7 (starknet.js v6) has and 0.8 changed: block headers without an L2 gas price, fee
// estimates in L1 gas (`gas_consumed`, `data_gas_consumed`), execution resources as Cairo-VM counts plus data
// availability, transactions whose resource bounds name L1 and L2 gas only, and errors whose data is a string.
import { RpcCode, RpcError } from '../chain/errors'
import { toHex } from '../chain/felt'
import { RPC_0_7_TRANSACTION } from '../chain/transaction'

type Json = Record<string, unknown>

/**
 * The L2 gas one Cairo step costs (blockifier's `step_gas_cost`): 0.7 reports computation in steps, so the
 * simulator, which meters L2 gas and runs no Cairo VM, reports `steps` as its L2 gas / 100 (at least 1).
 * @example Math.ceil(l2Gas / L2_GAS_PER_STEP) // a receipt's steps
 */
export const L2_GAS_PER_STEP = 100

const big = (x: unknown) => BigInt(x as string)
const ceilDiv = (a: bigint, b: bigint) => (b === 0n ? 0n : (a + b - 1n) / b)

/**
 * A 0.8/0.9 FEE_ESTIMATE in 0.7 terms: 0.7 has one "gas" (L1 gas) besides data gas, so the L2 gas is
 * converted into L1 gas at the block's prices, rounded up (what the chain charges transactions that bound L1 gas
 * only, runTransaction.ts inL1Gas); overall_fee = gas_consumed * gas_price + data_gas_consumed * data_gas_price.
 * @example feeEstimate07({ l1_gas_consumed: '0x0', l2_gas_consumed: '0x186a0', ... }).gas_consumed
 */
export function feeEstimate07(e: Json): Json {
  const l1Price = big(e.l1_gas_price)
  const dataPrice = big(e.l1_data_gas_price)
  const gas = big(e.l1_gas_consumed) + ceilDiv(big(e.l2_gas_consumed) * big(e.l2_gas_price), l1Price)
  const dataGas = big(e.l1_data_gas_consumed)
  return {
    gas_consumed: toHex(gas),
    gas_price: toHex(l1Price),
    data_gas_consumed: toHex(dataGas),
    data_gas_price: toHex(dataPrice),
    overall_fee: toHex(gas * l1Price + dataGas * dataPrice),
    unit: e.unit,
  }
}

// EXECUTION_RESOURCES (0.8: three gas amounts) as 0.7's COMPUTATION_RESOURCES + data_availability.
function executionResources(r: Json): Json {
  return {
    steps: steps(r.l2_gas),
    data_availability: { l1_gas: r.l1_gas, l1_data_gas: r.l1_data_gas },
  }
}
const steps = (l2Gas: unknown) => Math.max(1, Math.ceil(Number(l2Gas ?? 0) / L2_GAS_PER_STEP))

// FUNCTION_INVOCATION without is_reverted, its resources in steps, its inner calls alike.
function invocation(inv: unknown): unknown {
  if (typeof inv !== 'object' || inv === null) return inv
  const o = inv as Json
  if (o.revert_reason !== undefined && o.contract_address === undefined) return o
  const { is_reverted: _r, execution_resources, calls, ...rest } = o
  return {
    ...rest,
    calls: ((calls as unknown[]) ?? []).map(invocation),
    execution_resources: { steps: steps((execution_resources as Json | undefined)?.l2_gas) },
  }
}

const INVOCATIONS = [
  'validate_invocation',
  'execute_invocation',
  'constructor_invocation',
  'fee_transfer_invocation',
  'function_invocation',
]

/**
 * The 0.7 translations legacy.ts applies per method: answers out (`header`, `transaction`, `receipt`,
 * `feeEstimates`, `trace`, `simulated`, `error`), transactions in (`estimateIn`, `simulateIn`, `addIn`).
 * @example legacy07.header(block).l2_gas_price // undefined
 */
export const legacy07 = {
  /** BLOCK_HEADER / PENDING_BLOCK_HEADER: no l2_gas_price in 0.7. */
  header(b: Json): Json {
    const { l2_gas_price: _p, ...rest } = b
    return rest
  },
  /** A transaction's V3 resource bounds name L1 and L2 gas only. */
  transaction(t: Json): Json {
    const rb = t.resource_bounds as Json | undefined
    if (!rb) return t
    const { l1_data_gas: _d, ...bounds } = rb
    return { ...t, resource_bounds: bounds }
  },
  receipt(r: Json): Json {
    return { ...r, execution_resources: executionResources(r.execution_resources as Json) }
  },
  feeEstimates: (list: Json[]) => list.map(feeEstimate07),
  /** TRANSACTION_TRACE: the invocations as 0.7 shapes them, resources as in 0.7 receipts. */
  trace(t: Json): Json {
    const out: Json = { ...t }
    for (const k of INVOCATIONS) if (out[k] !== undefined) out[k] = invocation(out[k])
    if (out.execution_resources) out.execution_resources = executionResources(out.execution_resources as Json)
    return out
  },
  simulated: (list: Json[]) =>
    list.map((r) => ({
      transaction_trace: legacy07.trace(r.transaction_trace as Json),
      fee_estimation: feeEstimate07(r.fee_estimation as Json),
    })),
  estimateIn: (p: Json): Json => ({ ...p, request: txsIn(p.request) }),
  simulateIn: (p: Json): Json => ({ ...p, transactions: txsIn(p.transactions) }),
  addIn: (p: Json, key: string): Json => ({ ...p, [key]: txIn(p[key]) }),
  /** 0.7's errors: contract errors carry their trace as one string; no ENTRYPOINT_NOT_FOUND (a contract error). */
  error(e: RpcError): RpcError {
    if (e.code === RpcCode.ENTRYPOINT_NOT_FOUND) {
      return new RpcError(RpcCode.CONTRACT_ERROR, { revert_error: 'Requested entry point was not found' })
    }
    if (e.code === RpcCode.CONTRACT_ERROR) {
      const d = (e.data ?? {}) as Json
      return new RpcError(e.code, { revert_error: errorText(d.revert_error) })
    }
    if (e.code === RpcCode.TRANSACTION_EXECUTION_ERROR) {
      const d = (e.data ?? {}) as Json
      return new RpcError(e.code, { ...d, execution_error: errorText(d.execution_error) })
    }
    return e
  },
}

/**
 * CONTRACT_EXECUTION_ERROR (a string or nested calls) as one string, outermost call first.
 * @example errorText({ contract_address: '0x1', class_hash: '0x2', selector: '0x3', error: 'boom' })
 */
export function errorText(e: unknown): string {
  if (typeof e === 'string') return e
  if (typeof e !== 'object' || e === null) return String(e)
  const o = e as Json
  const head = `Error in contract ${String(o.contract_address)} (class ${String(o.class_hash)}, selector ${String(o.selector)}):`
  return `${head}\n${errorText(o.error)}`
}

const txsIn = (v: unknown) => (Array.isArray(v) ? v.map(txIn) : v)

/**
 * A 0.7 broadcast transaction for the chain: marked as coming from this endpoint, the only one where the chain
 * admits a V1 (max_fee, ETH) or a V3 bounding L1 and L2 gas only (see chain/transaction.ts).
 */
function txIn(t: unknown): unknown {
  if (typeof t !== 'object' || t === null || Array.isArray(t)) return t
  return { ...(t as Json), [RPC_0_7_TRANSACTION]: true }
}
