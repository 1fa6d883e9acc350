// The dapps under test, as a user's repo would serve them: the built demo (demo/dist) and a page built on
// npm starknetkit's WebWalletConnector (bundled from compat/starknetkit), each on a free port of localhost.
import { existsSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import { STRK_ADDRESS } from '@webwallet/protocol'
import { build } from 'esbuild'

const ROOT = join(import.meta.dirname, '..', '..')
const DEMO_DIST = join(ROOT, 'demo', 'dist')
const STARKNETKIT = join(ROOT, 'compat', 'starknetkit')
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' }

export interface Site {
  readonly origin: string
  close(): Promise<void>
}

export async function listen(handler: Parameters<typeof createServer>[1]): Promise<Site> {
  const server: Server = createServer(handler)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://localhost:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** demo/dist (built by scripts/build.mjs), index.html for every unknown path. */
export function serveDemo(): Promise<Site> {
  if (!existsSync(join(DEMO_DIST, 'index.html')))
    throw new Error('Build the demo first: node scripts/build.mjs')
  return listen((req, res) => {
    const path = normalize(new URL(req.url ?? '/', 'http://x').pathname).replace(/^(\.\.[/\\])+/, '')
    const file = join(DEMO_DIST, path)
    const found = file.startsWith(DEMO_DIST) && existsSync(file) && extname(file) !== ''
    res.setHeader('content-type', found ? (TYPES[extname(file)] ?? 'application/octet-stream') : 'text/html')
    res.end(readFileSync(found ? file : join(DEMO_DIST, 'index.html')))
  })
}

// A small dapp as a starknetkit user writes it: Connect shows the address, Send a transfer's hash or error.
const KIT_PAGE = `
import { WebWalletConnector } from 'starknetkit/webwallet'
import { RpcProvider } from 'starknet'
const wallet = new URLSearchParams(location.search).get('wallet')
const connector = new WebWalletConnector({ url: wallet })
const provider = new RpcProvider({ nodeUrl: wallet + '/rpc/v0_9' })
const STRK = '${STRK_ADDRESS}'
const show = (id, text) => { document.getElementById(id).textContent = text }
document.getElementById('connect').onclick = async () => {
  try { show('address', (await connector.connect()).account) } catch (e) { show('status', e.message) }
}
document.getElementById('send').onclick = async () => {
  show('status', 'sending')
  try {
    const account = await connector.account(provider)
    const { transaction_hash } = await account.execute([{ contractAddress: STRK, entrypoint: 'transfer', calldata: ['0x5bd1e5', '5', '0'] }])
    show('status', 'sent ' + transaction_hash)
  } catch (e) { show('status', 'failed: ' + e.message) }
}
`
const KIT_HTML =
  '<!doctype html><title>kit dapp</title><button id="connect">Connect</button><button id="send">Send</button>' +
  '<p>Account: <code id="address"></code></p><p id="status"></p><script type="module" src="/dapp.js"></script>'

/** The starknetkit page (compat/starknetkit is installed by `node scripts/compat.mjs starknetkit`). */
export async function serveStarknetkitDapp(): Promise<Site> {
  if (!existsSync(join(STARKNETKIT, 'node_modules', 'starknetkit')))
    throw new Error('Install starknetkit first: node scripts/compat.mjs starknetkit')
  const bundle = await build({
    stdin: { contents: KIT_PAGE, resolveDir: STARKNETKIT, loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    logLevel: 'silent',
  })
  const script = bundle.outputFiles[0]?.text ?? ''
  return listen((req, res) => {
    const js = req.url?.startsWith('/dapp.js')
    res.setHeader('content-type', js ? 'text/javascript' : 'text/html')
    res.end(js ? script : KIT_HTML)
  })
}

const INVISIBLE_SDK = join(ROOT, 'compat', 'invisible-sdk')

/**
 * An app on npm @argent/invisible-sdk 1.0.0 (compat/invisible-sdk/app/app.ts, `environment: 'dev'`), as its
 * users ship it: it knows nothing of wallet-sim (compat/invisible-sdk is installed by
 * `node scripts/compat.mjs invisible-sdk`).
 */
export async function serveInvisibleSdkApp(): Promise<Site> {
  if (!existsSync(join(INVISIBLE_SDK, 'node_modules', '@argent', 'invisible-sdk')))
    throw new Error('Install invisible-sdk first: node scripts/compat.mjs invisible-sdk')
  const bundle = await build({
    entryPoints: [join(INVISIBLE_SDK, 'app', 'app.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    logLevel: 'silent',
  })
  const script = bundle.outputFiles[0]?.text ?? ''
  return listen((req, res) => {
    const js = req.url?.startsWith('/app.js')
    res.setHeader('content-type', js ? 'text/javascript' : 'text/html')
    res.end(
      js
        ? script
        : '<!doctype html><title>invisible-sdk app</title><script type="module" src="/app.js"></script>',
    )
  })
}
