// A dapp page on another origin (localhost vs the wallet's 127.0.0.1) that uses npm starknetkit's
// WebWalletConnector unchanged, bundled with esbuild from compat/starknetkit.
import { spawnSync } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { build } from 'esbuild'

const COMPAT_DIR = new URL('../../../compat/starknetkit/', import.meta.url).pathname
const ROOT = new URL('../../../', import.meta.url).pathname

// The page's API, called from the test with page.evaluate.
const ENTRY = `
import { WebWalletConnector } from 'starknetkit/webwallet'
import { RpcProvider } from 'starknet'
const params = new URLSearchParams(location.search)
const connector = new WebWalletConnector({ url: params.get('wallet'), theme: 'dark' })
const provider = new RpcProvider({ nodeUrl: params.get('rpc') })
window.dapp = {
  async connect() {
    const { account, chainId } = await connector.connect()
    return { account, chainId: '0x' + chainId.toString(16) }
  },
  async execute(calls) {
    const account = await connector.account(provider)
    return (await account.execute(calls)).transaction_hash
  },
  async signTypedData(typedData) {
    const account = await connector.account(provider)
    return account.signMessage(typedData)
  },
  async ready() {
    return connector.ready()
  },
  async connectAndSignSession(request) {
    try {
      return { result: await connector.connectAndSignSession(request) }
    } catch (error) {
      return { error: { name: error.name, code: error.code, message: error.message } }
    }
  },
}
`

/** The bundle once made: the e2e files share one module graph (isolate: false), so one bundle serves them all. */
let bundled: Promise<string> | undefined

/**
 * Bundles the page script (installs starknetkit into compat/ once): once per test run, where a dozen files
 * each spent one to two seconds on the same bundle; a failed bundle is tried again by the next caller.
 */
export function bundleDapp(): Promise<string> {
  bundled ??= bundleOnce().catch((error: unknown) => {
    bundled = undefined
    throw error
  })
  return bundled
}

async function bundleOnce(): Promise<string> {
  const installed = spawnSync('node', ['scripts/compat.mjs', 'starknetkit'], { cwd: ROOT, stdio: 'inherit' })
  if (installed.status !== 0) throw new Error('Could not install compat/starknetkit')
  const result = await build({
    stdin: { contents: ENTRY, resolveDir: COMPAT_DIR, loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    logLevel: 'silent',
  })
  return result.outputFiles[0]?.text ?? ''
}

/** Serves the dapp page on `localhost` (another origin than the wallet's 127.0.0.1). */
export async function serveDapp(
  script: string,
): Promise<{ origin: string; server: Server } & AsyncDisposable> {
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/dapp.js')) {
      res.setHeader('content-type', 'text/javascript')
      res.end(script)
      return
    }
    res.setHeader('content-type', 'text/html')
    res.end(
      '<!doctype html><title>dapp</title><button id="go">go</button><script type="module" src="/dapp.js"></script>',
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`
  return {
    origin,
    server,
    [Symbol.asyncDispose]: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
