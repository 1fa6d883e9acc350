import { type ServiceName, ServiceUnreachableError } from '@webwallet/protocol/errors'

/**
 * `fetch` to a service: no answer (down, refused, DNS, CORS) is SERVICE_UNREACHABLE naming service and URL, one
 * code on every path; an abort stays the abort, and any status is returned for the caller to read.
 *
 * @example
 * const response = await reach('node', url, { method: 'POST', body }, fetch)
 */
export async function reach(
  service: ServiceName,
  url: string,
  init: RequestInit,
  fetcher: typeof fetch = globalThis.fetch,
): Promise<Response> {
  try {
    return await fetcher(url, init)
  } catch (cause) {
    if (init.signal?.aborted || (cause as Error | undefined)?.name === 'AbortError') throw cause
    throw new ServiceUnreachableError(service, url, { cause })
  }
}
