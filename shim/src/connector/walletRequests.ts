import {
  type EnvironmentName,
  getEnvironment,
  networkFromWalletUrl,
  PERMISSION_ACCOUNTS,
} from '@webwallet/protocol/constants'
import { isWebWalletError } from '@webwallet/protocol/errors'
import type { CallLimits } from '../messenger/link'
import { type ChooseTransportOptions, chooseTransport } from '../transport/choose'
import { type Grant, isStringArray } from './grant'
import type { WalletCall } from './procedures'
import type { OpenTransportOptions, TransportKind, WalletTransport } from './walletTransport'

/** Default time limit of a read-only wallet request (chain id, permissions, silent accounts). */
export const WALLET_READ_TIMEOUT_MS = 20_000
/** Default time limit of a request the user answers in the wallet (login, connect, sign, review). */
export const WALLET_USER_TIMEOUT_MS = 600_000

/** Opens the wallet over one transport kind: `openTransport`, or `openWindowTransport` (iframe and popup only). */
export type OpenTransport = (kind: TransportKind, options: OpenTransportOptions) => WalletTransport

/** What the wallet's requests read of the connector's options. */
export type WalletRequestsOptions = Omit<OpenTransportOptions, 'walletUrl' | 'brandName'> & {
  environment?: EnvironmentName | undefined
  choose?: Omit<ChooseTransportOptions, 'walletUrl'> | undefined
}

/**
 * The connector's way to the wallet: the transport (`mode`, chosen once for 'auto', reopened if another connector
 * removed its iframe), pushes into the grant (a popup learns them at its next request), time limits.
 *
 * @example
 * await walletRequests(open, {}, walletUrl, 'Argent', 'auto', grant).invoke({ procedure: 'requestChainId', input: undefined })
 */
export function walletRequests(
  open: OpenTransport,
  options: WalletRequestsOptions,
  walletUrl: string,
  brandName: string,
  mode: string,
  grant: Grant,
) {
  const [known, choice] = transportChoice(mode, options.choose, walletUrl)
  let wallet: WalletTransport | undefined
  // Whether this page has asked the wallet anything (a transport opened only to follow its pushes has not).
  let asked = false
  // The open transport, unless another connector of this page removed its iframe (each new wallet iframe
  // removes the old ones: React StrictMode builds a connector twice, and both may follow pushes after a
  // reload): a removed one is closed, so the next request opens the wallet again.
  const live = (): WalletTransport | undefined => {
    if (wallet?.dialog?.removed()) {
      wallet.destroy()
      wallet = undefined
    }
    return wallet
  }
  const ensure = (kind: TransportKind) => {
    wallet = live() ?? open(kind, { ...options, walletUrl, brandName })
    // A connection restored from before a reload follows the wallet from its first request.
    if (grant.account !== undefined) watch()
    return wallet
  }
  // The wallet's pushed changes (logout, another user, another chain): empty accounts void the connection.
  const watch = () => wallet?.watch((value) => follow(grant, value))
  /**
   * Runs a procedure; with `show`, shows the wallet first, synchronously when the transport is known (a
   * popup must open inside the user's click).
   */
  const invoke = (call: WalletCall, limits: CallLimits = {}, show = true): Promise<unknown> => {
    asked = true
    const bounded = { timeoutMs: show ? WALLET_USER_TIMEOUT_MS : WALLET_READ_TIMEOUT_MS, ...limits }
    try {
      const kind = known()
      const now = live() ?? (kind ? ensure(kind) : undefined)
      if (now) return run(now, call, bounded, show, grant)
    } catch (error) {
      return Promise.reject(error)
    }
    return choice().then((kind) => run(ensure(kind), call, bounded, show, grant))
  }
  if (grant.account !== undefined) {
    void choice().then((kind) => {
      if (kind === 'popup' || wallet || grant.account === undefined) return
      try {
        ensure(kind)
      } catch {
        // no wallet here (e.g. no page for an iframe): the first request reports it
      }
    })
  }
  return {
    invoke,
    /**
     * A read-only request never opens a popup. The iframe and the socket are asked without showing anything;
     * with the popup, the connect grant answers (accounts, permissions, chain id). A chain id no connect told
     * is the wallet's network: the environment's, else the one its URL belongs to (as docs/protocol.md,
     * Connection states infers it for the allow-list; each hosted wallet serves one network).
     */
    async quiet(call: WalletCall, limits: CallLimits = {}): Promise<unknown> {
      if ((live()?.kind ?? known() ?? (await choice())) !== 'popup') return invoke(call, limits, false)
      if (call.procedure === 'requestChainId')
        return grant.chainId ?? getEnvironment(options.environment ?? networkFromWalletUrl(walletUrl)).chainId
      if (grant.account === undefined) return []
      return call.procedure === 'getPermissions' ? [PERMISSION_ACCOUNTS] : [grant.account]
    },
    watch,
    close() {
      wallet?.destroy()
      wallet = undefined
    },
    /** The open transport, if any. */
    wallet: () => wallet,
    /** The transport in use, once decided. */
    kind: (): TransportKind | undefined => wallet?.kind ?? known(),
    asked: () => asked,
  }
}

/** The connector's way to the wallet: see {@link walletRequests}. */
export type WalletRequests = ReturnType<typeof walletRequests>

/**
 * The transport kind: `mode`, or in 'auto' the choice (decided early in a page, so a popup can still open
 * synchronously inside the user's click). The choice never fails the connector: anything unexpected falls
 * back to the popup.
 */
function transportChoice(
  mode: string,
  choose: WalletRequestsOptions['choose'],
  walletUrl: string,
): [known: () => TransportKind | undefined, choice: () => Promise<TransportKind>] {
  let chosen = mode === 'auto' ? undefined : (mode as TransportKind)
  let choosing: Promise<TransportKind> | undefined
  const choice = (): Promise<TransportKind> => {
    if (chosen) return Promise.resolve(chosen)
    choosing ??= chooseTransport({ ...choose, walletUrl }).then(
      (kind) => (chosen = kind),
      () => (chosen = 'popup'),
    )
    return choosing
  }
  if (mode === 'auto' && typeof window !== 'undefined') void choice()
  return [() => chosen, choice]
}

/** A pushed walletEvents value into the grant: a new chain, new accounts, or none (the connection is void). */
function follow(grant: Grant, value: unknown): void {
  const { type, accounts, chainId } = (value ?? {}) as Partial<Record<string, unknown>>
  if (!isStringArray(accounts)) return
  if (type === 'networkChanged' && typeof chainId === 'string') grant.setChainId(chainId)
  if (accounts.length > 0) grant.setAccounts(accounts)
  else if (grant.account !== undefined) grant.forget()
}

/** One request over `transport`; what was shown for it goes with it, however it ends. */
function run(transport: WalletTransport, call: WalletCall, limits: CallLimits, show: boolean, grant: Grant) {
  const loggedOut = (error: unknown): never => {
    // The wallet ended the login: what the connector remembers is void.
    if (isWebWalletError(error) && error.code === 'USER_LOGGED_OUT') grant.forget()
    throw error
  }
  if (!show) return transport.mutate(call, limits).catch(loggedOut)
  transport.show(call)
  const answered = transport.mutate(call, limits)
  const announced = catchUp(transport, call, grant)
  return answered.then(
    async (answer) => {
      await announced
      transport.release(true)
      return answer
    },
    async (error: unknown) => {
      await announced
      transport.release(false)
      return loggedOut(error)
    },
  )
}

/**
 * A popup pushes nothing while closed: on each request it is opened for, a connected dapp asks it (silent
 * accounts, chain id) and what changed since is announced before the request's answer is used. Requests
 * that answer the accounts themselves (the connects) need no question. Never fails: a popup that closes
 * first leaves things as they were.
 */
function catchUp(transport: WalletTransport, call: WalletCall, grant: Grant): Promise<void> {
  if (transport.kind !== 'popup' || grant.account === undefined || ANSWERS_ACCOUNTS.has(call.procedure))
    return Promise.resolve()
  const read = { timeoutMs: WALLET_READ_TIMEOUT_MS }
  const chain = transport
    .mutate({ procedure: 'requestChainId', input: undefined }, read)
    .then((next) => typeof next === 'string' && grant.setChainId(next))
  const accounts = transport
    .mutate({ procedure: 'requestAccounts', input: { silent_mode: true } }, read)
    .then((next) => {
      if (!isStringArray(next)) return
      if (next.length > 0) grant.setAccounts(next)
      else grant.forget()
    })
  return Promise.allSettled([chain, accounts]).then(() => {})
}

// Requests whose answer carries the accounts (a popup asks nothing more for them).
const ANSWERS_ACCOUNTS = new Set<string>([
  'connect',
  'connectWebwallet',
  'connectWebwalletSSO',
  'connectAndSignSession',
  'requestAccounts',
  'enable',
])
