// The stack every journey runs against: wallet-sim and the built demo, each on a free port — or, when
// E2E_WALLET_URL and E2E_DEMO_URL are set (docker compose), the services already running there.
import { existsSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import { type StartSimOptions, startSim, type WalletSim } from '@webwallet/wallet-sim'

const DEMO_DIST = join(import.meta.dirname, '..', '..', 'demo', 'dist')

export interface Stack extends AsyncDisposable {
  /** wallet-sim's origin. */
  readonly walletUrl: string
  /** The demo page, pointed at this wallet-sim. */
  readonly demoUrl: string
  /** The in-process simulator (absent when the stack is external). */
  readonly walletSim: WalletSim | undefined
  /** Calls wallet-sim's dev control API. */
  dev<T = unknown>(path: string, init?: { method?: string; body?: unknown }): Promise<T>
  /** Calls wallet-sim's JSON-RPC. */
  rpc<T = unknown>(method: string, params?: unknown): Promise<T>
  close(): Promise<void>
}

/**
 * Starts the demo and wallet-sim on free ports (127.0.0.1, which wallet-sim's allow-list names), the demo's
 * exact origin added to `options.allowedDapps` (default localhost, 127.0.0.1).
 * @example
 * await using stack = await startStack()
 * await page.goto(stack.demoUrl)
 */
export async function startStack(options: StartSimOptions = {}): Promise<Stack> {
  const external = process.env.E2E_WALLET_URL && process.env.E2E_DEMO_URL
  if (external)
    return stackOf(process.env.E2E_WALLET_URL!, process.env.E2E_DEMO_URL!, undefined, async () => {})

  if (!existsSync(join(DEMO_DIST, 'index.html'))) {
    throw new Error('The demo is not built: run `npm run build -w demo` (npm test builds it first).')
  }
  // The demo first: its exact origin is what wallet-sim lets use the dev API (the "Register name" button).
  const demoServer = await listen(serveStatic(DEMO_DIST))
  const allowedDapps = [...(options.allowedDapps ?? ['localhost', '127.0.0.1']), origin(demoServer)]
  const sim = await startSim({ ...options, allowedDapps }).catch(async (error: unknown) => {
    await close(demoServer)
    throw error
  })
  return stackOf(sim.url, origin(demoServer), sim.walletSim, async () => {
    await Promise.all([sim.close(), close(demoServer)])
  })
}

function stackOf(
  walletUrl: string,
  demoBase: string,
  walletSim: WalletSim | undefined,
  stop: () => Promise<void>,
) {
  const demoUrl = `${demoBase}/?wallet=${encodeURIComponent(walletUrl)}`
  let closed: Promise<void> | undefined
  const closeOnce = () => {
    closed ??= stop()
    return closed
  }
  const stack: Stack = {
    walletUrl,
    demoUrl,
    walletSim,
    async dev(path, init = {}) {
      const response = await fetch(`${walletUrl}/dev${path}`, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers: { 'content-type': 'application/json' },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      })
      if (!response.ok) throw new Error(`/dev${path}: ${response.status} ${await response.text()}`)
      return (await response.json()) as never
    },
    async rpc(method, params = {}) {
      const response = await fetch(`${walletUrl}/rpc`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      })
      const body = (await response.json()) as { result?: unknown; error?: { message: string } }
      if (body.error) throw new Error(`${method}: ${body.error.message}`)
      return body.result as never
    },
    close: closeOnce,
    [Symbol.asyncDispose]: closeOnce,
  }
  return stack
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
}

/** A static file server for a built single-page app (unknown paths get index.html). */
function serveStatic(root: string) {
  return (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(
      /^(\.\.[/\\])+/,
      '',
    )
    let file = join(root, path)
    if (!file.startsWith(root) || !existsSync(file) || path.endsWith('/')) file = join(root, 'index.html')
    res.setHeader('content-type', TYPES[extname(file)] ?? 'application/octet-stream')
    res.end(readFileSync(file))
  }
}

async function listen(handler: import('node:http').RequestListener): Promise<Server> {
  const server = createServer(handler)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  return server
}

const origin = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`

function close(server: Server): Promise<void> {
  server.closeAllConnections()
  return new Promise((resolve) => server.close(() => resolve()))
}
