import { initTRPC } from '@trpc/server'
import { NotImplementedError } from '../errors/connector'
import {
  type ModalEvent,
  ModalEventSchema,
  type MutationName,
  PROCEDURES,
  type ProcedureInput,
  type ProcedureOutput,
} from '../procedures/procedures'
import { type WalletEvent, WalletEventSchema } from '../procedures/walletEvents'
import { formatErrorData, shapeMessage, toTRPCError } from './errors'

export { formatErrorData, procedureErrorCode, shapeMessage, toTRPCError, webWalletErrorOf } from './errors'

/** What every handler gets besides its input: at least the requesting dapp's origin. */
export interface WalletContext {
  origin: string
  /**
   * Fires when the dapp gave up on this request (tRPC's stop message by its id: an abort or a time limit
   * in the SDK): a prompt shown for it is dismissed. Set by the router from the transport's signal.
   */
  signal?: AbortSignal | undefined
}

type Handler<N extends MutationName> = (
  input: ProcedureInput<N>,
  ctx: WalletContext,
) => ProcedureOutput<N> | Promise<ProcedureOutput<N>>

/** Procedures the spec lists as existing but not implemented; they answer 'not implemented' unless given. */
export type OptionalProcedure = 'addStarknetChain' | 'switchStarknetChain' | 'watchAsset'

/** The wallet side of the router: one function per procedure. */
export type WalletHandlers = {
  [N in Exclude<MutationName, OptionalProcedure>]: Handler<N>
} & { [N in OptionalProcedure]?: Handler<N> } & {
  /** Modal show/hide/size events for the iframe; ends when `signal` aborts. */
  updateModal: (ctx: WalletContext, signal: AbortSignal | undefined) => AsyncIterable<ModalEvent>
  /**
   * Account and network changes the dapp at `ctx.origin` must follow (logout, another user, another chain);
   * ends when `signal` aborts. Optional: without it the `walletEvents` subscription ends at once.
   */
  walletEvents?: (ctx: WalletContext, signal: AbortSignal | undefined) => AsyncIterable<WalletEvent>
}

function notImplemented(): never {
  throw new NotImplementedError()
}

async function run<T>(fn: () => T | Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (thrown) {
    throw toTRPCError(thrown)
  }
}

/** The router's tRPC instance: its context, and errors shaped as the SDKs read them. */
function initWalletTRPC() {
  return initTRPC.context<WalletContext>().create({
    // The router also runs inside the wallet's browser page (iframe / popup).
    allowOutsideOfServer: true,
    errorFormatter: ({ shape, error }) => ({
      ...shape,
      message: shapeMessage(shape.message, error),
      data: formatErrorData(shape.data, error),
    }),
  })
}

/** A procedure whose handler finds the transport's per-request signal in its context. */
function signalledProcedure(t: ReturnType<typeof initWalletTRPC>) {
  return t.procedure.use(({ ctx, signal, next }) => next({ ctx: signal ? { ...ctx, signal } : ctx }))
}

type Procedure = ReturnType<typeof signalledProcedure>
const P = PROCEDURES

/** Connecting the dapp: the login, the account's connection and the session's signature. */
function connectionProcedures(p: Procedure, h: WalletHandlers) {
  return {
    authorize: p.output(P.authorize.output).mutation(({ ctx }) => run(() => h.authorize(undefined, ctx))),
    connect: p.output(P.connect.output).mutation(({ ctx }) => run(() => h.connect(undefined, ctx))),
    connectWebwallet: p
      .input(P.connectWebwallet.input)
      .output(P.connectWebwallet.output)
      .mutation(({ input, ctx }) => run(() => h.connectWebwallet(input, ctx))),
    connectWebwalletSSO: p
      .input(P.connectWebwalletSSO.input)
      .output(P.connectWebwalletSSO.output)
      .mutation(({ input, ctx }) => run(() => h.connectWebwalletSSO(input, ctx))),
    connectAndSignSession: p
      .input(P.connectAndSignSession.input)
      .output(P.connectAndSignSession.output)
      .mutation(({ input, ctx }) => run(() => h.connectAndSignSession(input, ctx))),
    enable: p
      .input(P.enable.input)
      .output(P.enable.output)
      .mutation(({ input, ctx }) => run(() => h.enable(input, ctx))),
  }
}

/** What the user signs in the wallet's own screens: transactions, messages and typed data. */
function signingProcedures(p: Procedure, h: WalletHandlers) {
  return {
    execute: p
      .input(P.execute.input)
      .output(P.execute.output)
      .mutation(({ input, ctx }) => run(() => h.execute(input, ctx))),
    signMessage: p
      .input(P.signMessage.input)
      .output(P.signMessage.output)
      .mutation(({ input, ctx }) => run(() => h.signMessage(input, ctx))),
    signTypedData: p
      .input(P.signTypedData.input)
      .output(P.signTypedData.output)
      .mutation(({ input, ctx }) => run(() => h.signTypedData(input, ctx))),
  }
}

/** The Starknet wallet API's account methods: login status, accounts, chain, permissions, transactions. */
function walletApiProcedures(p: Procedure, h: WalletHandlers) {
  return {
    getLoginStatus: p
      .output(P.getLoginStatus.output)
      .mutation(({ ctx }) => run(() => h.getLoginStatus(undefined, ctx))),
    logout: p.output(P.logout.output).mutation(({ ctx }) => run(() => h.logout(undefined, ctx))),
    requestAccounts: p
      .input(P.requestAccounts.input)
      .output(P.requestAccounts.output)
      .mutation(({ input, ctx }) => run(() => h.requestAccounts(input, ctx))),
    requestChainId: p
      .output(P.requestChainId.output)
      .mutation(({ ctx }) => run(() => h.requestChainId(undefined, ctx))),
    getPermissions: p
      .output(P.getPermissions.output)
      .mutation(({ ctx }) => run(() => h.getPermissions(undefined, ctx))),
    addInvokeTransaction: p
      .input(P.addInvokeTransaction.input)
      .output(P.addInvokeTransaction.output)
      .mutation(({ input, ctx }) => run(() => h.addInvokeTransaction(input, ctx))),
    deploymentData: p
      .output(P.deploymentData.output)
      .mutation(({ ctx }) => run(() => h.deploymentData(undefined, ctx))),
  }
}

/** The wallet API's optional methods: 'not implemented' unless the wallet gives a handler. */
function optionalProcedures(p: Procedure, h: WalletHandlers) {
  return {
    addStarknetChain: p
      .input(P.addStarknetChain.input)
      .output(P.addStarknetChain.output)
      .mutation(({ input, ctx }) => run(() => (h.addStarknetChain ?? notImplemented)(input, ctx))),
    switchStarknetChain: p
      .input(P.switchStarknetChain.input)
      .output(P.switchStarknetChain.output)
      .mutation(({ input, ctx }) => run(() => (h.switchStarknetChain ?? notImplemented)(input, ctx))),
    watchAsset: p
      .input(P.watchAsset.input)
      .output(P.watchAsset.output)
      .mutation(({ input, ctx }) => run(() => (h.watchAsset ?? notImplemented)(input, ctx))),
  }
}

/**
 * The subscriptions: the iframe's modal events and the wallet's account and network changes. tRPC skips
 * output validation for subscriptions, so each event is checked here; an invalid one is dropped rather than
 * thrown, as a thrown error makes tRPC clients reconnect in a loop.
 */
function subscriptionProcedures(p: Procedure, h: WalletHandlers) {
  return {
    updateModal: p.subscription(async function* ({ ctx, signal }) {
      for await (const event of h.updateModal(ctx, signal)) {
        const parsed = ModalEventSchema.safeParse(event)
        if (parsed.success) yield parsed.data
      }
    }),
    walletEvents: p.subscription(async function* ({ ctx, signal }) {
      // A wallet without the handler ends the subscription at once: the dapp learns changes from its requests.
      for await (const event of h.walletEvents?.(ctx, signal) ?? []) {
        const parsed = WalletEventSchema.safeParse(event)
        if (parsed.success) yield parsed.data
      }
    }),
  }
}

/**
 * Builds the wallet's tRPC v11 router (docs/protocol.md, Procedures), inputs and outputs validated by the
 * protocol schemas, errors as `{code, message, data}` plus starknetkit's webwalletErrorCode/Message.
 *
 * @example
 * const router = createWalletRouter({ requestAccounts: async (_input, { origin }) => [account], ... })
 * createWindowHandler({ router, createContext: ({ origin }) => ({ origin }) })
 */
export function createWalletRouter(handlers: WalletHandlers) {
  const t = initWalletTRPC()
  const p = signalledProcedure(t)
  return t.router({
    ...connectionProcedures(p, handlers),
    ...signingProcedures(p, handlers),
    ...walletApiProcedures(p, handlers),
    ...optionalProcedures(p, handlers),
    ...subscriptionProcedures(p, handlers),
  })
}

/** The router's type; the shim imports only this (as a type). */
export type WalletRouter = ReturnType<typeof createWalletRouter>
