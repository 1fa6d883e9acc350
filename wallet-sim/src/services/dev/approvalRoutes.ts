// The dev API's control of the wallet's answers: the approval mode, one-shot answers for the next request
// (approve, reject, fail with a code), and the user the wallet logs in hands-free (`--email`).
import type { Router } from 'express'
import * as z from 'zod/mini'
import { HttpError } from '../../infra/http/HttpError'
import { validate } from '../../infra/http/validate'
import { ApprovalDirective, ApprovalMode, type ApprovalPolicy } from './approval'

/** The user the wallet acts as without a code (`--email`), which the dev API can switch. */
export interface DevUser {
  /** The current hands-free user's e-mail, if there is one. */
  current(): string | undefined
  /**
   * Makes `email` the hands-free user (creating its account on first use) and logs out the logins made
   * hands-free for the previous one, so open wallet pages log in again as the new user.
   */
  switchTo(email: string): Promise<{ email: string; address: string }>
}

const Email = z.pipe(
  z.email('Invalid e-mail address'),
  z.transform((email) => email.toLowerCase()),
)
const ApprovalBody = z.object({ mode: ApprovalMode })
const UserBody = z.object({ email: Email })
// Checked first, so that a wrong action is named rather than reported as a union mismatch.
const NextAction = z.object({
  action: z.enum(['approve', 'reject', 'fail'], 'action must be approve, reject or fail'),
})

/**
 * Adds `GET|PUT /approval`, `POST|DELETE /approval/next` and `GET|PUT /user` to the dev router.
 *
 * @example
 * approvalRoutes(router, { approval, user })
 */
export function approvalRoutes(
  router: Router,
  deps: { approval: ApprovalPolicy; user?: DevUser | undefined },
) {
  const { approval } = deps
  const state = () => ({ mode: approval.get(), next: approval.queued() })

  router.get('/approval', (_req, res) => {
    res.json(state())
  })
  router.put('/approval', (req, res) => {
    const { mode } = validate(ApprovalBody, req.body, 'body')
    approval.set(mode)
    res.json({ mode: approval.get() })
  })
  router.post('/approval/next', (req, res) => {
    validate(NextAction, req.body, 'body')
    const directive = validate(ApprovalDirective, req.body, 'body')
    approval.queue(directive)
    res.status(201).json(state())
  })
  router.delete('/approval/next', (_req, res) => {
    approval.clearQueue()
    res.status(204).end()
  })

  router.get('/user', (_req, res) => {
    res.json({ email: deps.user?.current() ?? null })
  })
  router.put('/user', async (req, res) => {
    const { email } = validate(UserBody, req.body, 'body')
    if (deps.user === undefined)
      throw new HttpError(404, 'NOT_FOUND', 'This simulator has no hands-free user')
    res.json(await deps.user.switchTo(email))
  })
}
