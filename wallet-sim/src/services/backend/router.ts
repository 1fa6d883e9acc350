import { addressKey, type BalanceResponse } from '@webwallet/protocol'
import { Router } from 'express'
import * as z from 'zod/mini'
import { cors } from '../../infra/http/cors'
import { HttpError, handleErrors } from '../../infra/http/HttpError'
import { Address, ChainQuery, Network } from '../../infra/http/schemas'
import { unknownRoutes } from '../../infra/http/unknownRoutes'
import { validate } from '../../infra/http/validate'
import { readClientHeaders } from './clientHeaders'
import { profileFor } from './profile'
import { createPortfolioFixtures, type PortfolioFixtures } from './setups'
import { buildCatalog, type DemoToken, ETH_ADDRESS, pricesOf, STRK_ADDRESS } from './tokens'

/** What the portfolio backend needs from the rest of the simulator. */
export interface BackendDependencies {
  /** The ERC-20 balance of `address` in `token` on the simulated chain. */
  readBalance(token: string, address: string, network: Network): Promise<bigint> | bigint
  /** The Starknet ID name of `address` (e.g. `alice.stark`), or undefined when it has none. */
  lookupName(address: string): Promise<string | undefined> | string | undefined
  /** Milliseconds since the epoch; the simulator's clock (defaults to `Date.now`). */
  now?: () => number
  /**
   * The DeFi positions and airdrops set up through the dev API; default an empty store, so every account
   * has none.
   */
  fixtures?: PortfolioFixtures
  config?: BackendConfig
}

export interface BackendConfig {
  /** Tokens the simulator deploys for the demo; listed, and their balances reported. */
  demoTokens?: readonly DemoToken[]
  /** How many balance polls of an account answer `initialising` before the balances (default 1). */
  initialisingPolls?: number
  /** Seed of the generated profiles (default `wallet-sim`). */
  seed?: string
}

const AddressParams = z.object({ address: Address })
const BalanceParams = z.object({ network: Network, address: Address })
const InvestmentsQuery = z.object({
  chain: z.literal('starknet'),
  application: z.string().check(z.minLength(1)),
})

/**
 * The portfolio backend (mount it at `/v1`): token infos, prices, balances, DeFi positions, airdrops and
 * name-service profiles, with open CORS for the browser SDK. Positions and airdrops are the ones `fixtures`
 * holds (set up through the dev API): none for a fresh account.
 *
 * @example
 * app.use('/v1', createBackendRouter({ readBalance: (token, address) => chain.balanceOf(token, address), lookupName: () => undefined }))
 */
export function createBackendRouter(deps: BackendDependencies): Router {
  const config = deps.config ?? {}
  const seed = config.seed ?? 'wallet-sim'
  const initialisingPolls = config.initialisingPolls ?? 1
  const now = deps.now ?? Date.now
  const catalog = buildCatalog(config.demoTokens)
  const balanceTokens = [
    ETH_ADDRESS,
    STRK_ADDRESS,
    ...(config.demoTokens ?? []).map((t) => addressKey(t.address)),
  ]
  const polls = new Map<string, number>()
  const fixtures = deps.fixtures ?? createPortfolioFixtures({ seed, now })

  const router = Router()
  router.use(cors())
  // Every backend answer depends on the caller's network header, which must at least be a known network.
  router.use((req, _res, next) => {
    readClientHeaders(req)
    next()
  })

  router.get('/tokens/info', (req, res) => {
    validate(ChainQuery, req.query, 'query')
    res.json({ tokens: catalog.map((entry) => entry.info) })
  })

  router.get('/tokens/info/:address', (req, res) => {
    validate(ChainQuery, req.query, 'query')
    const { address } = validate(AddressParams, req.params, 'params')
    const entry = catalog.find((candidate) => candidate.info.address === address)
    if (entry === undefined) throw new HttpError(404, 'NOT_FOUND', `Unknown token ${address}`)
    res.json(entry.info)
  })

  router.get('/tokens/prices', (req, res) => {
    validate(ChainQuery, req.query, 'query')
    res.json({ prices: pricesOf(catalog) })
  })

  router.get('/activity/starknet/:network/account/:address/balance', async (req, res) => {
    const { network, address } = validate(BalanceParams, req.params, 'params')
    const headerNetwork = readClientHeaders(req).network
    if (headerNetwork !== undefined && headerNetwork !== network) {
      throw new HttpError(
        400,
        'BAD_REQUEST',
        `argent-network header is ${headerNetwork} but the path asks for ${network}`,
      )
    }
    const key = `${network}:${address}`
    const seen = polls.get(key) ?? 0
    if (seen < initialisingPolls) {
      polls.set(key, seen + 1)
      res.json({ status: 'initialising', balances: [] } satisfies BalanceResponse)
      return
    }
    const read = await Promise.all(
      balanceTokens.map(async (token) => [token, await deps.readBalance(token, address, network)] as const),
    )
    const balances = read
      .filter(([, balance]) => balance > 0n)
      .map(([tokenAddress, balance]) => ({ tokenAddress, tokenBalance: balance.toString() }))
    res.json({ status: 'initialised', balances } satisfies BalanceResponse)
  })

  router.get('/tokens/defi/:address/investments', (req, res) => {
    validate(InvestmentsQuery, req.query, 'query')
    const { address } = validate(AddressParams, req.params, 'params')
    res.json(fixtures.defiOf(address))
  })

  router.get('/airdrops/:address', (req, res) => {
    const { address } = validate(AddressParams, req.params, 'params')
    res.json(fixtures.airdropsOf(address))
  })

  router.get('/starknet-id/profile/:address', async (req, res) => {
    const { address } = validate(AddressParams, req.params, 'params')
    const name = await deps.lookupName(address)
    if (name === undefined) throw new HttpError(404, 'NOT_FOUND', 'Starkname not found')
    res.json(profileFor(address, name, seed))
  })

  router.use(unknownRoutes(router))
  router.use(handleErrors)
  return router
}
