// The composition root: the whole simulator in one express app, its parts built in compose/parts.ts and
// mounted by compose/routes.ts and compose/devRoutes.ts.
import type { Server } from 'node:http'
import express, { type Express } from 'express'
import { ETH_ADDRESS, STRK_ADDRESS } from './chain/contracts/erc20'
import { toHex } from './chain/felt'
import { starkPublicKey } from './chain/signature'
import type { Simulator } from './chain/simulator'
import { mountDevRoutes } from './compose/devRoutes'
import type { WalletSimOptions } from './compose/options'
import { createParts } from './compose/parts'
import { mountPublicRoutes, mountRelayAndWallet } from './compose/routes'
import { webSocketsOf } from './compose/webSockets'
import { exceptRpc } from './infra/http/guards'
import { handleErrors } from './infra/http/HttpError'
import { hostCheck } from './infra/http/localHosts'
import { notFound } from './infra/http/notFound'
import {
  type ApprovalPolicy,
  type FaultRegistry,
  faultInjector,
  type Inbox,
  type LoginService,
  type SpendingLedger,
} from './services'
import type { PortfolioFixtures } from './services/backend/setups'
import type { DevNames } from './services/dev/names'
import type { HandsFreeUser } from './wallet/server/handsFree'

export { DEFAULT_PAYMASTER_API_KEYS } from './compose/routes'
export type { WalletSimOptions }

/**
 * The wallet-sim services on one express app: the chain, the hosted wallet, paymaster, cosigner, backend, login
 * and dev API, with their state and controls.
 * @example const sim = await startSim(); sim.walletSim.approval.set('reject')
 */
export interface WalletSim {
  readonly app: Express
  readonly sim: Simulator
  readonly login: LoginService
  readonly inbox: Inbox
  readonly approval: ApprovalPolicy
  /** The hands-free user (`email`), as `PUT /dev/user` switches it. */
  readonly handsFree: HandsFreeUser
  readonly faults: FaultRegistry
  /** Starknet ID names by real `register` transactions: `await names.register(address, 'alice.stark')`. */
  readonly names: DevNames
  /** What each session has spent on fees, as the cosigner charged it (persisted with `stateFile`). */
  readonly spending: SpendingLedger
  /** DeFi positions and airdrops set up per account (the dev API's `/accounts/:address/defi`, `/airdrops`). */
  readonly portfolio: PortfolioFixtures
  /** The guardian's public key (every account this instance creates has it); the private key stays inside. */
  readonly guardianPublicKey: string
  /** The paymaster's relayer: the caller of its outside executions and the default fee recipient. */
  readonly relayer: { readonly address: string }
  /**
   * Deploys and funds the relayer's account where the chain does not have it yet (the paymaster also does
   * so before its first relay); `startSim` waits for it.
   */
  deployRelayer(): Promise<void>
  /**
   * Serves the WebSockets on `server`: the wallet router (`/trpc`) and the Starknet WebSocket API (`/rpc`,
   * `/rpc/v0_10`, `/ws`: 0.10; `/rpc/v0_9`: 0.9; `/rpc/v0_8`: 0.8); other paths get 404. Returns the function that stops them.
   */
  attach(server: Server): () => Promise<void>
  /** The paths `attach` serves WebSockets at (`/trpc`, and the Starknet WebSocket API's without a node). */
  readonly webSocketPaths: readonly string[]
  /** Saves what is persisted (with `stateFile`) and stops the chain's timers. */
  close(): void
}

/**
 * Builds the simulator's app. `listen` it, then `attach` the server for the WebSocket router.
 * @example
 * const walletSim = createWalletSim({ seed: 1 })
 * const server = walletSim.app.listen(3005)
 * walletSim.attach(server)
 */
export function createWalletSim(options: WalletSimOptions = {}): WalletSim {
  const parts = createParts(options)
  const { access, saved, sim, login, spending, revocations, portfolio } = parts
  const app = express()
  app.disable('x-powered-by')
  // Every route refuses Host names the server does not answer (DNS rebinding), before anything else runs,
  // but the chain's JSON-RPC: like a node it answers any Host; its devnet_* methods check Host and Origin.
  app.use(exceptRpc(hostCheck(access.hostNames)))
  app.use(faultInjector(parts.faults))
  app.use(parts.chainApp)
  mountPublicRoutes(app, parts)
  mountDevRoutes(app, parts)
  const { wallet, relayerDeployer } = mountRelayAndWallet(app, parts)
  // Last: any path no service serves (`/nope`, `/wallet/nope`) is a 404 page or NOT_FOUND JSON, not express's.
  app.use(notFound)
  // An error no service's own handler answered (a guard that throws, an unreadable path) is a coded JSON
  // answer too (`{code, message}`, 500 without internals), never express's HTML page with a stack.
  app.use(handleErrors)
  const unsubscribe = [
    login.onChange((state) => saved.append({ login: state })),
    wallet.wallet.permissions.onChange((state) => saved.append({ permissions: state })),
    wallet.wallet.sessions.onChange((state) => saved.append({ sessions: state })),
    spending.onChange((state) => saved.append({ spending: state })),
    revocations.onChange((state) => saved.append({ revocations: state })),
    portfolio.onChange((state) => saved.append({ portfolio: state })),
  ]
  const close = () => {
    for (const stop of unsubscribe) stop()
    saved.close()
    sim.close()
  }
  const { attach, webSocketPaths } = webSocketsOf(wallet, sim, access, options.node !== undefined)
  return {
    app,
    sim,
    login,
    inbox: parts.inbox,
    approval: parts.approval,
    handsFree: parts.handsFree,
    faults: parts.faults,
    names: parts.names,
    spending,
    portfolio,
    guardianPublicKey: toHex(starkPublicKey(parts.guardianPrivateKey)),
    relayer: { address: parts.relayer.address },
    deployRelayer: () => relayerDeployer.deploy(),
    attach,
    webSocketPaths,
    close,
  }
}

export { ETH_ADDRESS, STRK_ADDRESS }
