import { describe, expect, it } from 'vitest'
import { readEventStream } from './eventStream'

/** A body that arrives in exactly these pieces. */
function body(...chunks: string[]) {
  const encoder = new TextEncoder()
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk))
      controller.close()
    },
  })
}

async function all(stream: ReadableStream<Uint8Array>) {
  const events = []
  for await (const event of readEventStream(stream)) events.push(event)
  return events
}

describe('readEventStream', () => {
  it("reads tRPC's events across chunk boundaries, CRLF and CR line ends, comments and ids", async () => {
    const events = await all(
      body(
        'event: connected\ndata: {}\n\n',
        ': a comment\r\ndata: {"type":"acc',
        'ountsChanged"}\r\nid: 7\r\n\r\n',
        'event: ping\rdata: \r\r',
        'data: a\ndata: b\n\nevent: return\ndata: \n\n',
      ),
    )
    expect(events).toEqual([
      { event: 'connected', data: '{}' },
      { event: undefined, data: '{"type":"accountsChanged"}' },
      { event: 'ping', data: '' },
      { event: undefined, data: 'a\nb' },
      { event: 'return', data: '' },
    ])
  })

  it('drops an event the body ended before its blank line', async () => {
    expect(await all(body('data: 1\n\ndata: 2\n'))).toEqual([{ event: undefined, data: '1' }])
  })
})
