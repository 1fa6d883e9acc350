import express, { type Request, Router } from 'express'
import * as z from 'zod/mini'
import { HttpError, handleErrors } from '../http/HttpError'
import { validate } from '../http/validate'
import type { LoginService } from './LoginService'

const Email = z.email('Invalid e-mail address')
const StartBody = z.object({ email: Email })
const VerifyBody = z.object({
  email: Email,
  code: z.string().check(z.regex(/^[0-9]{6}$/, 'The code has 6 digits')),
})

/**
 * The e-mail login API (mount it at `/login`): `POST /start {email}`, `POST /verify {email, code}` →
 * `{token, user}`, `GET /me` and `POST /logout` with `Authorization: Bearer <token>`.
 *
 * @example
 * app.use('/login', createLoginRouter(login))
 */
export function createLoginRouter(login: LoginService): Router {
  const router = Router()
  router.use(express.json())

  router.post('/start', (req, res) => {
    const { email } = validate(StartBody, req.body, 'body')
    res.json({ sent: true, ...login.start(email) })
  })
  router.post('/verify', async (req, res) => {
    const { email, code } = validate(VerifyBody, req.body, 'body')
    res.json(await login.verify(email, code))
  })
  router.get('/me', (req, res) => {
    res.json(login.me(bearerToken(req)))
  })
  router.post('/logout', (req, res) => {
    login.logout(bearerToken(req))
    res.status(204).end()
  })

  router.use(handleErrors)
  return router
}

/** The token of an `Authorization: Bearer <token>` header, or a 401. */
export function bearerToken(req: Request): string {
  const match = /^Bearer ([0-9a-f]{64})$/.exec(req.headers.authorization ?? '')
  if (match?.[1] === undefined) throw new HttpError(401, 'UNAUTHORIZED', 'Not logged in')
  return match[1]
}
