// Test helpers of the hostile-input tests (listeners.*.test.ts): one raw HTTP request with any bytes, the
// check that an answer is a result or a coded error, and the state that hostile input must leave alone.
import { request } from 'node:http'
import { expect } from 'vitest'
import { STRK_ADDRESS } from './chain/contracts/erc20'
import { selectorOf, toAddress, toHex } from './chain/felt'
import { type HostileInput, isCodedError } from './hostileInputs'
import type { RunningSim } from './index'

export interface Answer {
  status: number
  type: string
  body: string
}

/**
 * One raw request (any bytes, any Content-Type) to `url`; resolves with the answer, or status 0 if none came.
 * @example await send(sim.url, 'POST', '/login/start', HOSTILE_INPUTS[0])
 */
export function send(url: string, method: string, path: string, input?: HostileInput): Promise<Answer> {
  return new Promise((resolve) => {
    const headers = input ? { 'content-type': input.type, 'content-length': String(input.body.length) } : {}
    const req = request(`${url}${path}`, { method, headers }, (res) => {
      const type = res.headers['content-type'] ?? ''
      const status = res.statusCode ?? 0
      // A stream (walletEvents for a Node client) is an answer as soon as it opens.
      if (type.startsWith('text/event-stream')) {
        res.destroy()
        return resolve({ status, type, body: '' })
      }
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status, type, body: Buffer.concat(chunks).toString() }))
    })
    // The server may answer 413 and close before the whole body is written: the answer counts.
    req.on('error', () => resolve({ status: 0, type: '', body: '' }))
    req.end(input?.body)
  })
}

/**
 * Asserts a result, or a coded error: never a 5xx of our own. The wallet router's errors keep the status
 * protocol gives their wallet code (USER_REJECTED is tRPC's INTERNAL_SERVER_ERROR there), so a 5xx with a
 * wallet code other than UNKNOWN is a coded answer too.
 * @example expectCoded(await send(url, 'POST', '/login/start', input), 'POST /login/start')
 */
export function expectCoded(answer: Answer, what: string): void {
  const said = `${what}: ${answer.status} ${answer.body.slice(0, 200)}`
  expect(answer.status, said).toBeGreaterThan(0)
  if (answer.status < 400) return
  type Body = { error?: { data?: { webwalletError?: { code?: string } } } }
  const body = JSON.parse(answer.body) as Body | Body[]
  expect(isCodedError(body), said).toBe(true)
  if (answer.status < 500) return
  for (const one of Array.isArray(body) ? body : [body])
    expect(one.error?.data?.webwalletError?.code ?? 'UNKNOWN', said).not.toBe('UNKNOWN')
}

/**
 * Runs `each` over `items`, eight at a time (requests overlap their waits; one server serves them all).
 * @example await inParallel(targets, async (target) => { … })
 */
export async function inParallel<T>(items: readonly T[], each: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items]
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await each(item)
  }
  await Promise.all(Array.from({ length: 8 }, worker))
}

/**
 * What hostile input must leave as it was: the chain's height, the first account's nonce and STRK balance,
 * the number of predeployed accounts, and Object.prototype.
 * @example const before = await stateOf(sim); …; expect(await stateOf(sim)).toBe(before)
 */
export async function stateOf(sim: RunningSim): Promise<string> {
  const rpc = async (method: string, params: unknown) => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })
    return ((await (await fetch(sim.rpcUrl, { method: 'POST', body })).json()) as { result: unknown }).result
  }
  const address = sim.accounts[0]?.address
  const strk = toAddress(STRK_ADDRESS)
  const balanceOf = toHex(selectorOf('balanceOf'))
  return JSON.stringify([
    await rpc('starknet_blockNumber', []),
    await rpc('starknet_getNonce', ['latest', address]),
    await rpc('starknet_call', [
      { contract_address: strk, entry_point_selector: balanceOf, calldata: [address] },
      'latest',
    ]),
    sim.accounts.length,
    Object.keys(Object.prototype),
  ])
}
