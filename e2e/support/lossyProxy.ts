// A proxy between a page and wallet-sim that loses answers the way networks do: it forwards every request,
// and for a request a fault names it cuts the connection before forwarding (the request never reached the
// service), or forwards it and then cuts the connection or answers 502 instead of the service's answer
// (the service did the work; its answer is lost). wallet-sim's own faults (/dev/faults) answer in place of
// a route, so they cannot stand for an answer lost after the work was done.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** How a faulted request goes wrong. */
export type Loss = 'never-reached' | 'answer-dropped' | 'answer-502'

/** One fault: the next request on a path starting with `path` whose body contains `body` is lost as `loss`. */
export interface ProxyFault {
  readonly path: string
  readonly body?: string
  readonly loss: Loss
}

export interface LossyProxy extends AsyncDisposable {
  /** The proxy's origin: use it in place of the service's. */
  readonly url: string
  /** Queues a fault (each is used once, oldest first). */
  fail(fault: ProxyFault): void
  /** How many requests on `path` whose body contains `body` the proxy received (faulted ones included). */
  count(path: string, body?: string): number
}

/**
 * Starts a proxy to `target` (an origin) on a free port of 127.0.0.1; dispose with `await using`.
 *
 * @example
 * await using proxy = await startLossyProxy(sim.url)
 * proxy.fail({ path: '/rpc', body: '"starknet_addInvokeTransaction"', loss: 'answer-dropped' })
 */
export async function startLossyProxy(target: string): Promise<LossyProxy> {
  const faults: ProxyFault[] = []
  const seen: { path: string; body: string }[] = []
  const server = createServer(async (req, res) => {
    const body = await read(req)
    const path = req.url ?? '/'
    if (req.method !== 'OPTIONS') seen.push({ path, body })
    const index = faults.findIndex(
      (f) => req.method !== 'OPTIONS' && path.startsWith(f.path) && body.includes(f.body ?? ''),
    )
    const fault = index < 0 ? undefined : faults.splice(index, 1)[0]
    if (fault?.loss === 'never-reached') return void req.socket.destroy()
    const answer = await fetch(`${target}${path}`, {
      method: req.method ?? 'GET',
      headers: forwarded(req),
      ...(body && req.method !== 'GET' && req.method !== 'HEAD' ? { body } : {}),
    })
    const text = await answer.text()
    if (fault?.loss === 'answer-dropped') return void req.socket.destroy()
    // No kept-alive socket: a browser resends a request whose reused connection died before any answer byte.
    res.setHeader('connection', 'close')
    if (fault?.loss === 'answer-502')
      return void reply(res, 502, 'Bad Gateway', answer.headers, 'bad gateway')
    reply(res, answer.status, answer.statusText, answer.headers, text)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    fail: (fault) => void faults.push(fault),
    count: (path, body = '') => seen.filter((r) => r.path.startsWith(path) && r.body.includes(body)).length,
    [Symbol.asyncDispose]: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

async function read(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

// The request's headers minus those that describe this hop (the target's fetch sets its own).
function forwarded(req: IncomingMessage): Record<string, string> {
  const skip = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'accept-encoding'])
  return Object.fromEntries(
    Object.entries(req.headers).flatMap(([key, value]) =>
      skip.has(key) || value === undefined ? [] : [[key, Array.isArray(value) ? value.join(', ') : value]],
    ),
  )
}

function reply(res: ServerResponse, status: number, text: string, headers: Headers, body: string): void {
  // The CORS answer of the service is kept, so the page can read what the proxy passes on.
  for (const [key, value] of headers) {
    if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(key)) {
      res.setHeader(key, value)
    }
  }
  res.writeHead(status, text)
  res.end(body)
}
