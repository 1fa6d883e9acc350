import {
  NodeError,
  ServiceUnreachableError,
  UnexpectedAnswerError,
  UnsupportedRpcVersionError,
} from '@webwallet/protocol/errors'
import { reach } from '../http/reach'
import { fields, parseJson } from '../http/shape'
import { RPC_ANSWERS } from './rpcAnswers'

/** One JSON-RPC call. */
export interface RpcCall {
  readonly method: string
  readonly params: unknown
}

/** Options of {@link createRpc}. */
export interface RpcOptions {
  readonly nodeUrl: string
  /**
   * Nodes tried in turn when the current one cannot be reached (no HTTP answer: network down, DNS, refused),
   * never on a node's own answer (an HTTP error, a JSON-RPC error, another RPC version). The client stays on
   * the node that answered.
   */
  readonly fallbackUrls?: readonly string[]
  readonly fetch?: typeof fetch
  /**
   * Ask the node's `starknet_specVersion` with the first call (same round trip) and refuse a node that
   * does not speak JSON-RPC 0.9 or 0.10 (UNSUPPORTED_RPC_VERSION). Once per node URL and page.
   */
  readonly checkSpecVersion?: boolean
  /** Stops the HTTP requests (and so the calls waiting for them). */
  readonly signal?: AbortSignal
}

// The SDK sends `pre_confirmed` block tags and reads V3 fee fields (l1_data_gas, l2_gas): RPC 0.9 and 0.10.
const SUPPORTED_SPEC = /^0\.(?:9|10)\.\d+/
const compatibleNodes = new Set<string>()

type RpcAnswer = { id: number; result?: unknown; error?: { code: number; message: string; data?: unknown } }

/**
 * A small Starknet JSON-RPC client: one call, or a batch in one round trip; node errors become NodeError.
 *
 * @example
 * const rpc = createRpc({ nodeUrl: 'http://localhost:3005/rpc' })
 * const [nonce] = await rpc.batch([{ method: 'starknet_getNonce', params: { block_id: 'latest', contract_address } }])
 */
export function createRpc(options: RpcOptions) {
  const nodes = [options.nodeUrl, ...(options.fallbackUrls ?? []).filter((url) => url !== options.nodeUrl)]
  return rpcClient(options, { nextId: 1, roundTrips: 0, nodes, current: 0 })
}

interface Counters {
  nextId: number
  roundTrips: number
  /** The node list and the one in use (shared by the clients withSignal makes). */
  readonly nodes: readonly string[]
  current: number
}

function rpcClient(options: RpcOptions, counters: Counters) {
  const nodeUrl = () => counters.nodes[counters.current] as string
  const send = async (body: unknown): Promise<unknown> => {
    counters.roundTrips++
    const url = nodeUrl()
    // No answer at all: SERVICE_UNREACHABLE (an abort stays the abort its caller turns into a coded error).
    const response = await reach(
      'node',
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        ...(options.signal ? { signal: options.signal } : {}),
      },
      options.fetch,
    )
    if (!response.ok) throw new NodeError(response.status, `${response.status} ${response.statusText}`)
    return parseJson(await response.text(), 'node answer')
  }
  // Unreachable (no answer at all): the next node, each once; an answer of any kind ends the search.
  const sendAny = async (body: unknown): Promise<unknown> => {
    for (let left = counters.nodes.length; ; left--) {
      try {
        return await send(body)
      } catch (error) {
        if (!(error instanceof ServiceUnreachableError) || left <= 1) throw error
        counters.current = (counters.current + 1) % counters.nodes.length
      }
    }
  }
  // The first post to a node not yet known to be compatible carries the version question in its batch.
  const post = async (body: unknown): Promise<unknown> => {
    if (!options.checkSpecVersion || compatibleNodes.has(nodeUrl())) return sendAny(body)
    const id = counters.nextId++
    const batch = Array.isArray(body) ? body : [body]
    const answers = await sendAny([
      { jsonrpc: '2.0', id, method: 'starknet_specVersion', params: [] },
      ...batch,
    ])
    const list = Array.isArray(answers) ? (answers as RpcAnswer[]) : []
    const version = list.find((answer) => answer?.id === id)
    const text = typeof version?.result === 'string' ? version.result : ''
    if (!SUPPORTED_SPEC.test(text)) {
      throw new UnsupportedRpcVersionError(nodeUrl(), text, { cause: version?.error ?? answers })
    }
    compatibleNodes.add(nodeUrl())
    const rest = list.filter((answer) => answer?.id !== id)
    return Array.isArray(body) ? rest : rest[0]
  }
  // A node error is NODE_ERROR; an answer the SDK cannot read (null, a null nonce) is UNEXPECTED_ANSWER.
  const unwrap = (answer: RpcAnswer | undefined, method: string): unknown => {
    // No answer for this call (a batch answered short, or not a batch at all): a wrongly shaped answer.
    if (answer === undefined) throw new UnexpectedAnswerError(`${method} answer`)
    const { error, result } = (fields(answer) ?? {}) as Partial<RpcAnswer>
    const check = RPC_ANSWERS[method]
    if (error) throw new NodeError(error.code, error.message, error.data)
    if (!fields(answer) || (check && !check(result))) {
      throw new UnexpectedAnswerError(`${method} answer`)
    }
    return result
  }
  const settle = async (calls: readonly RpcCall[]): Promise<PromiseSettledResult<unknown>[]> => {
    const requests = calls.map((call) => ({ jsonrpc: '2.0', id: counters.nextId++, ...call }))
    const answers = (await post(requests)) as RpcAnswer[]
    const byId = new Map(Array.isArray(answers) ? answers.map((a) => [fields(a)?.id, a]) : [])
    return requests.map((request) => {
      try {
        return { status: 'fulfilled', value: unwrap(byId.get(request.id), request.method) }
      } catch (reason) {
        return { status: 'rejected', reason }
      }
    })
  }
  return {
    /** The node in use (the first one, until it could not be reached). */
    get nodeUrl() {
      return nodeUrl()
    },
    roundTrips: () => counters.roundTrips,
    /**
     * A `fetch` for starknet.js's provider (its `baseFetch`): the JSON-RPC body starknet.js posts goes to the
     * node in use, moving on when one cannot be reached as this client does, so the account's starknet.js
     * reads (`getNonce`, `callContract`, `Contract` views) fall back too. The URL it is given is not read.
     */
    forward: (async (_url: unknown, init?: RequestInit) =>
      Response.json(await sendAny(parseJson(String(init?.body), 'starknet.js request')))) as typeof fetch,
    /** The same client whose HTTP requests `signal` aborts (round trips counted together). */
    withSignal: (signal: AbortSignal) => rpcClient({ ...options, signal }, counters),
    async request<T>(method: string, params: unknown = []): Promise<T> {
      const answer = await post({ jsonrpc: '2.0', id: counters.nextId++, method, params })
      return unwrap(answer as RpcAnswer, method) as T
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
export type Rpc = ReturnType<typeof rpcClient>
