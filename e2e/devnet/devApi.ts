// The devnet_* transcript of issue 18: one sequence of dev-API requests, sent to starknet-devnet 0.10.1 and to
// wallet-sim's built-in chain, each answer reduced to what must match (acceptance, error code, the result's
// shape, and the values both chains must agree on from the same seed).

import { toHex } from '@webwallet/protocol/constants'

const ACCOUNT_0 = '0x064b48806902a367c8598f4f95c305e8c1a1acba5f082d294a43793113115691'
/** Not a predeployed account: mints here (one of them differs on purpose) leave the accounts' balances equal. */
const STRANGER = '0xf00d'

export interface Step {
  readonly name: string
  readonly method: string
  /** JSON text of the params (so 1e21 and 2^256 go out as the JSON numbers devnet clients send). */
  readonly params?: string
  /** Compare the result's values too, not only its shape (they follow from the seed and the steps). */
  readonly values?: boolean
}

const mint = (amount: string, extra = '', address = ACCOUNT_0) =>
  `{"address":"${address}","amount":${amount}${extra}}`

export const STEPS: readonly Step[] = [
  { name: 'accounts', method: 'devnet_getPredeployedAccounts', params: '{}' },
  { name: 'accounts with balance', method: 'devnet_getPredeployedAccounts', params: '{"with_balance":true}' },
  { name: 'with_balance "yes"', method: 'devnet_getPredeployedAccounts', params: '{"with_balance":"yes"}' },
  { name: 'mint 1000', method: 'devnet_mint', params: mint('1000'), values: true },
  { name: 'mint 1e21 (JSON.stringify of 10^21)', method: 'devnet_mint', params: mint('1e+21'), values: true },
  { name: 'mint 2^128 - 1', method: 'devnet_mint', params: mint(`${2n ** 128n - 1n}`), values: true },
  { name: 'mint 0', method: 'devnet_mint', params: mint('0'), values: true },
  { name: 'mint WEI', method: 'devnet_mint', params: mint('5', ',"unit":"WEI"'), values: true },
  { name: 'mint FRI by name', method: 'devnet_mint', params: mint('7', ',"unit":"FRI"'), values: true },
  { name: 'mint "1000" (a string)', method: 'devnet_mint', params: mint('"1000"') },
  { name: 'mint "0x3e8" (a hex string)', method: 'devnet_mint', params: mint('"0x3e8"') },
  { name: 'mint -1', method: 'devnet_mint', params: mint('-1') },
  { name: 'mint 2^256 (reverts)', method: 'devnet_mint', params: mint(`${2n ** 256n}`) },
  { name: 'mint to 0 (reverts)', method: 'devnet_mint', params: mint('5', '', '0x0') },
  { name: 'mint unit "wei"', method: 'devnet_mint', params: mint('5', ',"unit":"wei"') },
  { name: 'mint unknown field', method: 'devnet_mint', params: mint('5', ',"foo":1') },
  { name: 'mint without address', method: 'devnet_mint', params: '{"amount":5}' },
  { name: 'mint params "abc"', method: 'devnet_mint', params: '"abc"' },
  { name: 'balance', method: 'devnet_getAccountBalance', params: `{"address":"${ACCOUNT_0}"}`, values: true },
  {
    name: 'balance WEI',
    method: 'devnet_getAccountBalance',
    params: `{"address":"${ACCOUNT_0}","unit":"WEI"}`,
    values: true,
  },
  {
    name: 'balance at block 0',
    method: 'devnet_getAccountBalance',
    params: `{"address":"${ACCOUNT_0}","block_id":{"block_number":0}}`,
    values: true,
  },
  {
    name: 'balance at pre_confirmed',
    method: 'devnet_getAccountBalance',
    params: `{"address":"${ACCOUNT_0}","block_id":"pre_confirmed"}`,
    values: true,
  },
  {
    name: 'balance at block 999',
    method: 'devnet_getAccountBalance',
    params: `{"address":"${ACCOUNT_0}","block_id":{"block_number":999}}`,
  },
  {
    name: 'balance unit "XYZ"',
    method: 'devnet_getAccountBalance',
    params: `{"address":"${ACCOUNT_0}","unit":"XYZ"}`,
  },
  {
    name: 'balance unknown field',
    method: 'devnet_getAccountBalance',
    params: `{"address":"${ACCOUNT_0}","x":1}`,
  },
  { name: 'createBlock', method: 'devnet_createBlock', params: '{}' },
  { name: 'createBlock []', method: 'devnet_createBlock', params: '[]' },
  { name: 'createBlock with a field', method: 'devnet_createBlock', params: '{"x":1}' },
  { name: 'setTime', method: 'devnet_setTime', params: '{"time":1900000000}' },
  {
    name: 'setTime no block',
    method: 'devnet_setTime',
    params: '{"time":1900000100,"generate_block":false}',
  },
  { name: 'setTime -1', method: 'devnet_setTime', params: '{"time":-1}' },
  { name: 'setTime unknown field', method: 'devnet_setTime', params: '{"time":1,"x":1}' },
  { name: 'increaseTime', method: 'devnet_increaseTime', params: '{"time":100}', values: true },
  { name: 'increaseTime "100"', method: 'devnet_increaseTime', params: '{"time":"100"}' },
  { name: 'increaseTime without time', method: 'devnet_increaseTime', params: '{}' },
  {
    name: 'abort block 999',
    method: 'devnet_abortBlocks',
    params: '{"starting_block_id":{"block_number":999}}',
  },
  { name: 'abort genesis', method: 'devnet_abortBlocks', params: '{"starting_block_id":{"block_number":0}}' },
  { name: 'abort latest', method: 'devnet_abortBlocks', params: '{"starting_block_id":"latest"}' },
  {
    name: 'abort pre_confirmed',
    method: 'devnet_abortBlocks',
    params: '{"starting_block_id":"pre_confirmed"}',
  },
  { name: 'abort without id', method: 'devnet_abortBlocks', params: '{}' },
  {
    name: 'accept block 999 on L1',
    method: 'devnet_acceptOnL1',
    params: '{"starting_block_id":{"block_number":999}}',
  },
  {
    name: 'accept pre_confirmed on L1',
    method: 'devnet_acceptOnL1',
    params: '{"starting_block_id":"pre_confirmed"}',
  },
  {
    name: 'accept latest on L1',
    method: 'devnet_acceptOnL1',
    params: '{"starting_block_id":"latest"}',
    values: true,
  },
  {
    name: 'accept latest on L1 again',
    method: 'devnet_acceptOnL1',
    params: '{"starting_block_id":"latest"}',
  },
  { name: 'setGasPrice', method: 'devnet_setGasPrice', params: '{"gas_price_wei":5}' },
  {
    name: 'setGasPrice u128',
    method: 'devnet_setGasPrice',
    params: '{"l2_gas_price_fri":100000000000000000000}',
  },
  { name: 'setGasPrice 0', method: 'devnet_setGasPrice', params: '{"gas_price_wei":0}' },
  { name: 'setGasPrice unknown field', method: 'devnet_setGasPrice', params: '{"foo":1}' },
  { name: 'getConfig', method: 'devnet_getConfig' },
  { name: 'getStatus', method: 'devnet_getStatus' },
  { name: 'dump', method: 'devnet_dump' },
  { name: 'load a path', method: 'devnet_load', params: '{"path":"/nonexistent/dump.json"}' },
  { name: 'impersonate', method: 'devnet_impersonateAccount', params: `{"account_address":"${ACCOUNT_0}"}` },
  { name: 'unknown method', method: 'devnet_foo', params: '{}' },
  // Last before the restart: devnet mints here and wallet-sim does not, so the block numbers part ways.
  { name: 'mint 1.5', method: 'devnet_mint', params: mint('1.5', '', STRANGER), values: true },
  { name: 'restart', method: 'devnet_restart' },
  {
    name: 'balance after restart',
    method: 'devnet_getAccountBalance',
    params: `{"address":"${ACCOUNT_0}"}`,
    values: true,
  },
]

/** What one answer is reduced to. */
export interface Record {
  readonly accepted: boolean
  readonly code?: number
  /** devnet's -1 errors say what failed in the message; other codes carry the spec's text or serde's. */
  readonly message?: string
  readonly shape?: unknown
  readonly value?: unknown
  /** For a transaction hash in the answer: what the node answers about it. */
  readonly tx?: unknown
}

/** The shape of a JSON value: leaves become their type, arrays the shape of their first item. */
export function shapeOf(value: unknown): unknown {
  if (value === null) return 'null'
  if (Array.isArray(value)) return value.length === 0 ? [] : [shapeOf(value[0])]
  if (typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as object)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, shapeOf(v)]),
    )
  return typeof value
}

type Answer = { result?: unknown; error?: { code: number; message: string; data?: unknown } }

/**
 * A result's values as both chains must agree on them: hashes of transactions and blocks dropped (the chains
 * hash differently), hex numbers unpadded (devnet writes 0x64b4…, wallet-sim 0x064b…: the same felt).
 */
export function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable)
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => k !== 'tx_hash' && k !== 'block_hash')
        .map(([k, v]) => [k, comparable(v)]),
    )
  if (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value)) return toHex(BigInt(value))
  return value
}

/** One JSON-RPC request with `params` as raw JSON text. */
export async function call(url: string, method: string, params?: string): Promise<Answer> {
  const body = `{"jsonrpc":"2.0","id":1,"method":"${method}"${params === undefined ? '' : `,"params":${params}`}}`
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
  return (await response.json()) as Answer
}

/** What the node answers about a transaction: its receipt's kind, status and block, and that it is found by hash. */
async function txFacts(url: string, hash: string) {
  const receipt = await call(url, 'starknet_getTransactionReceipt', `{"transaction_hash":"${hash}"}`)
  const tx = await call(url, 'starknet_getTransactionByHash', `{"transaction_hash":"${hash}"}`)
  const r = receipt.result as { type: string; execution_status: string; block_number?: number } | undefined
  const t = tx.result as { type: string; version: string } | undefined
  return {
    receipt: r
      ? { type: r.type, execution_status: r.execution_status, block_number: r.block_number }
      : receipt.error?.code,
    transaction: t ? { type: t.type, version: t.version } : tx.error?.code,
  }
}

/** Runs the steps against `url`, in order. */
export async function transcript(url: string): Promise<Map<string, Record>> {
  const out = new Map<string, Record>()
  for (const step of STEPS) {
    const answer = await call(url, step.method, step.params)
    const hash =
      (answer.result as { tx_hash?: string } | undefined)?.tx_hash ??
      (answer.error?.data as { tx_hash?: string } | undefined)?.tx_hash
    const tx = typeof hash === 'string' ? await txFacts(url, hash) : undefined
    out.set(
      step.name,
      answer.error
        ? {
            accepted: false,
            code: answer.error.code,
            ...(answer.error.code === -1 ? { message: answer.error.message } : {}),
            ...(answer.error.data && typeof answer.error.data === 'object'
              ? { shape: shapeOf(answer.error.data) }
              : {}),
            ...(tx ? { tx } : {}),
          }
        : {
            accepted: true,
            shape: shapeOf(answer.result),
            ...(step.values || step.name.startsWith('accounts') ? { value: comparable(answer.result) } : {}),
            ...(tx ? { tx } : {}),
          },
    )
  }
  return out
}
