// The simulator's public routes, in the order express must see them: the portfolio backend, the allow-list,
// e-mail login and the landing pages; then the paymaster, the cosigner and the hosted wallet.
import type { Express } from 'express'
import { toAddress, toHex } from '../chain/felt'
import { DEMO_TOKEN_ADDRESS } from '../chain/genesis'
import type { Simulator } from '../chain/simulator'
import { injectedScriptRoute } from '../injected/route'
import type { ChainAccess } from '../node/access'
import {
  createAllowlistRouter,
  createBackendRouter,
  createCosignerRouter,
  createLoginRouter,
  createPaymasterRouter,
  createSnip29Router,
  paymasterFeeRecipient,
} from '../services'
import { chainOutcomes } from '../services/cosigner/chainOutcomes'
import { chainRevocations } from '../services/cosigner/revocations'
import { indexPage } from '../services/dev/indexPage'
import { devRouteList } from '../services/dev/routeList'
import { createRelayer } from '../services/paymaster/relayer'
import { type MountedWallet, mountWallet } from '../wallet'
import { CONNECTED_APPS_ROUTE, WALLET_ROUTES } from '../wallet/static'
import type { Parts } from './parts'

/** The api keys the paymaster sponsors when none are given (`--paymaster-key`). @example paymasterParams: { apiKey: DEFAULT_PAYMASTER_API_KEYS[0] } */
export const DEFAULT_PAYMASTER_API_KEYS = ['wallet-sim-sponsor'] as const

/**
 * `/v1` (backend), `/allowlist`, `/login`, `GET /`, `GET /dev` and `/injected.js`.
 * @example mountPublicRoutes(app, parts)
 */
export function mountPublicRoutes(app: Express, parts: Parts): void {
  const { options, chain, sim } = parts
  app.use(
    '/v1',
    createBackendRouter({
      readBalance: (token, address) => chain.balanceOf(BigInt(token), BigInt(address)),
      lookupName: parts.lookupName,
      now: () => chain.clockMs(),
      fixtures: parts.portfolio,
      config: {
        initialisingPolls: options.initialisingPolls ?? 1,
        demoTokens: [
          { address: toAddress(DEMO_TOKEN_ADDRESS), name: 'Demo Token', symbol: 'DEMO', decimals: 18 },
        ],
      },
    }),
  )
  app.use(
    '/allowlist',
    createAllowlistRouter(allowlistConfig(options.allowedDapps && parts.access.dapps.hosts)),
  )
  app.use('/login', createLoginRouter(parts.login))
  app.get('/', indexPage(indexSource(sim, chain, options.node?.request)))
  app.get('/dev', devRouteList)
  app.get(
    '/injected.js',
    injectedScriptRoute(() => toHex(chain.chainId())),
  )
}

/**
 * `/paymaster/v1` (AVNU), `/paymaster` (SNIP-29), `/cosigner` and the hosted wallet, on one relayer and fee
 * recipient. Returns the mounted wallet and the relayer's deployer.
 * @example const { wallet, relayerDeployer } = mountRelayAndWallet(app, parts)
 */
export function mountRelayAndWallet(app: Express, parts: Parts) {
  const { options, chain, relayer, access, saved } = parts
  const paymaster = {
    chain,
    relayer,
    apiKeys: options.paymasterApiKeys ?? DEFAULT_PAYMASTER_API_KEYS,
    ...(options.paymasterPrivateKey ? { serverPrivateKey: options.paymasterPrivateKey } : {}),
  }
  const relayerDeployer = createRelayer(chain, relayer)
  app.use('/paymaster/v1', createPaymasterRouter(paymaster))
  // SNIP-29 JSON-RPC (starknet.js PaymasterRpc) at POST /paymaster, on the same relayer and fee recipient.
  app.use('/paymaster', createSnip29Router(paymaster))
  // The cosigner checks each call against the session the wallet signed (allowed methods, expiry), and
  // its fees against the session's caps: fee-token transfers only to this paymaster's fee recipient.
  let signedSessions: MountedWallet['wallet']['sessions'] | undefined
  app.use(
    '/cosigner',
    createCosignerRouter({
      guardianPrivateKey: parts.guardianPrivateKey,
      now: () => chain.now(),
      lookupSession: (hash) => signedSessions?.lookup(hash),
      feeRecipient: paymasterFeeRecipient({ relayer }),
      spending: parts.spending,
      outcomeOf: chainOutcomes(chain),
      isSessionRevoked: chainRevocations(chain),
      revocations: parts.revocations,
    }),
  )
  const wallet = mountWallet(app, {
    chain,
    ...(options.allowedDapps ? { pageHosts: access.dapps.hosts } : {}),
    trustedPage: access.trustedPage,
    trustedOrigin: access.trustedOrigin,
    handsFree: parts.handsFree,
    login: parts.login,
    approval: parts.approval,
    inbox: parts.inbox,
    guardianPrivateKey: parts.guardianPrivateKey,
    ...(options.uiDir ? { uiDir: options.uiDir } : {}),
    ...(saved.permissions === undefined ? {} : { permissions: saved.permissions }),
    ...(saved.sessions === undefined ? {} : { sessions: saved.sessions }),
    revocations: parts.revocations,
  })
  signedSessions = wallet.wallet.sessions
  return { wallet, relayerDeployer }
}

function allowlistConfig(allowedDapps: readonly string[] | undefined) {
  return allowedDapps ? { mainnet: allowedDapps, sepolia: allowedDapps } : {}
}

/** What the landing page shows of the running chain (read on every request: devnet_restart replaces it). */
function indexSource(sim: Simulator, chain: ChainAccess, nodeRequest?: <T>(method: string) => Promise<T>) {
  return {
    accounts: () => chain.predeployedAccounts(),
    chainId: () => toHex(chain.chainId()),
    blockNumber: async () =>
      nodeRequest ? Number(await nodeRequest<number>('starknet_blockNumber')) : sim.chain.latest.number,
    walletRoutes: [...WALLET_ROUTES, CONNECTED_APPS_ROUTE],
  }
}
