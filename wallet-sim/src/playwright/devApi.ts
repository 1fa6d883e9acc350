// Requests to a running wallet-sim's dev API and its JSON-RPC endpoint, as walletControl (control.ts) sends
// them: plain fetch from Node, wallet-sim's refusals as WalletSimRequestError.

/** A wallet-sim dev API call that failed: its HTTP status, wallet-sim's message, the JSON-RPC error code if any. */
export class WalletSimRequestError extends Error {
  override name = 'WalletSimRequestError'
  constructor(
    readonly status: number,
    message: string,
    readonly code?: number,
  ) {
    super(message)
  }
}

/** One JSON request to the dev API; answers the parsed body. */
export type DevRequest = <T>(method: string, path: string, body?: unknown) => Promise<T>

/**
 * Requests to the wallet-sim at `base` (an origin).
 *
 * @example
 * const dev = devRequests('http://127.0.0.1:3005')
 * const { email } = await dev<{ email: string | null }>('GET', '/dev/user')
 */
export function devRequests(base: string): DevRequest {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const text = await response.text()
    const json = text === '' ? undefined : (JSON.parse(text) as unknown)
    if (!response.ok) {
      const message = (json as { message?: unknown } | undefined)?.message
      throw new WalletSimRequestError(
        response.status,
        `${method} ${path}: ${typeof message === 'string' ? message : `HTTP ${response.status}`}`,
      )
    }
    return json as T
  }
}

/**
 * A JSON-RPC call on wallet-sim's `/rpc`; a JSON-RPC error is a WalletSimRequestError with its code.
 *
 * @example
 * const { id } = await rpcRequest<{ id: number }>(dev, 'devnet_snapshot', {})
 */
export async function rpcRequest<T>(dev: DevRequest, method: string, params: object): Promise<T> {
  const answer = await dev<{ result?: T; error?: { code: number; message: string } }>('POST', '/rpc', {
    jsonrpc: '2.0',
    id: 1,
    method,
    params,
  })
  if (answer.error)
    throw new WalletSimRequestError(
      200,
      `${method}: ${answer.error.message} (${answer.error.code})`,
      answer.error.code,
    )
  return answer.result as T
}
