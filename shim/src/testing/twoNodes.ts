// Two local "public nodes" for the fallback tests: the first a port closed before the test (connection refused),
// the second a JSON-RPC node answering from a table by method (batches too).
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

type Call = { id: number; method: string }

/** The two nodes' URLs, the methods the live one was asked, and its close. */
export interface TwoNodes {
  readonly liveUrl: string
  readonly deadUrl: string
  readonly methods: string[]
  close(): Promise<void>
}

async function listen(server: ReturnType<typeof createServer>): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/rpc`
}

/**
 * Starts the live node answering `answers[method]` (an unknown method is JSON-RPC's -32601) and finds a dead port.
 * @example const nodes = await startTwoNodes({ starknet_blockNumber: 1 }); afterAll(() => nodes.close())
 */
export async function startTwoNodes(answers: Record<string, unknown>): Promise<TwoNodes> {
  const methods: string[] = []
  const answer = (call: Call) => {
    methods.push(call.method)
    return call.method in answers
      ? { jsonrpc: '2.0', id: call.id, result: answers[call.method] }
      : { jsonrpc: '2.0', id: call.id, error: { code: -32601, message: `no ${call.method}` } }
  }
  const live = createServer((req, res) => {
    let text = ''
    req.on('data', (chunk: Buffer) => {
      text += chunk
    })
    req.on('end', () => {
      const body = JSON.parse(text) as Call | Call[]
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body)))
    })
  })
  const liveUrl = await listen(live)
  const closed = createServer()
  const deadUrl = await listen(closed)
  await new Promise<void>((resolve) => closed.close(() => resolve()))
  return {
    liveUrl,
    deadUrl,
    methods,
    close: () => new Promise<void>((resolve) => live.close(() => resolve())),
  }
}
