// The simulator's parts before any route is mounted: the chain (built in, or a node behind the same
// interface), the persisted wallet state and this instance's keys, and the services the routes share.
import type { Express } from 'express'
import { starkPublicKey } from '../chain/signature'
import type { Simulator } from '../chain/simulator'
import { type Access, createAccess } from '../infra/http/access'
import { openWalletState, type PersistedState, type WalletState } from '../infra/state/walletState'
import type { ChainAccess } from '../node/access'
import { builtinAccess } from '../node/builtin'
import { createServer } from '../server'
import {
  type ApprovalPolicy,
  createApprovalPolicy,
  createFaultRegistry,
  createInbox,
  createSpendingLedger,
  type FaultRegistry,
  type Inbox,
  LoginService,
  type SpendingLedger,
} from '../services'
import { createPortfolioFixtures, type PortfolioFixtures } from '../services/backend/setups'
import { createRevocationList, type RevocationList } from '../services/cosigner/revocations'
import { lookupStarkName, nodeNames } from '../services/dev/nameLookup'
import { createDevNames, type DevNames } from '../services/dev/names'
import { instanceKeys } from '../services/instanceKeys'
import { randomStarkKey } from '../services/keys'
import { type AccountProvisioningDependencies, faucetFunding } from '../services/login/accounts'
import { RELAYER_FUNDING, type RelayerAccount, relayerAccountOf } from '../services/paymaster/relayer'
import { argentAccountFactory } from '../wallet'
import { createHandsFreeUser, type HandsFreeUser } from '../wallet/server/handsFree'
import type { WalletSimOptions } from './options'

/** What the routes of createWalletSim are built from. */
export interface Parts {
  readonly options: WalletSimOptions
  readonly access: Access
  readonly saved: WalletState & PersistedState
  readonly guardianPrivateKey: string
  readonly relayer: RelayerAccount
  readonly sim: Simulator
  /** The chain's own routes (JSON-RPC, devnet_*). */
  readonly chainApp: Express
  /** Every service reaches the chain through this one interface: the built-in chain in process, or the node. */
  readonly chain: ChainAccess
  readonly logger: { info(message: string): void }
  readonly faults: FaultRegistry
  readonly inbox: Inbox
  readonly approval: ApprovalPolicy
  readonly fund: AccountProvisioningDependencies['fund']
  readonly login: LoginService
  readonly portfolio: PortfolioFixtures
  readonly handsFree: HandsFreeUser
  readonly names: DevNames
  readonly spending: SpendingLedger
  /** The sessions their own key revoked at the cosigner (kept in the state file). */
  readonly revocations: RevocationList
  /** The name the backend shows for an address (Starknet ID on the built-in chain; none on a node). */
  readonly lookupName: (address: string) => string | undefined
}

/**
 * Builds the parts of a simulator from its options.
 * @example const parts = createParts({ seed: 1 })
 */
export function createParts(options: WalletSimOptions): Parts {
  const access = createAccess(options)
  const saved = openWalletState(options.stateFile)
  const keys = instanceKeys(options, saved)
  const guardianPrivateKey = keys.guardian
  // The paymaster's relayer: an account of this instance's own key, in the built-in chain's genesis (not among
  // the predeployed accounts); on a node, and where a chain lost it, it deploys itself (relayer.ts).
  const relayer = relayerAccountOf(keys.relayer)
  const relayerGenesis = { publicKey: starkPublicKey(keys.relayer), strk: RELAYER_FUNDING }
  // The minter behind devnet_mint can mint any amount: its key is random per instance too, not the seed's
  // (a saved chain keeps its own minter; devnet_restart keeps this one).
  const { app: chainApp, sim } = createServer(
    {
      minterPrivateKey: BigInt(randomStarkKey()),
      ...options,
      unlistedAccounts: [...(options.unlistedAccounts ?? []), relayerGenesis],
    },
    access.devRefusal,
  )
  const logger = options.logger ?? { info: (message: string) => console.log(message) }
  const chain: ChainAccess =
    options.node?.access ??
    builtinAccess(
      () => sim.chain,
      () => sim.accounts,
    )
  const fund = faucetFunding(chain, logger)
  const inbox = createInbox()
  const login = new LoginService({
    inbox,
    logger,
    accounts: { createAccountFor: argentAccountFactory(guardianPrivateKey) },
    fund,
    now: () => chain.clockMs(),
    ...(options.loginLimits ? { limits: options.loginLimits } : {}),
    ...(saved.login === undefined ? {} : { state: saved.login }),
  })
  // DeFi positions and airdrops: none until the dev API sets them up (persisted with `stateFile`).
  const portfolio = createPortfolioFixtures({
    now: () => chain.clockMs(),
    ...(saved.portfolio === undefined ? {} : { initial: saved.portfolio }),
  })
  return {
    options,
    access,
    saved,
    guardianPrivateKey,
    relayer,
    sim,
    chainApp,
    chain,
    logger,
    faults: createFaultRegistry(),
    inbox,
    approval: createApprovalPolicy(options.approve ?? 'manual'),
    fund,
    login,
    portfolio,
    handsFree: createHandsFreeUser({ login, email: options.email }),
    // Starknet ID lives on the built-in chain's naming contract; a node has none (see nodeNames).
    names: options.node
      ? nodeNames()
      : createDevNames({
          chain: () => sim.chain,
          predeployed: () => sim.accounts,
          login,
          guardianPrivateKey,
        }),
    spending: createSpendingLedger(saved.spending),
    revocations: createRevocationList(saved.revocations),
    lookupName: (address) => (options.node ? undefined : lookupStarkName(sim, address)),
  }
}
