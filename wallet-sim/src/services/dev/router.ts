import express, { Router } from 'express'
import * as z from 'zod/mini'
import { HttpError, handleErrors } from '../../infra/http/HttpError'
import { Address, Amount } from '../../infra/http/schemas'
import { unknownRoutes } from '../../infra/http/unknownRoutes'
import { validate } from '../../infra/http/validate'
import type { PortfolioFixtures } from '../backend/setups'
import { STRK_ADDRESS } from '../backend/tokens'
import type { ApprovalPolicy } from './approval'
import { approvalRoutes, type DevUser } from './approvalRoutes'
import { type FaultRegistry, FaultSpec } from './faults'
import type { Inbox } from './inbox'
import type { DevNames } from './names'
import { type DevGate, devGuard, nonBrowsersOnly, pageCors } from './pageCors'
import { airdropsBody, defiBody } from './portfolioBodies'
import { StarkName } from './starkName'

/** The chain's clock, in seconds since the epoch (block timestamps follow it). */
export interface DevClock {
  now(): number | bigint | Promise<number | bigint>
  set(seconds: number): void | Promise<void>
  increase(seconds: number): void | Promise<void>
}

/** An account as the dev API lists it. */
export interface DevAccount {
  address: string
  email?: string
  ownerPublicKey?: string
  deployed?: boolean
}

/** Account operations the dev API delegates (the login service and the chain provide them). */
export interface DevAccounts {
  list(): DevAccount[] | Promise<DevAccount[]>
  /** Create the user for `email` (owner key, counterfactual account, test funds); idempotent. */
  create(email: string): DevAccount | Promise<DevAccount>
  fund(address: string, token: string, amount: bigint): void | Promise<void>
}

export interface DevDependencies {
  inbox: Inbox
  approval: ApprovalPolicy
  faults: FaultRegistry
  clock: DevClock
  accounts: DevAccounts
  /** Starknet ID names registered through real transactions; without it there are no name routes. */
  names?: DevNames
  /** The DeFi positions and airdrops the portfolio backend reports; without it there are no such routes. */
  portfolio?: PortfolioFixtures
  /** The hands-free user (`--email`) that `PUT /dev/user` switches; without it that route answers 404. */
  user?: DevUser
  /**
   * Why a request may not use the dev API at all (wallet-sim passes its access rules: foreign pages and
   * Hosts it does not answer are refused); default: every browser request (one with an Origin) is refused.
   */
  gate?: DevGate
}

const Email = z.pipe(
  z.email('Invalid e-mail address'),
  z.transform((email) => email.toLowerCase()),
)
const EmailParams = z.object({ email: Email })
const TimeBody = z
  .object({
    set: z.optional(z.int().check(z.minimum(0))),
    increase: z.optional(z.int().check(z.minimum(0))),
  })
  .check(
    z.refine((body) => body.set !== undefined || body.increase !== undefined, {
      message: 'Give set or increase (seconds)',
    }),
  )
const CreateAccountBody = z.object({ email: Email })
const AccountParams = z.object({ address: Address })
const FundBody = z.object({ token: z.optional(Address), amount: Amount })
const NameBody = z.object({ name: StarkName })

/**
 * The dev control API (mount it at `/dev`): inbox, approval policy and one-shot answers, hands-free user, clock, accounts, Starknet ID names,
 * DeFi positions and airdrops, and fault injection. Local tooling only — it has no authentication, so browsers are kept out by `gate`.
 *
 * @example
 * app.use(faultInjector(faults))
 * app.use('/dev', createDevRouter({ inbox, approval, faults, clock, accounts, names }))
 */
export function createDevRouter(deps: DevDependencies): Router {
  const router = Router()
  router.use(devGuard(deps.gate ?? nonBrowsersOnly))
  // Before the body parser, so that a malformed body's 400 is readable by the page too.
  if (deps.names) router.use('/accounts/:address/name', pageCors)
  // The demo's "Add sample DeFi positions and an airdrop" button calls these from the page.
  if (deps.portfolio) router.use(['/accounts/:address/defi', '/accounts/:address/airdrops'], pageCors)
  router.use(express.json())

  router.get('/inbox', (_req, res) => {
    res.json({ messages: deps.inbox.all() })
  })
  router.get('/inbox/:email', (req, res) => {
    const { email } = validate(EmailParams, req.params, 'params')
    const mail = deps.inbox.latest(email)
    if (mail === undefined) throw new HttpError(404, 'NOT_FOUND', `No mail for ${email}`)
    res.json(mail)
  })

  approvalRoutes(router, deps)

  router.get('/time', async (_req, res) => {
    res.json({ time: Number(await deps.clock.now()) })
  })
  router.post('/time', async (req, res) => {
    const body = validate(TimeBody, req.body, 'body')
    if (body.set !== undefined) await deps.clock.set(body.set)
    if (body.increase !== undefined) await deps.clock.increase(body.increase)
    res.json({ time: Number(await deps.clock.now()) })
  })

  router.get('/accounts', async (_req, res) => {
    res.json({ accounts: await deps.accounts.list() })
  })
  router.post('/accounts', async (req, res) => {
    const { email } = validate(CreateAccountBody, req.body, 'body')
    res.status(201).json(await deps.accounts.create(email))
  })
  router.post('/accounts/:address/fund', async (req, res) => {
    const { address } = validate(AccountParams, req.params, 'params')
    const { token = STRK_ADDRESS, amount } = validate(FundBody, req.body, 'body')
    await deps.accounts.fund(address, token, amount)
    res.json({ address, token, amount: amount.toString() })
  })
  const names = deps.names
  if (names) {
    router.get('/accounts/:address/name', (req, res) => {
      const { address } = validate(AccountParams, req.params, 'params')
      res.json({ address, name: names.nameOf(address) ?? null })
    })
    router.post('/accounts/:address/name', async (req, res) => {
      const { address } = validate(AccountParams, req.params, 'params')
      const { name } = validate(NameBody, req.body, 'body')
      res.status(201).json(await names.register(address, name))
    })
  }

  const portfolio = deps.portfolio
  if (portfolio) {
    router.post('/accounts/:address/defi', (req, res) => {
      const { address } = validate(AccountParams, req.params, 'params')
      res.status(201).json(portfolio.setDefi(address, defiBody(req.body)))
    })
    router.delete('/accounts/:address/defi', (req, res) => {
      const { address } = validate(AccountParams, req.params, 'params')
      portfolio.clearDefi(address)
      res.status(204).end()
    })
    router.post('/accounts/:address/airdrops', (req, res) => {
      const { address } = validate(AccountParams, req.params, 'params')
      res.status(201).json({ airdrops: portfolio.setAirdrops(address, airdropsBody(req.body)) })
    })
    router.delete('/accounts/:address/airdrops', (req, res) => {
      const { address } = validate(AccountParams, req.params, 'params')
      portfolio.clearAirdrops(address)
      res.status(204).end()
    })
  }

  router.get('/faults', (_req, res) => {
    res.json({ faults: deps.faults.list() })
  })
  router.post('/faults', (req, res) => {
    const spec = validate(FaultSpec, req.body, 'body')
    res.status(201).json(deps.faults.add(spec))
  })
  router.delete('/faults', (_req, res) => {
    deps.faults.clear()
    res.status(204).end()
  })

  // GET /dev itself is the app's route list.
  router.use(unknownRoutes(router, { also: { '/': ['GET'] } }))
  router.use(handleErrors)
  return router
}
