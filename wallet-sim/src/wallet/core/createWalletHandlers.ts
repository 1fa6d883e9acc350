// The wallet router's procedures, written once over a WalletMode: what each needs first (login,
// connection) is read from protocol's per-procedure policy table at run time; the mode decides who the
// user is, how they log in and how a consent is answered.
import type { Call, ModalEvent, SessionSignRequest, TypedData } from '@webwallet/protocol'
import {
  ConnectAndSignSessionError,
  ConnectorNotConnectedError,
  ServiceUnreachableError,
  UserRejectedError,
} from '@webwallet/protocol/errors'
import type { MutationName } from '@webwallet/protocol/procedures'
import type { WalletContext, WalletHandlers } from '@webwallet/protocol/router'
import { respellTypedData } from '@webwallet/protocol/typedData'
import { PROCEDURE_POLICIES, procedurePolicy } from '@webwallet/protocol/wallet'
import { checkSessionRequest, checkTypedData, feltCalls } from './checks'
import type { Prompt, WalletMode } from './mode'

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Any failure as connectAndSignSession reports it: its own coded errors and an unreachable service as they
 * are, others GENERIC_ERROR.
 */
const sessionFailure = (error: unknown) =>
  error instanceof ConnectAndSignSessionError || error instanceof ServiceUnreachableError
    ? error
    : new ConnectAndSignSessionError(messageOf(error), 'GENERIC_ERROR', { cause: error })

/** The updateModal stream of a wallet without a modal (headless): open and silent until the client stops it. */
async function* silentModal(signal: AbortSignal | undefined): AsyncIterable<ModalEvent> {
  if (signal === undefined || signal.aborted) return
  await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }))
}

/**
 * The steps the procedures share, over a mode: who the user is (logging in, or a connected origin's user, as
 * the policy table's row says), the consents, and the signing and sending after them.
 */
function walletSteps<U>(mode: WalletMode<U>) {
  const { backend } = mode
  /** The user, asking them to log in when nobody is; undefined when they refuse (or cannot). */
  const loggedIn = async (ctx: WalletContext): Promise<U | undefined> =>
    (await mode.user(ctx)) ?? (await mode.logIn(ctx))
  const ask = async (prompt: Prompt, ctx: WalletContext) => {
    if (!(await mode.approve(prompt, ctx))) throw new UserRejectedError()
  }
  /** The user when this origin is connected; undefined otherwise (never asks anything). */
  const connectedUser = async (ctx: WalletContext): Promise<U | undefined> => {
    const user = await mode.user(ctx)
    return user !== undefined && (await backend.isConnected(user, ctx.origin)) ? user : undefined
  }
  /**
   * The user `procedure` needs, as its row of protocol's policy table says: the user of a connected origin
   * (`connection`: never asking; CONNECTOR_NOT_CONNECTED otherwise), else a login (asking when nobody is).
   */
  const userFor = async (procedure: MutationName, ctx: WalletContext): Promise<U> => {
    const { connection } = PROCEDURE_POLICIES[procedure]
    const user = connection ? await connectedUser(ctx) : await loggedIn(ctx)
    if (user === undefined) throw connection ? new ConnectorNotConnectedError() : new UserRejectedError()
    return user
  }
  /** Logs in (asking when needed) and connects the origin (asking unless it is connected). */
  const connect = async (procedure: MutationName, ctx: WalletContext, user?: U): Promise<U> => {
    const account = user ?? (await userFor(procedure, ctx))
    if (await backend.isConnected(account, ctx.origin)) return account
    await ask({ kind: 'connect' }, ctx)
    await backend.connect(account, ctx.origin)
    return account
  }
  return {
    connectedUser,
    userFor,
    connect,
    connectResult: async (procedure: MutationName, ctx: WalletContext, user?: U) => {
      const account = await connect(procedure, ctx, user)
      return { account: [backend.address(account)], chainId: await backend.chainId() }
    },
    sign: async (procedure: MutationName, [typedData]: [TypedData], ctx: WalletContext) => {
      const user = await userFor(procedure, ctx)
      // Refused before any prompt: the screens show exactly what is signed. What it is comes from the
      // canonical felts (a session spelled any way is a session); the session screen reads its canonical
      // spelling, which hashes the same.
      const meaning = checkTypedData(typedData, backend.feeTokens(user))
      const prompt: Prompt =
        meaning.kind.kind === 'session'
          ? {
              kind: 'signSession',
              request: {
                approvalRequests: [],
                sessionTypedData: respellTypedData(typedData, meaning.canonical) as TypedData,
              },
            }
          : { kind: 'signTypedData', typedData }
      await ask(prompt, ctx)
      return backend.signTypedData(user, ctx.origin, typedData)
    },
    execute: async (procedure: MutationName, input: Call[], ctx: WalletContext) => {
      const calls = feltCalls(input)
      const user = await userFor(procedure, ctx)
      await ask({ kind: 'execute', calls }, ctx)
      return backend.execute(user, ctx.origin, calls)
    },
    /** connectAndSignSession: its own USER_REJECTED and failures (ConnectAndSignSessionError). */
    signSession: async (request: SessionSignRequest, ctx: WalletContext) => {
      const user = await loggedIn(ctx)
      if (user === undefined) throw new ConnectAndSignSessionError('User rejected request', 'USER_REJECTED')
      // The consent shows, and the wallet signs, the request in canonical spelling (the same hash).
      let checked: SessionSignRequest
      try {
        checked = checkSessionRequest(request, backend.feeTokens(user))
      } catch (error) {
        throw sessionFailure(error)
      }
      if (!(await mode.approve({ kind: 'signSession', request: checked }, ctx, { connectAndSign: true }))) {
        throw new ConnectAndSignSessionError('User rejected request', 'USER_REJECTED')
      }
      try {
        return await backend.signSession(user, ctx.origin, checked)
      } catch (error) {
        throw sessionFailure(error)
      }
    },
  }
}

/**
 * The wallet router's handlers for a mode.
 *
 * @example
 * const router = createWalletRouter(createWalletHandlers(createHeadlessMode({ wallet, login, approvals })))
 */
export function createWalletHandlers<U>(mode: WalletMode<U>): WalletHandlers {
  const { backend } = mode
  const steps = walletSteps(mode)
  const { connect, connectResult, connectedUser, sign, execute } = steps
  return {
    authorize: async (_input, ctx) => (await connect('authorize', ctx)) !== undefined,
    connect: (_input, ctx) => connectResult('connect', ctx),
    connectWebwallet: (input, ctx) => {
      if (input?.theme) mode.modal?.theme?.(input.theme)
      return connectResult('connectWebwallet', ctx)
    },
    connectWebwalletSSO: async ({ token }, ctx) =>
      connectResult('connectWebwalletSSO', ctx, await mode.ssoUser(token, ctx)),
    enable: async (_input, ctx) => backend.address(await connect('enable', ctx)),
    getLoginStatus: (_input, ctx) => mode.loginStatus(ctx),
    // No consent (policy): it only takes the login away; the next connect asks for it again.
    logout: (_input, ctx) => mode.logOut(ctx),
    requestAccounts: async (input, ctx) => {
      const user = await connectedUser(ctx)
      if (user !== undefined) return [backend.address(user)]
      // A silent request is read-only (policy): it asks nothing.
      if (procedurePolicy('requestAccounts', input)?.readOnly) return []
      return [backend.address(await connect('requestAccounts', ctx))]
    },
    // The wallet's network is no secret: answered before login too.
    requestChainId: () => backend.chainId(),
    getPermissions: async (_input, ctx) => ((await connectedUser(ctx)) === undefined ? [] : ['accounts']),
    signTypedData: (input, ctx) => sign('signTypedData', input, ctx),
    signMessage: (input, ctx) => sign('signMessage', input, ctx),
    connectAndSignSession: (request, ctx) => {
      if (request.theme) mode.modal?.theme?.(request.theme)
      return steps.signSession(request, ctx)
    },
    addInvokeTransaction: (input, ctx) =>
      execute('addInvokeTransaction', Array.isArray(input) ? input : [input], ctx),
    execute: ([calls], ctx) => execute('execute', Array.isArray(calls) ? calls : [calls], ctx),
    // Address, class hash and salt reveal the user: only for an origin they connected, and nobody is
    // asked to log in for it (policy: needs connection).
    deploymentData: async (_input, ctx) =>
      backend.deploymentData(await steps.userFor('deploymentData', ctx), ctx.origin),
    updateModal: (_ctx, signal) => (mode.modal?.events ?? silentModal)(signal),
  }
}
