import { BACKEND_CLIENT_NAME, BACKEND_HEADERS, CONNECTOR_VERSION } from '@webwallet/protocol/constants'
import { HttpError, type ServiceName } from '@webwallet/protocol/errors'
import { reach } from './reach'
import { parseJson } from './shape'

/** Options of {@link createHttp}. */
export interface HttpOptions {
  /** The network the backend should answer for; sent as a header on every request. */
  readonly network: 'mainnet' | 'sepolia'
  /** Extra headers (e.g. an api key). */
  readonly headers?: Record<string, string>
  readonly fetch?: typeof fetch
  /** The service its requests go to, named by SERVICE_UNREACHABLE; 'backend' unless told. */
  readonly service?: ServiceName
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/**
 * The backend HTTP wrapper: JSON in and out, the client/version/network headers on every request. No answer is
 * SERVICE_UNREACHABLE, a non-2xx an HttpError (status text, status, body), 204 an empty result.
 *
 * @example
 * const { tokens } = await createHttp({ network: 'sepolia' }).get<{ tokens: unknown[] }>(tokensUrl)
 */
export function createHttp(options: HttpOptions) {
  const headers: Record<string, string> = {
    [BACKEND_HEADERS.client]: BACKEND_CLIENT_NAME,
    [BACKEND_HEADERS.version]: CONNECTOR_VERSION,
    [BACKEND_HEADERS.network]: options.network,
    ...options.headers,
  }
  const request = async <T>(
    method: Method,
    url: string,
    body?: unknown,
    signal?: AbortSignal,
  ): Promise<T> => {
    const init: RequestInit = {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(signal ? { signal } : {}),
    }
    const response = await reach(options.service ?? 'backend', url, init, options.fetch)
    if (!response.ok) {
      throw new HttpError(response.statusText, response.status, await readBody(response))
    }
    if (response.status === 204) return undefined as T
    return parseJson(await response.text(), 'backend answer') as T
  }
  return {
    get: <T>(url: string, init: { signal?: AbortSignal | undefined } = {}) =>
      request<T>('GET', url, undefined, init.signal),
    post: <T>(url: string, body?: unknown) => request<T>('POST', url, body ?? {}),
    put: <T>(url: string, body?: unknown) => request<T>('PUT', url, body ?? {}),
    delete: <T>(url: string) => request<T>('DELETE', url),
  }
}

/** The wrapper {@link createHttp} returns. */
export type Http = ReturnType<typeof createHttp>

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '')
  try {
    return JSON.parse(text)
  } catch {
    return text || undefined
  }
}
