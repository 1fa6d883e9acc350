import express, { type ErrorRequestHandler, type Request, Router } from 'express'
import * as z from 'zod/mini'
import { HttpError, handleErrors } from '../../infra/http/HttpError'
import { unknownRoutes } from '../../infra/http/unknownRoutes'
import { validate } from '../../infra/http/validate'
import type { LoginService } from './LoginService'

const Email = z.email('Invalid e-mail address')
const StartBody = z.object({ email: Email })
const VerifyBody = z.object({
  email: Email,
  code: z.string().check(z.regex(/^[0-9]{6}$/, 'The code has 6 digits')),
})

/**
 * The e-mail login API (mount it at `/login`): `POST /start {email}`, `POST /verify {email, code}` →
 * `{token, user}`, `GET /me` and `POST /logout` with `Authorization: Bearer <token>`. A code is tied to the
 * client IP (`req.ip`) that asked for it and is entered from there. `/start` is limited per e-mail and
 * client, per client and per e-mail: over a limit it answers 429 with `Retry-After`.
 *
 * @example
 * app.use('/login', createLoginRouter(login))
 */
export function createLoginRouter(login: LoginService): Router {
  const router = Router()
  router.use(express.json())

  router.post('/start', (req, res) => {
    const { email } = validate(StartBody, req.body, 'body')
    res.json({ sent: true, ...login.requestCode(email, clientOf(req)) })
  })
  router.post('/verify', async (req, res) => {
    const { email, code } = validate(VerifyBody, req.body, 'body')
    res.json(await login.verify(email, code, clientOf(req)))
  })
  router.get('/me', (req, res) => {
    res.json(login.me(bearerToken(req)))
  })
  router.post('/logout', (req, res) => {
    login.logout(bearerToken(req))
    res.status(204).end()
  })

  router.use(unknownRoutes(router))
  router.use(retryAfterHeader)
  router.use(handleErrors)
  return router
}

/** The client's IP as express sees it (the socket's peer unless the app trusts a proxy). */
const clientOf = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown'

/** A refusal that says when to come back (`retryAfter`, seconds) says it in the `Retry-After` header too. */
const retryAfterHeader: ErrorRequestHandler = (error: unknown, _req, res, next) => {
  const retryAfter = error instanceof HttpError ? error.details.retryAfter : undefined
  if (typeof retryAfter === 'number') res.set('Retry-After', String(retryAfter))
  next(error)
}

/** The token of an `Authorization: Bearer <token>` header, or a 401. */
export function bearerToken(req: Request): string {
  const token = optionalBearerToken(req)
  if (token === undefined) throw new HttpError(401, 'UNAUTHORIZED', 'Not logged in')
  return token
}

/** The token of an `Authorization: Bearer <token>` header, or undefined when there is none (or it is malformed). */
export function optionalBearerToken(req: Request): string | undefined {
  return /^Bearer ([0-9a-f]{64})$/.exec(req.headers.authorization ?? '')?.[1]
}
