// A small JSON-RPC 2.0 client for the external node behind `--node URL`. Big integers go out as JSON
// numbers with every digit (devnet_mint's amount is a u128), and the node's errors come back as the same
// RpcError the built-in chain throws, so the services handle both alike.
import { RpcError } from '../chain/errors'

/** The node could not be reached, or answered something that is no JSON-RPC. */
export class NodeUnreachable extends Error {
  override readonly name = 'NodeUnreachable'
}

/** An error the node answered with a code the built-in chain does not know keeps the node's message. */
export class NodeRpcError extends RpcError {
  constructor(
    code: number,
    readonly nodeMessage: string,
    data?: unknown,
  ) {
    super(code as never, data)
    this.message = nodeMessage
  }
}

export type RpcRequest = <T>(method: string, params?: unknown) => Promise<T>

/** Serialises `value` as JSON, bigints as bare numbers. */
function toJson(value: unknown): string {
  const marks: string[] = []
  const text = JSON.stringify(value, (_key, v) => {
    if (typeof v !== 'bigint') return v
    marks.push(v.toString())
    return `__bigint_${marks.length - 1}__`
  })
  return text.replace(/"__bigint_(\d+)__"/g, (_m, i: string) => marks[Number(i)] ?? '0')
}

/**
 * A request function for the node at `url` (its JSON-RPC endpoint).
 * @example const request = rpcClient('http://127.0.0.1:5050/rpc'); await request('starknet_chainId')
 */
export function rpcClient(url: string, fetchImpl: typeof fetch = fetch): RpcRequest {
  let id = 0
  return async <T>(method: string, params: unknown = {}) => {
    let response: Response
    try {
      response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: toJson({ jsonrpc: '2.0', id: ++id, method, params }),
      })
    } catch (cause) {
      throw new NodeUnreachable(`The node at ${url} is unreachable (${errorText(cause)})`, { cause })
    }
    const text = await response.text()
    let body: { result?: T; error?: { code: number; message: string; data?: unknown } }
    try {
      body = JSON.parse(text)
    } catch {
      throw new NodeUnreachable(
        `The node at ${url} answered ${method} with HTTP ${response.status} and no JSON-RPC: ${text.slice(0, 120)}`,
      )
    }
    if (body.error) throw new NodeRpcError(body.error.code, body.error.message, body.error.data)
    if (!('result' in body))
      throw new NodeUnreachable(`The node at ${url} answered ${method} without a result`)
    return body.result as T
  }
}

function errorText(cause: unknown): string {
  if (cause instanceof Error) {
    const inner = (cause as Error & { cause?: { code?: string; message?: string } }).cause
    return inner?.code ?? inner?.message ?? cause.message
  }
  return String(cause)
}
