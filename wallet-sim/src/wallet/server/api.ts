// The wallet UI's HTTP API (mount at /wallet/api). The UI calls it only after the user approved on screen;
// every route needs the login token (`Authorization: Bearer`). Errors answer `{code, message, data}`.
import { DEFAULT_TX_FEE_MAX_AMOUNTS } from '@webwallet/protocol'
import { isWebWalletError, serializeError } from '@webwallet/protocol/errors'
import { walletPage } from '@webwallet/protocol/services'
import express, { type ErrorRequestHandler, type Request, Router } from 'express'
import * as z from 'zod/mini'
import { HttpError, requestFault } from '../../infra/http/HttpError'
import { unknownRoutes } from '../../infra/http/unknownRoutes'
import { validate } from '../../infra/http/validate'
import { NodeUnreachable } from '../../node/rpcClient'
import type { LoginService } from '../../services/login/LoginService'
import { bearerToken, optionalBearerToken } from '../../services/login/router'
import { type DappRoute, type PolicyTable, requireConnection } from './connectionGuard'
import type { WalletService } from './WalletService'

// Requests are validated, and answers typed, by protocol's contract of this API (`walletPage.<route>`),
// which the wallet page parses every answer with.

export interface WalletPageApiDependencies {
  wallet: WalletService
  login: Pick<LoginService, 'userOfToken' | 'tokenStatus'>
  /**
   * Logs the `--email` user in without a code while the approval policy is `auto` (for tests);
   * undefined when that is off.
   */
  devLogin?: () => Promise<{ token: string; email: string } | undefined>
  /** Which procedures need a connected origin: protocol's `PROCEDURE_POLICIES` unless given (tests). */
  policies?: PolicyTable
}

/**
 * The wallet page's HTTP API (listeners.ts lists its routes). Routes acting for the dapp named by `origin` refuse
 * an origin the user did not connect where protocol's policy table says so (connectionGuard.ts); `POST /devLogin`
 * is the `--email` user without a code, while approvals are automatic.
 *
 * @example
 * app.use('/wallet/api', createWalletPageApi({ wallet, login }))
 */
export function createWalletPageApi(deps: WalletPageApiDependencies): Router {
  const { wallet } = deps
  const router = Router()
  router.use(express.json({ limit: '1mb' }))
  const userOf = (req: Request) => deps.login.userOfToken(bearerToken(req))
  const forDapp = dappGuard(wallet, deps.policies)

  router.get('/chainId', (_req, res) => {
    res.json({ chainId: wallet.chainId } satisfies walletPage.chainId.Response)
  })
  router.get('/account', async (req, res) => {
    const user = userOf(req)
    const { origin } = validate(walletPage.account.Query, req.query, 'query')
    res.json({
      ...(await wallet.account(user)),
      txFeeDefaults: DEFAULT_TX_FEE_MAX_AMOUNTS,
      feeTokens: wallet.feeTokens,
      // The chain's clock, as the account and the cosigner check expiry: the page judges by it, not its own.
      chainTime: Math.floor(await wallet.ledger.now()),
      // Who and whether in one round trip: the page's silent connect needs both.
      ...(origin === undefined ? {} : { connected: wallet.isConnected(user, origin) }),
    } satisfies walletPage.account.Response)
  })
  router.get('/permissions', (req, res) => {
    const { origin } = validate(walletPage.permissions.Query, req.query, 'query')
    res.json({ connected: wallet.isConnected(userOf(req), origin) } satisfies walletPage.permissions.Response)
  })
  // getLoginStatus for the wallet page: a status, never a 401 — no token, an unknown, logged-out or expired
  // one all answer `{isLoggedIn: false}`, as the router does over /trpc.
  router.get('/loginStatus', async (req, res) => {
    const { origin } = validate(walletPage.loginStatus.Query, req.query, 'query')
    const token = optionalBearerToken(req)
    const found = token === undefined ? undefined : deps.login.tokenStatus(token)
    const status: walletPage.loginStatus.Response =
      found?.status === 'active' ? await wallet.loginStatus(found.user, origin) : { isLoggedIn: false }
    res.json(status)
  })
  router.post('/connect', (req, res) => {
    const user = userOf(req)
    const { origin } = validate(walletPage.connect.Request, req.body, 'body')
    forDapp('POST /connect', user, origin)
    wallet.connect(user, origin)
    res.json({
      account: [user.account.address],
      chainId: wallet.chainId,
    } satisfies walletPage.connect.Response)
  })
  router.post('/disconnect', (req, res) => {
    const user = userOf(req)
    wallet.disconnect(user, validate(walletPage.disconnect.Request, req.body, 'body').origin)
    res.status(204).end()
  })
  mountUserActions(router, wallet, userOf, forDapp)
  router.post('/devLogin', async (_req, res) => {
    const login = await deps.devLogin?.()
    if (login === undefined)
      throw new HttpError(404, 'NOT_FOUND', 'No automatic login (needs --email and --approve auto)')
    res.json(login satisfies walletPage.devLogin.Response)
  })
  // Answered only for an origin the user connected (422 CONNECTOR_NOT_CONNECTED otherwise).
  router.get('/deploymentData', (req, res) => {
    const user = userOf(req)
    const { origin } = validate(walletPage.deploymentData.Query, req.query, 'query')
    forDapp('GET /deploymentData', user, origin)
    const data: walletPage.deploymentData.Response = wallet.deploymentData(user, origin)
    res.json(data)
  })

  router.use(unknownRoutes(router))
  router.use(walletErrors)
  return router
}

/** What the logged-in user does through the page: sign, send, review, and the Connected apps page. */
function mountUserActions(
  router: Router,
  wallet: WalletPageApiDependencies['wallet'],
  userOf: (req: Request) => ReturnType<WalletPageApiDependencies['login']['userOfToken']>,
  forDapp: ReturnType<typeof dappGuard>,
): void {
  router.post('/signTypedData', (req, res) => {
    const user = userOf(req)
    const { origin, typedData } = validate(walletPage.signTypedData.Request, req.body, 'body')
    forDapp('POST /signTypedData', user, origin)
    res.json({
      signature: wallet.signTypedData(user, typedData, origin),
    } satisfies walletPage.signTypedData.Response)
  })
  router.post('/signSession', async (req, res) => {
    const user = userOf(req)
    const { origin, request } = validate(walletPage.signSession.Request, req.body, 'body')
    forDapp('POST /signSession', user, origin)
    const result: walletPage.signSession.Response = await wallet.signSession(user, request, origin)
    wallet.connect(user, origin)
    res.json(result)
  })
  router.post('/execute', async (req, res) => {
    const user = userOf(req)
    const { origin, calls } = validate(walletPage.execute.Request, req.body, 'body')
    forDapp('POST /execute', user, origin)
    res.json({ transactionHash: await wallet.execute(user, calls) } satisfies walletPage.execute.Response)
  })
  // What the review screen shows before the user confirms: the fee estimate and the called contracts' names.
  router.post('/review', async (req, res) => {
    const user = userOf(req)
    const { origin, calls } = validate(walletPage.review.Request, req.body, 'body')
    forDapp('POST /review', user, origin)
    const review: walletPage.review.Response = await wallet.review(user, calls)
    res.json(review)
  })
  // Names for the session consent's contracts (the review gets them with its estimate).
  router.post('/contractNames', async (req, res) => {
    userOf(req)
    const { addresses } = validate(walletPage.contractNames.Request, req.body, 'body')
    res.json({ contracts: await wallet.contractNames(addresses) } satisfies walletPage.contractNames.Response)
  })
  // The Connected apps page: the user's apps and sessions, and the revocation of one.
  router.get('/apps', async (req, res) => {
    res.json(await wallet.apps(userOf(req)))
  })
  router.post('/revokeSession', async (req, res) => {
    const user = userOf(req)
    const { sessionHash } = validate(walletPage.revokeSession.Request, req.body, 'body')
    res.json(await wallet.revokeSession(user, sessionHash))
  })
}

/**
 * The connection check of a route that acts for a dapp (connectionGuard.ts: protocol's policy table decides
 * which need one), before the route signs, estimates or sends anything.
 */
function dappGuard(wallet: Pick<WalletService, 'isConnected'>, policies?: PolicyTable) {
  return (route: DappRoute, user: Parameters<WalletService['isConnected']>[0], origin: string): void =>
    requireConnection(route, () => wallet.isConnected(user, origin), policies)
}

/**
 * HttpError keeps its status; a fault of the request itself (malformed JSON, ...) is a 400; our coded errors
 * answer 422 with `{code, message, data}`; a `--node` that does not answer 503 NODE_UNREACHABLE (worth a
 * retry: the review screen offers one); the rest 500.
 */
export const walletErrors: ErrorRequestHandler = (error: unknown, _req, res, _next) => {
  const fault = requestFault(error)
  if (error instanceof HttpError) {
    res.status(error.status).json({ code: error.code, message: error.message })
  } else if (fault) {
    res.status(fault.status).json({ code: 'BAD_REQUEST', message: fault.message })
  } else if (isWebWalletError(error)) {
    res.status(422).json(serializeError(error))
  } else if (error instanceof NodeUnreachable) {
    res.status(503).json({ code: 'NODE_UNREACHABLE', message: error.message })
  } else {
    res.status(500).json(serializeError(new Error('Internal error')))
  }
}

/**
 * The dev approval endpoint for headless clients in manual mode (mount at /wallet/approvals):
 * `GET /` lists pending approvals, `POST /:id {approve: boolean}` answers one.
 *
 * @example
 * app.use('/wallet/approvals', createApprovalsApi(approvals))
 */
export function createApprovalsApi(approvals: {
  pending(): unknown[]
  answer(id: string, approved: boolean): boolean
}): Router {
  const router = Router()
  router.use(express.json())
  router.get('/', (_req, res) => {
    res.json({ approvals: approvals.pending() })
  })
  router.post('/:id', (req, res) => {
    const { approve } = validate(z.object({ approve: z.boolean() }), req.body, 'body')
    if (!approvals.answer(String(req.params.id), approve)) {
      throw new HttpError(404, 'NOT_FOUND', `No pending approval ${String(req.params.id)}`)
    }
    res.json({ id: req.params.id, approved: approve })
  })
  router.use(unknownRoutes(router))
  router.use(walletErrors)
  return router
}
