// Serves the Chromium tests' three origins from Node: the host app, the wallet, and an eavesdropper.
import { createServer, type Server } from 'node:http'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

async function bundle(file: string): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL(file, import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['@webwallet/source'],
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  })
  return result.outputFiles[0]!.text
}

function listen(handler: (path: string) => { type: string; body: string } | undefined): Promise<Server> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const found = handler(path)
    if (!found) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, { 'content-type': found.type, 'cache-control': 'no-store' }).end(found.body)
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

const html = (body: string) => ({ type: 'text/html', body: `<!doctype html><meta charset="utf-8">${body}` })
const js = (body: string) => ({ type: 'text/javascript', body })
const origin = (server: Server) => `http://127.0.0.1:${(server.address() as { port: number }).port}`

/**
 * Starts the three servers (different ports, so different origins); `await using` stops them.
 *
 * @example
 * await using origins = await startOrigins()
 * await page.goto(origins.host)
 */
export async function startOrigins() {
  const [hostJs, walletJs, evilJs] = await Promise.all([
    bundle('./host.ts'),
    bundle('./wallet.ts'),
    bundle('./evil.ts'),
  ])
  const evilPage = html('<p>evil</p><script type="module" src="/evil.js"></script>')
  let hostOrigin = ''
  let walletHolds = false
  const host = await listen((path) => {
    if (path === '/host.js') return js(hostJs)
    if (path === '/')
      return html('<button id="go">Connect</button><script type="module" src="/host.js"></script>')
    return undefined
  })
  hostOrigin = origin(host)
  const wallet = await listen((path) => {
    if (path === '/wallet.js') return js(walletJs)
    if (path === '/evil.js') return js(evilJs)
    if (path === '/evil') return evilPage
    if (path === '/favicon.ico') return undefined
    return html(
      `<p>wallet</p><script>window.HOST_ORIGIN=${JSON.stringify(hostOrigin)};window.WALLET_HOLDS=${walletHolds}</script><script type="module" src="/wallet.js"></script>`,
    )
  })
  const evil = await listen((path) =>
    path === '/evil.js' ? js(evilJs) : path === '/' ? evilPage : undefined,
  )
  const servers = [host, wallet, evil]
  return {
    host: hostOrigin,
    wallet: origin(wallet),
    evil: origin(evil),
    /** Wallet pages served from now on wait before answering (a user who has not decided yet). */
    walletHolds(value: boolean) {
      walletHolds = value
    },
    async [Symbol.asyncDispose]() {
      await Promise.all(
        servers.map(
          (server) =>
            new Promise((resolve) => {
              server.closeAllConnections()
              server.close(resolve)
            }),
        ),
      )
    },
  }
}
