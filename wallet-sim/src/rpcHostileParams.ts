// Test helper of the JSON-RPC hostile-input tests (listeners.rpc.test.ts): hostile params for a method, the check
// that an answer is a result or a coded error, and the chain's digest an error answer must leave as it was.
import fc from 'fast-check'
import { expect } from 'vitest'
import { STRK_ADDRESS } from './chain/contracts/erc20'
import { selectorOf, toAddress, toHex } from './chain/felt'
import type { Simulator } from './chain/simulator'
import { DEEP_ARRAYS, hostileJson, PROTOTYPE_KEYS } from './hostileInputs'
import { MAX_JSON_DEPTH } from './infra/json/depth'
import { handleRpc } from './rpc/handler'
import { clientValues } from './testValues'

/** Placeholders spliced into a request's text as what JSON.stringify cannot write. */
const SPLICED: Readonly<Record<string, string>> = {
  '"@big"': `1${'0'.repeat(400)}`,
  '"@-big"': `-${'9'.repeat(80)}.5e300`,
  '"@deep"': DEEP_ARRAYS,
}

/** Nested arrays a few levels under the depth limit: parsed, then read by the method. */
const NEAR_LIMIT = JSON.parse(`${'['.repeat(MAX_JSON_DEPTH - 4)}"0x1"${']'.repeat(MAX_JSON_DEPTH - 4)}`)

/** The extreme values each field of each method gets in turn, and that params as a whole get. */
const EXTREMES: readonly unknown[] = [
  JSON.parse(PROTOTYPE_KEYS),
  Array.from({ length: 10_000 }, () => '0x1'),
  NEAR_LIMIT,
  '@deep',
  'x'.repeat(200_000),
  '@big',
  '@-big',
  1e308,
  -1,
  2 ** 53 + 1,
]

/**
 * The fixed extremes of a method with param names `names`: params missing, of wrong types, extreme as a
 * whole, every field extreme by name (each field a different extreme, rotated until each extreme was in one), by position, and with an
 * extra field and a prototype key.
 * @example fixedParams(['block_id']).map((params) => request(1, 'starknet_getBlockWithTxs', params))
 */
export function fixedParams(names: readonly string[]): unknown[] {
  const rotated = (k: number) => names.map((_, i) => EXTREMES[(i + k) % EXTREMES.length])
  const byName = (k: number) => Object.fromEntries(names.map((name, i) => [name, rotated(k)[i]]))
  return [
    undefined,
    null,
    true,
    ...EXTREMES.slice(0, 4),
    // Each extreme in some field: the rotations that together put every extreme in a field once.
    ...EXTREMES.filter((_, k) => k % Math.max(names.length, 1) === 0).map((_, j) => byName(j * names.length)),
    rotated(1),
    rotated(4),
    {
      ...Object.fromEntries(names.map((name) => [name, '0x1'])),
      extra: '0x1',
      ['__proto__']: { polluted: 1 },
    },
    [...names.map(() => '0x1'), '0x1', '0x1'],
  ]
}

/** Field names of the objects params hold (blocks, calls, transactions, filters), for nested values. */
const NESTED_FIELDS = [
  ...[
    'block_hash',
    'block_number',
    'contract_address',
    'entry_point_selector',
    'calldata',
    'address',
    'keys',
  ],
  ...['sender_address', 'signature', 'nonce', 'type', 'version', 'resource_bounds', 'from_block', 'to_block'],
  ...['chunk_size', 'continuation_token', 'amount', 'unit', 'gas_price', 'l1_gas_price'],
]

/** Values a field is given: what clients send (right and wrong), hostile JSON, and the extremes. */
const value = (names: readonly string[]) =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: clientValues(
        [...names, ...NESTED_FIELDS],
        ['latest', 'pre_confirmed', 'l1_accepted', 'WEI', 'FRI'],
      ),
    },
    { weight: 2, arbitrary: hostileJson },
    { weight: 1, arbitrary: fc.constantFrom(...EXTREMES) },
  )

/**
 * Generated params for a method with param names `names`: by name (a random subset, extra and prototype
 * keys), by position (too few, too many), or a value that is not params at all.
 * @example fc.assert(fc.property(hostileParams(['block_id']), (params) => …))
 */
export function hostileParams(names: readonly string[]): fc.Arbitrary<unknown> {
  const keys = fc.constantFrom(...names, 'extra', '__proto__', 'constructor', 'prototype')
  return fc.oneof(
    fc.dictionary(names.length > 0 ? fc.oneof(fc.constantFrom(...names), keys) : keys, value(names), {
      maxKeys: names.length + 2,
    }),
    fc.array(value(names), { maxLength: names.length + 2 }),
    value(names),
    fc.constant(undefined),
  )
}

/**
 * The text of one request (`params` omitted when undefined), with the placeholders of SPLICED in place.
 * @example request(1, 'starknet_blockNumber', ['@big'])
 */
export function request(id: number, method: string, params: unknown): string {
  return requestWith(id, method, paramsText(params))
}

/**
 * The text of `params` (undefined when omitted), with the placeholders of SPLICED in place: written once for
 * params sent many times (the fixed extremes go to every endpoint; their texts reach 200 KB).
 * @example requestWith(1, 'starknet_blockNumber', paramsText(['@big']))
 */
export function paramsText(params: unknown): string | undefined {
  if (params === undefined) return undefined
  return JSON.stringify(params).replace(/"@(big|-big|deep)"/g, (placeholder) => SPLICED[placeholder]!)
}

/**
 * The text of one request whose params' text is `params` (from paramsText; omitted when undefined): what
 * `request` writes, the same text byte for byte.
 * @example requestWith(1, 'starknet_blockNumber', '[1]')
 */
export function requestWith(id: number, method: string, params: string | undefined): string {
  const head = `{"jsonrpc":"2.0","id":${id},"method":${JSON.stringify(method)}`
  return params === undefined ? `${head}}` : `${head},"params":${params}}`
}

/** Whether `answer` is what {@link expectRpcAnswer} asserts (its checks, without writing their messages). */
function isRpcAnswer(answer: unknown, id: number): boolean {
  const a = answer as { jsonrpc?: unknown; id?: unknown; result?: unknown; error?: Record<string, unknown> }
  if (a?.jsonrpc !== '2.0') return false
  if (a.error === undefined) return a.id === id && 'result' in a
  const { code, message } = a.error
  return (
    (a.id === id || a.id === null) && Number.isInteger(code) && typeof message === 'string' && code !== 63
  )
}

/**
 * Asserts a JSON-RPC answer to request `id`: a result, or an error with an integer code and a message that
 * is not 63 (our code threw on input it did not check). A request refused before it was read (too deep)
 * answers id null. `said` (what was asked, for the failure's message) is written only when the answer fails:
 * the hostile-params test checks some ten thousand answers.
 * @example expectRpcAnswer(JSON.parse(body), 1, 'starknet_call ← …')
 */
export function expectRpcAnswer(answer: unknown, id: number, said: string | (() => string)): void {
  if (isRpcAnswer(answer, id)) return
  const told = typeof said === 'string' ? said : said()
  const a = answer as { jsonrpc?: unknown; id?: unknown; result?: unknown; error?: Record<string, unknown> }
  expect(a?.jsonrpc, told).toBe('2.0')
  if (a.error === undefined) {
    expect(a.id, told).toBe(id)
    expect('result' in a, told).toBe(true)
    return
  }
  expect([id, null], told).toContain(a.id)
  expect(Number.isInteger(a.error.code) && typeof a.error.message === 'string', told).toBe(true)
  expect(a.error.code, `${told}: ${JSON.stringify(a.error).slice(0, 300)}`).not.toBe(63)
}

/**
 * What a request that fails must leave as it was: the latest block (hash and number), the pre-confirmed
 * block's transactions, the first account's nonce and STRK balance, and Object.prototype (read in process).
 * @example const before = digest(sim.sim); …; expect(digest(sim.sim)).toBe(before)
 */
export function digest(host: Simulator): string {
  const rpc = (method: string, params: unknown) =>
    JSON.stringify(handleRpc(host, { jsonrpc: '2.0', id: 1, method, params }, '0.10'))
  const address = host.accounts[0]!.address
  const balanceOf = {
    contract_address: toAddress(STRK_ADDRESS),
    entry_point_selector: toHex(selectorOf('balanceOf')),
  }
  return [
    rpc('starknet_blockHashAndNumber', []),
    rpc('starknet_getBlockTransactionCount', ['pre_confirmed']),
    rpc('starknet_getNonce', ['pre_confirmed', address]),
    rpc('starknet_call', [{ ...balanceOf, calldata: [address] }, 'pre_confirmed']),
    Object.keys(Object.prototype).join(),
  ].join('\n')
}
