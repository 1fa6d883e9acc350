// Test helper: the wallet core in either mode behind the envelope server, driven the same way — a client
// at DAPP, and the user's answer to each consent (a screen in the page, the approval queue headless) — so
// one test body runs over both modes, as tRPC runs one body over every link.
import { type EnvelopeError, parseEnvelope, requestEnvelope, stopEnvelope } from '@webwallet/protocol'
import { createWalletRouter } from '@webwallet/protocol/router'
import type { PromptKind } from '@webwallet/protocol/wallet'
import { expect, vi } from 'vitest'
import { createPromptQueue } from '../core'
import { createHeadlessHandlers } from '../headless/headlessMode'
import {
  type Account,
  createEnvelopeServer,
  createPageHandlers,
  type EnvelopePort,
  type PageClient,
} from '../page'
import { walletFixture } from './fixture'

export const DAPP = 'https://dapp.example'
export type ModeName = 'page' | 'headless'
export type Answer = { data?: unknown; error?: EnvelopeError['trpc']['error'] }

export interface Harness {
  mode: ModeName
  /** The logged-in user's address ('' when nobody is). */
  address: string
  chainId: string
  mutate(path: string, input?: unknown): Promise<Answer>
  /** The dapp gives up on its latest request (tRPC's stop message by the request's id). */
  stopLatest(): void
  /** Waits for the consent of `kind` and answers it (headless: the approval queue, its policy manual). */
  answer(kind: Exclude<PromptKind, 'login'>, approved: boolean): Promise<void>
  /** Refuses the login a logged-out request asks for (headless has no login to ask for: nothing). */
  refuseLogin(): Promise<void>
  /** Nothing waits for the user. */
  idle(): boolean
  /** How many times the wallet signed or sent something. */
  signed(): number
  close(): void
}

/** Calls `router` through the envelope server, as the app at DAPP does. */
function envelopeClient(router: ReturnType<typeof createWalletRouter>, ctx: object) {
  const server = createEnvelopeServer({ router, createContext: () => ctx })
  let id = 0
  const ports = new Map<number, EnvelopePort>()
  const mutate = (path: string, input?: unknown) =>
    new Promise<Answer>((resolve) => {
      id += 1
      const port: EnvelopePort = {
        post(message) {
          const envelope = parseEnvelope(message)
          if (envelope?.kind === 'result') resolve({ data: envelope.message.trpc.result.data })
          if (envelope?.kind === 'error') resolve({ error: envelope.message.trpc.error })
        },
      }
      ports.set(id, port)
      server.receive(requestEnvelope(id, 'mutation', path, input), port)
    })
  const stopLatest = () => {
    const port = ports.get(id)
    if (port !== undefined) server.receive(stopEnvelope(id), port)
  }
  return { mutate, stopLatest, server }
}

export const PAGE_ACCOUNT: Account = {
  email: 'ann@example.com',
  address: '0x0123',
  chainId: '0x534e5f5345504f4c4941',
  deployed: false,
  balances: { STRK: '0', ETH: '0' },
}

/** The page mode over a fake /wallet/api (a map of connected origins), its screens answered by the test. */
function pageHarness(loggedIn: boolean): Harness {
  const connected = new Set<string>()
  let signed = 0
  const api = {
    isLoggedIn: () => loggedIn,
    email: () => (loggedIn ? PAGE_ACCOUNT.email : undefined),
    devLogin: async () => false,
    decide: async () => ({ answer: 'manual' as const }),
    account: async () => PAGE_ACCOUNT,
    chainId: async () => PAGE_ACCOUNT.chainId,
    isConnected: async (origin: string) => connected.has(origin),
    connect: async (origin: string) => {
      connected.add(origin)
      return { account: [PAGE_ACCOUNT.address], chainId: PAGE_ACCOUNT.chainId }
    },
    signTypedData: async () => {
      signed += 1
      return ['0x2', '0x0', '0x1', '0x2', '0x3', '0x0', '0x4', '0x5', '0x6']
    },
    signSession: async () => {
      signed += 1
      return { account: [PAGE_ACCOUNT.address], signature: ['0x1'] }
    },
    execute: async () => {
      signed += 1
      return '0xabc'
    },
    deploymentData: async () => ({
      address: '0x1',
      class_hash: '0x2',
      salt: '0x3',
      calldata: [],
      version: 1 as const,
    }),
    logout: async () => {
      loggedIn = false
    },
    loginStatus: async (origin: string) =>
      loggedIn
        ? { isLoggedIn: true, hasSession: false, isPreauthorized: connected.has(origin) }
        : { isLoggedIn: false },
  } satisfies Partial<PageClient>
  const prompts = createPromptQueue()
  const router = createWalletRouter(
    createPageHandlers({ api: api as unknown as PageClient, prompts, isListed: (origin) => origin === DAPP }),
  )
  const { mutate, stopLatest, server } = envelopeClient(router, { origin: DAPP })
  const answerPrompt = async (kind: PromptKind, approved: boolean) => {
    await vi.waitFor(() => expect(prompts.current()?.kind).toBe(kind))
    expect(prompts.current()?.origin).toBe(DAPP)
    prompts.current()?.answer(approved)
  }
  return {
    mode: 'page',
    address: loggedIn ? PAGE_ACCOUNT.address : '',
    chainId: PAGE_ACCOUNT.chainId,
    mutate,
    stopLatest,
    answer: answerPrompt,
    refuseLogin: () => answerPrompt('login', false),
    idle: () => prompts.current() === undefined,
    signed: () => signed,
    close: () => server.close(),
  }
}

/** The headless mode over a real WalletService, its approvals answered from the queue. */
async function headlessHarness(loggedIn: boolean): Promise<Harness> {
  const fx = walletFixture()
  fx.policy.set('manual')
  const login = loggedIn ? await fx.logIn('ann@example.com') : undefined
  let signed = 0
  const wallet = new Proxy(fx.wallet, {
    get(target, key) {
      // Read on the service itself: its getters use private fields.
      const value = Reflect.get(target, key)
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        if (key === 'signTypedData' || key === 'signSession' || key === 'execute') signed += 1
        return value.apply(target, args)
      }
    },
  })
  const router = createWalletRouter(
    createHeadlessHandlers({ wallet, login: fx.login, approvals: fx.approvals }),
  )
  const { mutate, stopLatest, server } = envelopeClient(router, {
    origin: DAPP,
    ...(login ? { token: login.token } : {}),
  })
  return {
    mode: 'headless',
    address: login?.user.account.address ?? '',
    chainId: fx.wallet.chainId,
    mutate,
    stopLatest,
    async answer(kind, approved) {
      await vi.waitFor(() => expect(fx.approvals.pending()[0]?.kind).toBe(kind))
      const [approval] = fx.approvals.pending()
      expect(approval?.origin).toBe(DAPP)
      fx.approvals.answer(approval?.id ?? '', approved)
    },
    refuseLogin: async () => {},
    idle: () => fx.approvals.pending().length === 0,
    signed: () => signed,
    close: () => server.close(),
  }
}

/**
 * The wallet core in `mode`, a user logged in or not.
 *
 * @example
 * const wallet = await harness('headless', { loggedIn: true })
 * const connected = wallet.mutate('connect')
 * await wallet.answer('connect', true)
 */
export function harness(mode: ModeName, options: { loggedIn: boolean }): Promise<Harness> {
  return mode === 'page' ? Promise.resolve(pageHarness(options.loggedIn)) : headlessHarness(options.loggedIn)
}
