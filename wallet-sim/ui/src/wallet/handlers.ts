// The wallet router's handlers inside the wallet page: each request that needs the user opens a prompt
// (login first when needed); only an approval leads to a call of the signing API.
import type { Call, Theme, TypedData } from '@webwallet/protocol'
import {
  ConnectAndSignSessionError,
  ConnectorNotConnectedError,
  isWebWalletError,
  UserRejectedError,
} from '@webwallet/protocol/errors'
import type { WalletContext, WalletHandlers } from '@webwallet/protocol/router'
import {
  isOutsideExecutionTypedData,
  readApprovalRequests,
  readOutsideExecution,
  readSessionMetadata,
  strictCalls,
} from '@webwallet/protocol/rpc'
import { decisionError } from '@webwallet/protocol/wallet'
import type { Account, WalletApi } from '../api/client'
import { jsonSafeCalls } from '../api/market'
import { type ModalSize, modalEvents } from './modal'
import type { PromptRequest, Prompts } from './prompts'

export interface UiHandlerDependencies {
  api: WalletApi
  prompts: Prompts
  /** The dapp asked for a theme (connectWebwallet, connectAndSignSession). */
  onTheme?: (theme: Theme) => void
  /**
   * Whether an origin is on the dapp allow-list. Only listed origins get the simulator's automatic login
   * (`--approve auto`); an unlisted one (a popup opened by any site) always goes through the screens.
   */
  isListed: (origin: string) => boolean
  /** Where the screens ask the iframe modal for more room (updateHeight); default: the screen sizes only. */
  modalSize?: Pick<ModalSize, 'height' | 'subscribe'>
}

// Kept here rather than imported from protocol/session, which pulls starknet.js into the page.
const SESSION_DOMAIN_NAME = 'SessionAccount.session'

const isSession = (typedData: TypedData) =>
  typedData.primaryType === 'Session' && typedData.domain.name === SESSION_DOMAIN_NAME

/**
 * The calls as the felts the wallet signs (hex), or ValidationError before any screen for a value that
 * reads two ways: the screen, the server's review and the signature then see the same felts.
 */
const feltCalls = (calls: Call[]): Call[] =>
  strictCalls(calls).map((call) => ({
    contractAddress: call.contractAddress,
    entrypoint: call.entrypoint,
    calldata: call.calldata.map((felt) => `0x${felt.toString(16)}`),
  }))

/**
 * Throws ValidationError for typed data the screens cannot show as what is signed (the server checks
 * again): an outside execution whose felts read two ways, session fee caps that are not exact amounts in
 * the paymaster's gas tokens.
 */
function checkTypedData(typedData: TypedData, account: Account): void {
  if (isOutsideExecutionTypedData(typedData)) readOutsideExecution(typedData)
  if (isSession(typedData)) readSessionMetadata(typedData.message.Metadata, account.feeTokens)
}

/**
 * @example
 * const router = createWalletRouter(createUiHandlers({ api, prompts }))
 */
export function createUiHandlers(deps: UiHandlerDependencies): WalletHandlers {
  const { api, prompts } = deps
  /**
   * Approval of one request: the simulator's hands-free answer for a listed dapp (auto, reject, a test's
   * one-shot answer; the server checks the origin again), else the prompt on screen.
   */
  const ask = async (request: PromptRequest, ctx: WalletContext, connectAndSign = false) => {
    const decision = deps.isListed(ctx.origin) ? await api.decide(ctx.origin) : { answer: 'manual' }
    if (decision.answer === 'approve') return true
    if (decision.answer === 'reject') return false
    if (decision.answer === 'fail' && 'code' in decision) throw decisionError(decision, connectAndSign)
    return prompts.ask(request, ctx.origin, ctx.signal)
  }

  /** The account, asking the user to log in first; undefined when they refuse. */
  const loggedIn = async (ctx: WalletContext): Promise<Account | undefined> => {
    if (api.isLoggedIn()) {
      try {
        return await api.account()
      } catch (error) {
        if (!isWebWalletError(error, 'USER_LOGGED_OUT')) throw error
        await api.logout().catch(() => {})
      }
    }
    const automatic = deps.isListed(ctx.origin) && (await api.devLogin(ctx.origin))
    if (automatic || (await prompts.ask({ kind: 'login' }, ctx.origin, ctx.signal))) return api.account()
    return undefined
  }
  const requireLogin = async (ctx: WalletContext): Promise<Account> => {
    const account = await loggedIn(ctx)
    if (account === undefined) throw new UserRejectedError()
    return account
  }
  /** Logs in and connects the origin, asking what is needed. */
  const connect = async (ctx: WalletContext): Promise<Account> => {
    const account = await requireLogin(ctx)
    if (await api.isConnected(ctx.origin)) return account
    if (!(await ask({ kind: 'connect' }, ctx))) throw new UserRejectedError()
    await api.connect(ctx.origin)
    return account
  }
  const connectResult = async (ctx: WalletContext) => {
    const account = await connect(ctx)
    return { account: [account.address], chainId: account.chainId }
  }
  const connectedAccount = async (ctx: WalletContext): Promise<Account | undefined> => {
    if (!api.isLoggedIn()) return undefined
    try {
      return (await api.isConnected(ctx.origin)) ? await api.account() : undefined
    } catch (error) {
      if (isWebWalletError(error, 'USER_LOGGED_OUT')) return undefined
      throw error
    }
  }
  const sign = async ([typedData]: [TypedData], ctx: WalletContext) => {
    checkTypedData(typedData, await requireLogin(ctx))
    const request: PromptRequest = isSession(typedData)
      ? { kind: 'signSession', request: { approvalRequests: [], sessionTypedData: typedData } }
      : { kind: 'signMessage', typedData }
    if (!(await ask(request, ctx))) throw new UserRejectedError()
    return api.signTypedData(ctx.origin, typedData)
  }
  const execute = async (input: Call[], ctx: WalletContext) => {
    const calls = feltCalls(input)
    await requireLogin(ctx)
    if (!(await ask({ kind: 'review', calls }, ctx))) throw new UserRejectedError()
    return api.execute(ctx.origin, jsonSafeCalls(calls))
  }

  return {
    authorize: async (_input, ctx) => (await connect(ctx)) !== undefined,
    connect: (_input, ctx) => connectResult(ctx),
    connectWebwallet: (input, ctx) => {
      if (input?.theme) deps.onTheme?.(input.theme)
      return connectResult(ctx)
    },
    // The SSO token is the provider's; wallet-sim has no SSO provider, so it falls back to e-mail login.
    connectWebwalletSSO: (_input, ctx) => connectResult(ctx),
    enable: async (_input, ctx) => (await connect(ctx)).address,
    // The server knows the sessions this origin holds; an expired login answers {isLoggedIn: false}. Three
    // booleans about this origin, never who the user is: answered before any connect.
    getLoginStatus: (_input, ctx) => api.loginStatus(ctx.origin),
    requestAccounts: async (input, ctx) => {
      const account = await connectedAccount(ctx)
      if (account !== undefined) return [account.address]
      if (input?.silent_mode) return []
      return [(await connect(ctx)).address]
    },
    // The wallet's network is no secret: answered before login too.
    requestChainId: () => api.chainId(),
    getPermissions: async (_input, ctx) => ((await connectedAccount(ctx)) === undefined ? [] : ['accounts']),
    signTypedData: sign,
    signMessage: sign,
    connectAndSignSession: async (request, ctx) => {
      if (request.theme) deps.onTheme?.(request.theme)
      const account = await loggedIn(ctx)
      if (account !== undefined) {
        try {
          readSessionMetadata(request.sessionTypedData.message.Metadata, account.feeTokens)
          readApprovalRequests(request.approvalRequests)
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error)
          throw new ConnectAndSignSessionError(message, 'GENERIC_ERROR', { cause: error })
        }
      }
      if (account === undefined || !(await ask({ kind: 'signSession', request }, ctx, true))) {
        throw new ConnectAndSignSessionError('User rejected request', 'USER_REJECTED')
      }
      try {
        return await api.signSession(ctx.origin, request)
      } catch (error) {
        if (error instanceof ConnectAndSignSessionError) throw error
        throw new ConnectAndSignSessionError(
          error instanceof Error ? error.message : String(error),
          'GENERIC_ERROR',
          {
            cause: error,
          },
        )
      }
    },
    addInvokeTransaction: (input, ctx) => execute(Array.isArray(input) ? input : [input], ctx),
    execute: ([calls], ctx) => execute(Array.isArray(calls) ? calls : [calls], ctx),
    // Address, class hash and salt reveal the user: only for an origin they connected (the server checks too).
    deploymentData: async (_input, ctx) => {
      await requireLogin(ctx)
      if (!(await api.isConnected(ctx.origin))) throw new ConnectorNotConnectedError()
      return api.deploymentData(ctx.origin)
    },
    updateModal: (_ctx, signal) => modalEvents(prompts, signal, deps.modalSize),
  }
}
