// GET /: what this wallet-sim serves, on the URLs the client used to reach it — the chain's JSON-RPC and
// WebSocket API, the hosted wallet's pages, the paymaster, cosigner, backend and dev API — its chain and its
// predeployed accounts. A page for browsers, the same as JSON for `Accept: application/json`.
import type { RequestHandler } from 'express'
import { escapeHtml, originOf, page, wantsJson } from './html'

export interface IndexPageSource {
  /** The predeployed accounts (private keys are not shown: they are printed at start). */
  accounts(): readonly { readonly address: string; readonly public_key: string }[]
  /** The chain id, as a felt (`0x534e5f5345504f4c4941`). */
  chainId(): string
  /** The latest block's number. */
  blockNumber(): number | Promise<number>
  /** The hosted wallet's page routes (`/interstitialLogin`…). */
  readonly walletRoutes: readonly string[]
}

interface Service {
  readonly name: string
  readonly url: string
  readonly note: string
  /** A page a browser can open (shown as a link). */
  readonly page?: true
}

function servicesAt(origin: string, walletRoutes: readonly string[]): Service[] {
  const ws = origin.replace(/^http/, 'ws')
  return [
    { name: 'JSON-RPC 0.10', url: `${origin}/rpc`, note: 'POST; also /rpc/v0_10 (starknet.js v10)' },
    { name: 'JSON-RPC 0.9', url: `${origin}/rpc/v0_9`, note: 'POST (starknet.js v8)' },
    { name: 'JSON-RPC 0.8', url: `${origin}/rpc/v0_8`, note: 'POST (starknet.js v7)' },
    { name: 'JSON-RPC 0.7', url: `${origin}/rpc/v0_7`, note: 'POST (starknet.js v6; V1 transactions too)' },
    {
      name: 'WebSocket API',
      url: `${ws}/rpc`,
      note: '0.10 (also /rpc/v0_10, /ws); 0.9 at /rpc/v0_9; 0.8 at /rpc/v0_8',
    },
    ...walletRoutes.map((route) => ({
      name: 'hosted wallet',
      url: `${origin}${route}`,
      note: 'page',
      page: true as const,
    })),
    { name: 'wallet router', url: `${ws}/trpc`, note: 'tRPC over WebSocket, for headless clients' },
    { name: 'paymaster', url: `${origin}/paymaster/v1`, note: 'AVNU gasless API v1 (sponsor key: api-key)' },
    {
      name: 'paymaster',
      url: `${origin}/paymaster`,
      note: 'SNIP-29 JSON-RPC, POST (starknet.js PaymasterRpc; sponsor key: x-paymaster-api-key)',
    },
    { name: 'cosigner', url: `${origin}/cosigner`, note: 'POST /signSession, /signSessionEFO' },
    { name: 'backend', url: `${origin}/v1`, note: 'tokens, prices, balances, DeFi, airdrops, profiles' },
    {
      name: 'allow-list',
      url: `${origin}/allowlist/sepolia.json`,
      note: 'hosts that may embed the wallet',
      page: true,
    },
    { name: 'e-mail login', url: `${origin}/login`, note: 'codes at /dev/inbox/{email}' },
    {
      name: 'dev API',
      url: `${origin}/dev`,
      note: 'inbox, approval, clock, accounts, names, faults',
      page: true,
    },
  ]
}

/**
 * The landing page handler (mount it at `/`).
 * @example app.get('/', indexPage({ accounts: () => sim.accounts, chainId, blockNumber, walletRoutes }))
 */
export function indexPage(source: IndexPageSource): RequestHandler {
  return async (req, res) => {
    const origin = originOf(req)
    const services = servicesAt(origin, source.walletRoutes)
    const accounts = source.accounts().map(({ address, public_key }) => ({ address, publicKey: public_key }))
    const chain = { chainId: source.chainId(), blockNumber: await source.blockNumber() }
    if (wantsJson(req)) {
      res.json({ services, chain, accounts })
      return
    }
    const serviceRows = services.map(({ name, url, note, page: browsable }) => {
      const shown = browsable ? `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>` : escapeHtml(url)
      return `<tr><td>${escapeHtml(name)}</td><td><code>${shown}</code></td><td>${escapeHtml(note)}</td></tr>`
    })
    const accountRows = accounts.map(
      ({ address, publicKey }, index) =>
        `<tr><td>#${index}</td><td><code>${escapeHtml(address)}</code></td><td><code>${escapeHtml(publicKey)}</code></td></tr>`,
    )
    res.type('html').send(
      page(
        'wallet-sim',
        `<h1>wallet-sim</h1>
<p>A local Starknet node, hosted wallet, paymaster, cosigner and backend. Chain id <code>${escapeHtml(chain.chainId)}</code>,
block ${chain.blockNumber}. Point the SDK at it with <code>environment: 'dev'</code> (this page's origin is
<code>${escapeHtml(origin)}</code>).</p>
<h2>Services</h2>
<table><tr><th>service</th><th>URL</th><th></th></tr>${serviceRows.join('\n')}</table>
<h2>Predeployed accounts</h2>
<p>Funded with 1000 STRK, 1000 ETH and 1000 DEMO each; their private keys are printed when wallet-sim starts
(and answered by <code>devnet_getPredeployedAccounts</code>).</p>
<table><tr><th></th><th>address</th><th>public key</th></tr>${accountRows.join('\n')}</table>
<h2>Links</h2>
<ul><li><a href="/dev">dev API routes</a></li><li><a href="/dev/inbox">login codes sent</a></li>
<li><a href="/interstitialLogin">log in to the wallet</a></li>
<li><a href="/apps">connected apps: sessions, revoke, log out</a></li><li><a href="/is_alive">/is_alive</a></li></ul>`,
      ),
    )
  }
}
