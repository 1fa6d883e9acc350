// A dapp written for injected wallets, as such apps are: get-starknet v4 finds Argent X among the page's
// `window.starknet_*` wallets, and starknet.js's WalletAccount sends through it. It knows nothing of
// wallet-sim (bundled from compat/starknetkit, which holds get-starknet-core 4 and starknet.js v8).
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { CONTRACTS } from '@webwallet/wallet-sim'
import { build } from 'esbuild'
import { listen, type Site } from './sites'

const STARKNETKIT = join(import.meta.dirname, '..', '..', 'compat', 'starknetkit')

const PAGE = `
import { getStarknet } from '@starknet-io/get-starknet-core'
import { RpcProvider, WalletAccount } from 'starknet'
const provider = new RpcProvider({ nodeUrl: new URLSearchParams(location.search).get('wallet') + '/rpc/v0_9' })
const show = (id, text) => { document.getElementById(id).textContent = text }
let account
document.getElementById('connect').onclick = async () => {
  try {
    const argentX = (await getStarknet().getAvailableWallets()).find((w) => w.id === 'argentX')
    if (!argentX) return show('status', 'Argent X is not installed')
    account = await WalletAccount.connect(provider, await getStarknet().enable(argentX))
    show('address', account.address)
  } catch (e) { show('status', 'failed: ' + e.message) }
}
document.getElementById('send').onclick = async () => {
  show('status', 'sending')
  try {
    const { transaction_hash } = await account.execute([{ contractAddress: '${CONTRACTS.counter}', entrypoint: 'increment', calldata: [] }])
    show('status', 'sent ' + transaction_hash)
  } catch (e) { show('status', 'failed (' + e.code + '): ' + e.message) }
}
`
const HTML =
  '<!doctype html><title>injected dapp</title><button id="connect">Connect</button><button id="send">Send</button>' +
  '<p>Account: <code id="address"></code></p><p id="status"></p><script type="module" src="/dapp.js"></script>'

/** The page on a free port of localhost (compat/starknetkit is installed by `node scripts/compat.mjs starknetkit`). */
export async function serveInjectedDapp(): Promise<Site> {
  if (!existsSync(join(STARKNETKIT, 'node_modules', '@starknet-io', 'get-starknet-core')))
    throw new Error('Install starknetkit first: node scripts/compat.mjs starknetkit')
  const bundle = await build({
    stdin: { contents: PAGE, resolveDir: STARKNETKIT, loader: 'js' },
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
    res.end(js ? script : HTML)
  })
}
