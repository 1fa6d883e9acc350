// How the wallet page learns whether a prompt is answered for the user (`--approve auto|reject`, a test's
// one-shot answer) or shown. The page says which dapp asks (the message's event.origin); only a dapp that
// may use dev powers (an exact --allow-dapp origin) is answered by the policy, any other sees the screens.
import type { IncomingMessage } from 'node:http'
import { walletPage } from '@webwallet/protocol/services'
import express, { Router } from 'express'
import { unknownRoutes } from '../../infra/http/unknownRoutes'
import { validate } from '../../infra/http/validate'
import type { ApprovalPolicy } from '../../services/dev/approval'
import type { LoginService } from '../../services/login/LoginService'
import { optionalBearerToken } from '../../services/login/router'
import { walletErrors } from './api'

/**
 * `POST / {origin}` (mount at /wallet/api/decide) answers `{answer: 'manual' | 'approve' | 'reject'}` or
 * `{answer: 'fail', code, message?}`, taking the next one-shot answer when the origin is trusted. A login
 * token sent with it that the server no longer honours (logged out, switched by `PUT /dev/user`, expired)
 * answers 401 first, taking nothing: the page then reads its user again before it asks.
 *
 * @example
 * app.use('/wallet/api/decide', createDecideApi({ policy, trustedOrigin: access.trustedOrigin, login }))
 */
export function createDecideApi(deps: {
  policy: Pick<ApprovalPolicy, 'decide'>
  trustedOrigin: (origin: string, req: IncomingMessage) => boolean
  login?: Pick<LoginService, 'userOfToken'>
}): Router {
  const router = Router()
  router.use(express.json())
  router.post('/', (req, res) => {
    const { origin } = validate(walletPage.decide.Request, req.body, 'body')
    const token = optionalBearerToken(req)
    if (token !== undefined) deps.login?.userOfToken(token)
    const decision: walletPage.decide.Response = deps.policy.decide(deps.trustedOrigin(origin, req))
    res.json(decision)
  })
  router.use(unknownRoutes(router))
  router.use(walletErrors)
  return router
}
