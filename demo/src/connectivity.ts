// When a request gets no answer at all, the SDK says which service and URL (SERVICE_UNREACHABLE); for its
// older or catch-all codes the demo asks wallet-sim itself whether it is there, and names what is gone.
import { URLS, WALLET_URL } from './config'

/** The SDK's codes that may hide a request that got no answer: older network codes and its catch-all. */
const NO_ANSWER_CODES = new Set(['FETCH_URL', 'POST_URL', 'PUT_URL', 'DELETE_URL', 'UNKNOWN'])

/**
 * The user's words for SERVICE_UNREACHABLE (the service and the URL the SDK names), or undefined for any
 * other error.
 * @example unreachableService(error) // 'The node is not reachable at http://localhost:3005/rpc'
 */
export function unreachableService(error: unknown): string | undefined {
  const { code, data } = (error ?? {}) as { code?: unknown; data?: { service?: unknown; url?: unknown } }
  if (code !== 'SERVICE_UNREACHABLE') return undefined
  return `The ${String(data?.service)} is not reachable at ${String(data?.url)}`
}

/** Whether `error` may be a request that never reached its server (a network failure, not a refusal). */
export function mayBeUnreachable(error: { message: string; code?: string | undefined }): boolean {
  if (error.code !== undefined) return NO_ANSWER_CODES.has(error.code)
  return /failed to fetch|networkerror|load failed|fetch failed|timeout while loading/i.test(error.message)
}

/**
 * What cannot be reached, in the user's words with its URL, or undefined when wallet-sim and its node both
 * answer. Each probe gives up after `timeoutMs`.
 * @example await unreachable() // 'wallet-sim is not reachable at http://localhost:3005 …'
 */
export async function unreachable(timeoutMs = 4000): Promise<string | undefined> {
  if (!(await answers(`${WALLET_URL}/is_alive`, undefined, timeoutMs)))
    return `wallet-sim is not reachable at ${WALLET_URL}: is it running (npm start, or docker compose up)?`
  const chainId = { jsonrpc: '2.0', id: 1, method: 'starknet_chainId', params: [] }
  if (!(await answers(URLS.providerDefaultUrl, chainId, timeoutMs)))
    return `The Starknet node is not reachable at ${URLS.providerDefaultUrl}`
  return undefined
}

async function answers(url: string, body: unknown, timeoutMs: number): Promise<boolean> {
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      ...(body === undefined
        ? {}
        : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    })
    return response.ok
  } catch {
    return false
  }
}

/** A failure whose message already names what cannot be reached (the connection-lost state follows). */
export class UnreachableError extends Error {
  override name = 'UnreachableError'
}
