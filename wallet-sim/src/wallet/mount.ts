// One call that adds the hosted wallet to the wallet-sim express app: UI pages, the UI's HTTP API, the
// dev approvals endpoint, the router over HTTP at /trpc/<procedure>, and (once the HTTP server exists) the WebSocket router at /trpc.
import type { IncomingMessage, Server } from 'node:http'
import { createWalletRouter } from '@webwallet/protocol/router'
import type { Express } from 'express'
import '../chain/contracts/argent'
import type { ChainAccess } from '../node/access'
import type { RevocationList } from '../services/cosigner/revocations'
import type { ApprovalPolicy } from '../services/dev/approval'
import type { Inbox } from '../services/dev/inbox'
import type { LoginService } from '../services/login/LoginService'
import { type ApprovalQueue, createApprovalQueue } from './headless/approvals'
import { createHeadlessHandlers } from './headless/headlessMode'
import { createWalletHttpHandler, TRPC_HTTP_PATH } from './headless/http'
import { attachWalletWebSocket, TRPC_WS_PATH } from './headless/ws'
import { createApprovalsApi, createWalletPageApi } from './server/api'
import { createDecideApi } from './server/decideApi'
import { createWalletEvents, type WalletEvents } from './server/events'
import { createHandsFreeUser, type HandsFreeUser } from './server/handsFree'
import { Ledger } from './server/ledger'
import { createPermissions } from './server/permissions'
import { createSessionRegistry } from './server/sessions'
import { WalletService } from './server/WalletService'
import { createWalletUiRouter } from './static'

export interface WalletDependencies {
  /** The chain the wallet reads and submits to (the built-in chain in process, or the `--node`). */
  chain: ChainAccess
  login: LoginService
  /** The dev API's approval policy; it answers for the user over WebSocket. */
  approval: Pick<ApprovalPolicy, 'get' | 'decide'>
  /** The instance's cosigner key, the guardian of every account its login creates (app.ts: its own key). */
  guardianPrivateKey: string
  /** `--email`: the user a WebSocket connection without a token acts as (ignored when `handsFree` is given). */
  defaultEmail?: string
  /** The switchable hands-free user (`PUT /dev/user`); default: a fixed `defaultEmail`. */
  handsFree?: HandsFreeUser
  /**
   * Whether the wallet page may be answered by the approval policy for the dapp at `origin` (wallet-sim's
   * access rules: exact `--allow-dapp` origins and its own pages); `req` is the page's request. Default:
   * never, so the wallet page shows every prompt.
   */
  trustedOrigin?: (origin: string, req: IncomingMessage) => boolean
  /**
   * Hosts (any port) or exact origins on the iframe allow-list (`--allow-dapp`); default localhost and
   * 127.0.0.1. They decide who may frame /iframes/comms (CSP frame-ancestors) and which embedders the
   * wallet page answers. Acting as the `--email` user over /trpc is decided by `trustedPage`.
   */
  pageHosts?: readonly string[]
  /**
   * Whether a /trpc upgrade request may act as the `--email` user without a token (wallet-sim's access
   * rules: Node clients, its own pages, exact `--allow-dapp` origins); default: non-browser clients only.
   */
  trustedPage?: (req: IncomingMessage) => boolean
  /** The dev inbox, to log the `--email` user in without typing its code (`--approve auto` only). */
  inbox?: Pick<Inbox, 'latest'>
  /** Manual approvals over WebSocket time out (as a rejection) after this long. Default 5 minutes. */
  approvalTimeoutMs?: number
  /** Built UI directory; default wallet-sim/ui/dist. */
  uiDir?: string
  /** Saved connected origins (`wallet.permissions.snapshot()`), to restore after a restart. */
  permissions?: unknown
  /** Saved signed sessions (`wallet.sessions.snapshot()`), to restore after a restart. */
  sessions?: unknown
  /** The cosigner's revoked sessions: the Connected apps page revokes there, and reads them. Default: its own. */
  revocations?: RevocationList
}

export interface MountedWallet {
  wallet: WalletService
  approvals: ApprovalQueue
  /** The hands-free user (`--email`), switched by the dev API. */
  handsFree: HandsFreeUser
  /** The pushed account and network changes (`walletEvents`); `notify()` after a change they cannot see. */
  events: WalletEvents
  /** Serves the router over WebSocket at /trpc on `server`'s upgrades; returns the stop function. */
  attach(server: Server): () => Promise<void>
}

/**
 * Mounts the wallet: its pages and `/assets/*` (the UI), `/wallet/api/*`, `/wallet/approvals` (dev) and the
 * router over HTTP at `/trpc/<procedure>` (listeners.ts lists every route).
 *
 * @example
 * const { app, sim } = createServer(options)
 * const wallet = mountWallet(app, { chain: builtinAccess(() => sim.chain), login, approval })
 * const server = app.listen(3005)
 * wallet.attach(server)
 */
export function mountWallet(app: Express, deps: WalletDependencies): MountedWallet {
  const guardianPrivateKey = deps.guardianPrivateKey
  const wallet = new WalletService({
    ledger: new Ledger(deps.chain),
    guardianPrivateKey,
    permissions: createPermissions(deps.permissions),
    sessions: createSessionRegistry(deps.sessions),
    ...(deps.revocations ? { revocations: deps.revocations } : {}),
  })
  const approvals = createApprovalQueue({
    policy: deps.approval,
    ...(deps.approvalTimeoutMs === undefined ? {} : { timeoutMs: deps.approvalTimeoutMs }),
  })
  const handsFree = deps.handsFree ?? createHandsFreeUser({ login: deps.login, email: deps.defaultEmail })
  // Hands-free while the policy answers for the user (auto or reject); in manual mode the user logs in.
  const devLogin = async () => {
    const email = handsFree.current()
    if (email === undefined || deps.inbox === undefined || deps.approval.get() === 'manual') return undefined
    // The real login path, with the code read from the dev inbox instead of typed.
    deps.login.start(email)
    const code = deps.inbox.latest(email)?.code ?? ''
    const { token, user } = await deps.login.verify(email, code)
    handsFree.remember(token)
    return { token, email: user.email }
  }
  app.use(
    '/wallet/api/decide',
    createDecideApi({
      policy: deps.approval,
      trustedOrigin: deps.trustedOrigin ?? (() => false),
      login: deps.login,
    }),
  )
  app.use('/wallet/api', createWalletPageApi({ wallet, login: deps.login, devLogin }))
  app.use('/wallet/approvals', createApprovalsApi(approvals))
  // Pushed account and network changes: logins, logouts and connections notify by themselves.
  const events = createWalletEvents({ wallet, login: deps.login, currentEmail: () => handsFree.current() })
  handsFree.onSwitch?.(events.notify)
  const router = createWalletRouter({
    ...createHeadlessHandlers({
      wallet,
      login: deps.login,
      approvals,
      defaultEmail: () => handsFree.current(),
    }),
    walletEvents: events.subscribe,
  })
  // The bare path is the WebSocket's (the upgrade never reaches express): plain HTTP there gets the wallet
  // API's JSON error shape saying where to go, not express's HTML 404. Procedures answer under it (http.ts).
  app.all(TRPC_WS_PATH, (req, res) => {
    const message = `${req.method} ${TRPC_WS_PATH}: the wallet router answers over WebSocket here, over HTTP at ${TRPC_HTTP_PATH}/<procedure>`
    res.status(426).set('Upgrade', 'websocket').json({ code: 'UPGRADE_REQUIRED', message })
  })
  app.use(
    TRPC_HTTP_PATH,
    createWalletHttpHandler(router, { trustedPage: deps.trustedPage, pageHosts: deps.pageHosts }),
  )
  app.use(createWalletUiRouter(deps.uiDir, { allowedDapps: deps.pageHosts }))
  return {
    wallet,
    approvals,
    handsFree,
    events,
    attach: (server) => attachWalletWebSocket(server, router, { trustedPage: deps.trustedPage }),
  }
}
