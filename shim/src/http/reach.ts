import { type ServiceName, ServiceUnreachableError } from '@webwallet/protocol/errors'

/**
 * `fetch` to one of the services, where a request that gets no answer at all (down, refused, reset, DNS, CORS)
 * is SERVICE_UNREACHABLE naming the service and the URL, with the network error as `cause`. Every request the
 * SDK sends to the node, cosigner, paymaster and backend goes through here, so one cause is one code on every
 * path. An abort stays the abort (its caller turns it into OPERATION_ABORTED or OPERATION_TIMEOUT); an answer
 * of any status is returned for the caller to read.
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
