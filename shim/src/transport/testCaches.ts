/** An in-memory Cache Storage for tests (Node has no `caches`): real Requests keys, real Responses. */
export function memoryCaches(): CacheStorage & { entries: Map<string, Map<string, Response>> } {
  const entries = new Map<string, Map<string, Response>>()
  const open = async (name: string) => {
    const store = entries.get(name) ?? new Map<string, Response>()
    entries.set(name, store)
    return {
      match: async (key: RequestInfo | URL) => store.get(String(key))?.clone(),
      put: async (key: RequestInfo | URL, response: Response) => {
        store.set(String(key), response.clone())
      },
    } as unknown as Cache
  }
  return { entries, open } as unknown as CacheStorage & { entries: Map<string, Map<string, Response>> }
}
