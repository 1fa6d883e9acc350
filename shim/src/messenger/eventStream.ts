/** One server-sent event: its `event:` name (absent for plain data) and its `data:` lines joined. */
export type ServerSentEvent = { event: string | undefined; data: string }

/**
 * Reads a `text/event-stream` body (WHATWG server-sent events, as tRPC's SSE subscriptions write them) event by
 * event; `id:`/`retry:` are ignored. Ends with the body; rejects when reading fails (dropped or aborted).
 *
 * @example
 * for await (const { event, data } of readEventStream(response.body)) if (event === undefined) use(JSON.parse(data))
 */
export async function* readEventStream(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  let event: string | undefined
  let data: string[] = []
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      buffer += decoder.decode(value, { stream: true })
      // Lines end with CRLF, LF or CR; the last piece may be incomplete and waits for more.
      const lines = buffer.split(/\r\n|\n|\r/)
      buffer = lines.pop() ?? ''
      for (const line of lines) {
        if (line === '') {
          if (data.length > 0 || event !== undefined) yield { event, data: data.join('\n') }
          event = undefined
          data = []
          continue
        }
        if (line.startsWith(':')) continue
        const colon = line.indexOf(':')
        const field = colon < 0 ? line : line.slice(0, colon)
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
        if (field === 'event') event = value
        else if (field === 'data') data.push(value)
      }
    }
  } finally {
    reader.releaseLock()
  }
}
