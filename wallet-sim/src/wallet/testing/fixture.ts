// Test fixture: a chain, the login service with real Argent accounts, the wallet service, the approval
// policy, and a memory client that speaks the trpc-browser envelope to any router.

import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { AnyTRPCRouter } from '@trpc/server'
import { type EnvelopeError, type EnvelopeResult, parseEnvelope, requestEnvelope } from '@webwallet/protocol'
import { createWalletRouter } from '@webwallet/protocol/router'
import '../../chain/contracts/argent'
import { erc20Mint } from '../../chain/contracts/erc20'
import { createChain } from '../../chain/genesis'
import { builtinAccess } from '../../node/builtin'
import { createApprovalPolicy } from '../../services/dev/approval'
import { createInbox } from '../../services/dev/inbox'
import { randomStarkKey } from '../../services/keys'
import { LoginService } from '../../services/login/LoginService'
import { createApprovalQueue } from '../headless/approvals'
import { createHeadlessHandlers } from '../headless/headlessMode'
import { attachWalletWebSocket, type WalletWebSocketOptions } from '../headless/ws'
import { createEnvelopeServer } from '../page'
import { argentAccountFactory } from '../server/account'
import { Ledger } from '../server/ledger'
import { WalletService } from '../server/WalletService'

/** 2026-01-01T00:00:00Z. */
export const NOW = 1_767_225_600

export interface WalletFixtureOptions {
  initialFunds?: { token: string; amount: bigint }[]
  /** The login service's wall clock (codes, token expiry), in ms; default `Date.now`. */
  loginClock?: () => number
}

export function walletFixture(options: WalletFixtureOptions = {}) {
  const { chain } = createChain({ accounts: 1, clock: () => NOW * 1000 })
  const inbox = createInbox()
  // The fixture's own guardian, as each wallet-sim has its own.
  const guardianPrivateKey = randomStarkKey()
  const login = new LoginService({
    inbox,
    logger: { info: () => {} },
    accounts: { createAccountFor: argentAccountFactory(guardianPrivateKey) },
    fund: (address, token, amount) => {
      erc20Mint(chain.pending, BigInt(token), BigInt(address), amount)
    },
    ...(options.initialFunds ? { initialFunds: options.initialFunds } : {}),
    ...(options.loginClock ? { clock: options.loginClock } : {}),
  })
  const ledger = new Ledger(builtinAccess(() => chain))
  const wallet = new WalletService({ ledger, guardianPrivateKey })
  const policy = createApprovalPolicy('auto')
  const approvals = createApprovalQueue({ policy })
  /** Logs `email` in with the code from the inbox; returns the token and the user. */
  const logIn = async (email: string) => {
    login.start(email)
    const code = inbox.latest(email)?.code ?? ''
    const { token } = await login.verify(email, code)
    return { token, user: login.userOfToken(token) }
  }
  return { chain, inbox, login, ledger, wallet, policy, approvals, logIn, guardianPrivateKey }
}

export type WalletFixture = ReturnType<typeof walletFixture>

/** What a call answered: the result envelope's data, or the error envelope's error. */
export type MemoryAnswer = { ok: true; data: unknown } | { ok: false; error: EnvelopeError['trpc']['error'] }

/**
 * Calls a router through the envelope server over an in-memory port, checking every answer with `parseEnvelope`.
 *
 * @example
 * const client = memoryClient(router, { origin: 'https://dapp.example' })
 * await client.mutate('requestChainId')
 */
export function memoryClient(router: AnyTRPCRouter, ctx: object) {
  const server = createEnvelopeServer({ router, createContext: () => ctx })
  let counter = 0
  return {
    mutate(path: string, input?: unknown): Promise<MemoryAnswer> {
      counter += 1
      const id = `m${counter}`
      return new Promise((resolve, reject) => {
        const port = {
          post(message: unknown) {
            const envelope = parseEnvelope(message)
            if (envelope?.kind === 'error') resolve({ ok: false, error: envelope.message.trpc.error })
            else if (envelope?.kind === 'result')
              resolve({ ok: true, data: (envelope.message as EnvelopeResult).trpc.result.data })
            else reject(new Error(`not an answer envelope: ${JSON.stringify(message)}`))
          },
        }
        server.receive(requestEnvelope(id, 'mutation', path, input), port)
      })
    },
    close: () => server.close(),
  }
}

/**
 * The headless wallet of `fx` (`email` its `--email` user) over WebSocket at /trpc on a free port of 127.0.0.1.
 *
 * @example
 * const served = await serveHeadlessWebSocket(fx, 'bot@example.com')
 * const socket = new WebSocket(served.url)
 */
export async function serveHeadlessWebSocket(
  fx: WalletFixture,
  email: string,
  options: WalletWebSocketOptions = {},
): Promise<{ url: string; close(): Promise<void> }> {
  const router = createWalletRouter(
    createHeadlessHandlers({
      wallet: fx.wallet,
      login: fx.login,
      approvals: fx.approvals,
      defaultEmail: () => email,
    }),
  )
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const stop = attachWalletWebSocket(server, router, options)
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/trpc`,
    async close() {
      await stop()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
