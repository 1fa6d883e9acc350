// A fetch that counts what a client sends, by service: node round trips (HTTP requests to /rpc) and the
// JSON-RPC requests inside them (a batch is one round trip of several requests), cosigner and paymaster.

/** What a client sent between two snapshots. */
export interface Counts {
  /** HTTP requests to the node (a batch counts once). */
  nodeRoundTrips: number
  /** JSON-RPC requests to the node (each entry of a batch counts). */
  nodeRequests: number
  /** The JSON-RPC methods, in order. */
  methods: string[]
  cosigner: number
  paymaster: number
  other: number
  /** The method and path of every request that is not to the node, in order. */
  paths: string[]
}

const empty = (): Counts => ({
  nodeRoundTrips: 0,
  nodeRequests: 0,
  methods: [],
  cosigner: 0,
  paymaster: 0,
  other: 0,
  paths: [],
})

/**
 * Wraps `fetch` and counts every request it sends; `take()` answers the counts since the last take.
 * @example
 * const counter = countingFetch()
 * const provider = new RpcProvider({ nodeUrl, baseFetch: counter.fetch })
 * await provider.getBlockNumber()
 * counter.take().nodeRoundTrips // 1
 */
export function countingFetch(inner: typeof fetch = globalThis.fetch) {
  let counts = empty()
  const record = (url: URL, method: string, body: unknown) => {
    if (!url.pathname.startsWith('/rpc')) counts.paths.push(`${method} ${url.pathname}`)
    if (url.pathname.startsWith('/rpc')) {
      counts.nodeRoundTrips++
      const parsed: unknown = typeof body === 'string' ? JSON.parse(body) : undefined
      const requests = Array.isArray(parsed) ? parsed : [parsed]
      counts.nodeRequests += requests.length
      for (const request of requests) counts.methods.push(String((request as { method?: unknown })?.method))
    } else if (url.pathname.startsWith('/cosigner')) counts.cosigner++
    else if (url.pathname.startsWith('/paymaster')) counts.paymaster++
    else counts.other++
  }
  const counted = ((input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    record(url, init?.method ?? (input instanceof Request ? input.method : 'GET'), init?.body)
    return inner(input, init)
  }) as typeof fetch
  return {
    fetch: counted,
    take(): Counts {
      const taken = counts
      counts = empty()
      return taken
    },
  }
}
