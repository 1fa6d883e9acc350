import { NodeError } from '@webwallet/protocol/errors'

/** One JSON-RPC call. */
export interface RpcCall {
  readonly method: string
  readonly params: unknown
}

/** Options of {@link createRpc}. */
export interface RpcOptions {
  readonly nodeUrl: string
  readonly fetch?: typeof fetch
}

type RpcAnswer = { id: number; result?: unknown; error?: { code: number; message: string; data?: unknown } }

/**
 * A small Starknet JSON-RPC client: one call, or several in one HTTP batch (one round trip). Node errors
 * become NodeError with the node's code, message and data.
 *
 * @example
 * const rpc = createRpc({ nodeUrl: 'http://localhost:3005/rpc' })
 * const [classHash, nonce] = await rpc.batch([
 *   { method: 'starknet_getClassHashAt', params: { block_id: 'latest', contract_address } },
 *   { method: 'starknet_getNonce', params: { block_id: 'pre_confirmed', contract_address } },
 * ])
 */
export function createRpc(options: RpcOptions) {
  let nextId = 1
  /** Round trips made so far (the benchmark counts them). */
  let roundTrips = 0
  const post = async (body: unknown): Promise<unknown> => {
    roundTrips++
    const response = await (options.fetch ?? globalThis.fetch)(options.nodeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (!response.ok) throw new NodeError(response.status, `${response.status} ${response.statusText}`)
    return response.json()
  }
  const unwrap = (answer: RpcAnswer | undefined): unknown => {
    if (answer === undefined) throw new NodeError(-32603, 'Missing answer in batch')
    if (answer.error) throw new NodeError(answer.error.code, answer.error.message, answer.error.data)
    return answer.result
  }
  const settle = async (calls: readonly RpcCall[]): Promise<PromiseSettledResult<unknown>[]> => {
    const requests = calls.map((call) => ({ jsonrpc: '2.0', id: nextId++, ...call }))
    const answers = (await post(requests)) as RpcAnswer[]
    const byId = new Map(Array.isArray(answers) ? answers.map((a) => [a.id, a]) : [])
    return requests.map((request) => {
      try {
        return { status: 'fulfilled', value: unwrap(byId.get(request.id)) }
      } catch (reason) {
        return { status: 'rejected', reason }
      }
    })
  }
  return {
    nodeUrl: options.nodeUrl,
    roundTrips: () => roundTrips,
    async request<T>(method: string, params: unknown = []): Promise<T> {
      return unwrap((await post({ jsonrpc: '2.0', id: nextId++, method, params })) as RpcAnswer) as T
    },
    /** Several calls in one HTTP request; rejects with the first failing call's error. */
    async batch(calls: readonly RpcCall[]): Promise<unknown[]> {
      return (await settle(calls)).map((result) => {
        if (result.status === 'rejected') throw result.reason
        return result.value
      })
    },
    /** Several calls in one HTTP request; each settles on its own. */
    settle,
  }
}

/** The client {@link createRpc} returns. */
export type Rpc = ReturnType<typeof createRpc>
