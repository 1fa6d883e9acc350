// What a wallet mode supplies to the one core: who the user is, how they log in, how a consent is
// answered, and the wallet's operations. Two modes exist: the page (login and prompt screens, the
// /wallet/api HTTP client) and headless (a token or `--email` user, the approval queue, WalletService in
// process). Browser-safe: the page bundles this core, so it imports only @webwallet/protocol and itself.
import type {
  Call,
  DeploymentData,
  LoginStatus,
  ModalEvent,
  SessionSignRequest,
  SessionSignResult,
  Theme,
  TypedData,
} from '@webwallet/protocol'
import type { WalletContext } from '@webwallet/protocol/router'
import type { PromptKind } from '@webwallet/protocol/wallet'

/**
 * One consent the wallet asks for, in the policy table's words (`PromptKind`), with what it shows. The
 * page renders it as a screen; headless, it is the approval queue's pending approval.
 */
export type Prompt =
  | { kind: 'login' }
  | { kind: 'connect' }
  | { kind: 'signTypedData'; typedData: TypedData }
  | { kind: 'signSession'; request: SessionSignRequest }
  | { kind: 'execute'; calls: Call[] }

// The Prompt union covers every kind of the policy table, and no other.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never
const covers: Exact<Prompt['kind'], PromptKind> = true
void covers

/** How a consent is asked: connectAndSignSession fails its own way (ConnectAndSignSessionError). */
export interface ApproveOptions {
  connectAndSign?: boolean
}

/**
 * What the wallet does for a user once they consented: the same operations in both modes, over HTTP
 * (`/wallet/api`, the page) or in process (`WalletService`, headless). `U` is the mode's handle on the user.
 */
export interface WalletBackend<U> {
  address(user: U): string
  chainId(): Promise<string>
  isConnected(user: U, origin: string): Promise<boolean>
  connect(user: U, origin: string): Promise<void>
  /**
   * The tokens a session may cap its fees in (the paymaster's gas tokens), for the core's checks
   * (checks.ts) before any consent; undefined: any token.
   */
  feeTokens(user: U): readonly string[] | undefined
  signTypedData(user: U, origin: string, typedData: TypedData): Promise<string[]>
  signSession(user: U, origin: string, request: SessionSignRequest): Promise<SessionSignResult>
  /** Signs and sends felt calls (hex strings), as shown on the review. */
  execute(user: U, origin: string, calls: Call[]): Promise<string>
  deploymentData(user: U, origin: string): Promise<DeploymentData>
}

/**
 * The modal of a wallet with screens (the page): the dapp's modal as the screens drive it, and the theme the
 * dapp asks for. A wallet without screens (headless) has none: its updateModal stays silent.
 */
export interface WalletModal {
  /** The updateModal stream (show at a screen's size and title, hide, grow) until `signal` aborts. */
  events?(signal: AbortSignal | undefined): AsyncIterable<ModalEvent>
  /** The dapp asked for a theme (connectWebwallet, connectAndSignSession). */
  theme?(theme: Theme): void
}

/**
 * A mode of the wallet: what differs between the page and headless (who the user is and how they log in,
 * how a consent is asked, the modal) over its backend. `U` is the mode's handle on the logged-in user (the
 * page's account view, the server's user record). Errors a mode throws are the coded errors of
 * @webwallet/protocol/errors.
 */
export interface WalletMode<U> {
  /** The user of this request, or undefined when nobody is logged in (USER_LOGGED_OUT for a dead login). */
  user(ctx: WalletContext): Promise<U | undefined>
  /** Asks the user to log in; undefined when they refuse, or when the mode has no way to log in. */
  logIn(ctx: WalletContext): Promise<U | undefined>
  /**
   * The user of an SSO token (connectWebwalletSSO): honoured only where the caller is the user's own
   * client; undefined where a token from the dapp must not become the login (the usual login follows).
   */
  ssoUser(token: string, ctx: WalletContext): Promise<U | undefined>
  /**
   * Ends the login of this request's user (the page's stored login, a connection's token): true when one
   * ended, false when there was none (or the mode's user is no login, as headless `--email` is).
   */
  logOut(ctx: WalletContext): Promise<boolean>
  /** Three booleans about this origin, never who the user is; `{isLoggedIn: false}` when logged out. */
  loginStatus(ctx: WalletContext): Promise<LoginStatus>
  /**
   * The user's consent: true approved, false refused; throws the coded error a test asked for. When
   * `ctx.signal` fires (the dapp gave up on the request), the prompt is withdrawn at once and this answers
   * false (the page dismisses its screen; headless drops the pending approval).
   */
  approve(prompt: Prompt, ctx: WalletContext, options?: ApproveOptions): Promise<boolean>
  /** The screens' modal; none headless. */
  modal?: WalletModal
  backend: WalletBackend<U>
}
