// The dev API of a running wallet-sim as a test uses it: who is logged in hands-free, how the next request
// is answered, the inbox, funding and the clock. Plain fetch from Node (no Origin header: a trusted client).

// The dev API's answers are typed by the server's own types (type-only imports: nothing of the server runs
// in a test process through this entry).
import type { ApprovalMode } from '../services/dev/approval'
import type { Mail } from '../services/dev/inbox'
import type { PendingApproval } from '../wallet/headless/approvals'

/** ApprovalMode: how wallet-sim answers prompts (manual, auto, reject); PendingApproval: a request waiting. */
export type { ApprovalMode, PendingApproval }

/** The codes `failNext` takes: the session-signing result codes and a logged-out user. */
export type FailCode =
  | 'USER_REJECTED'
  | 'ACCOUNT_NOT_DEPLOYED'
  | 'NOT_ENOUGH_BALANCE'
  | 'NOT_ENOUGH_BALANCE_DEPLOYMENT'
  | 'GENERIC_ERROR'
  | 'USER_LOGGED_OUT'

/** A mail the simulator "sent" (login codes). */
export type SimMail = Mail

/** A wallet-sim dev API call that failed: its HTTP status, wallet-sim's message, the JSON-RPC error code if any. */
export class WalletSimRequestError extends Error {
  override name = 'WalletSimRequestError'
  constructor(
    readonly status: number,
    message: string,
    readonly code?: number,
  ) {
    super(message)
  }
}

/**
 * Control of a running wallet-sim for tests: approvals, users, login mails, funds, the chain's clock and snapshots
 * (the `wallet` fixture, or `walletControl(url)` anywhere).
 * @example await wallet.failNext('NOT_ENOUGH_BALANCE')
 */
export interface WalletControl {
  /** wallet-sim's origin (the hosted wallet, the services, the dev API). */
  readonly url: string
  /** Its Starknet JSON-RPC 0.10 endpoint. */
  readonly rpcUrl: string
  /** The hands-free user's e-mail (undefined when there is none). */
  email(): Promise<string | undefined>
  /** The hands-free user's account address (its account is created on first use). */
  address(): Promise<string>
  /**
   * Makes `email` the hands-free user (creating a funded account on first use): wallet pages log in as it
   * from their next request. Returns its address.
   */
  login(email: string): Promise<string>
  /** Sets how prompts are answered from now on. */
  setApproval(mode: ApprovalMode): Promise<void>
  /** The next request that would ask the user is approved (whatever the mode). */
  approveNext(): Promise<void>
  /** The next request that would ask the user is refused (USER_REJECTED). */
  rejectNext(): Promise<void>
  /** The next request that would ask the user fails with `code` (and `message`). */
  failNext(code: FailCode, message?: string): Promise<void>
  /** Drops the queued answers of approveNext / rejectNext / failNext. */
  clearNext(): Promise<void>
  /** Requests waiting for a manual answer over WebSocket. */
  pending(): Promise<PendingApproval[]>
  /** Answers a pending request. */
  answer(id: string, approve: boolean): Promise<void>
  /** Every mail sent, or the ones to `email`, oldest first. */
  inbox(email?: string): Promise<SimMail[]>
  /**
   * The last login code sent to `email`, waiting up to `timeout` ms (5 s by default) for a first mail to arrive:
   * a test may read it right after clicking "Send code", before the wallet has sent it.
   *
   * @example
   * await frame.getByRole('button', { name: 'Send code' }).click()
   * await frame.getByLabel('Code').fill(await wallet.loginCode('ann@example.com'))
   */
  loginCode(email: string, options?: { timeout?: number }): Promise<string>
  /** Mints `amount` (base units) of `token` (STRK by default) to `address`. */
  fund(address: string, amount: bigint | number | string, token?: string): Promise<void>
  /** The chain's clock, in seconds. */
  now(): Promise<number>
  /** Moves the chain's clock forward; answers the new time. */
  increaseTime(seconds: number): Promise<number>
  /** Sets the chain's clock; answers the new time. */
  setTime(seconds: number): Promise<number>
  /**
   * Saves the chain in memory (devnet_snapshot: blocks, state, balances, nonces, pending transactions, clock)
   * and answers the snapshot's id. Users, sessions and approval answers are not chain state and are not saved.
   */
  snapshot(): Promise<number>
  /**
   * Puts the chain back as it was at snapshot `id` (default: the last one this control took and did not
   * revert yet); that snapshot and every later one are gone (Anvil's evm_revert).
   */
  revert(id?: number): Promise<void>
  /** Back to `mode` and `email` (the worker's), no queued answers: what each test starts from. */
  reset(defaults: { mode: ApprovalMode; email?: string | undefined }): Promise<void>
}

/**
 * A client of wallet-sim's dev API at `url`.
 *
 * @example
 * const wallet = walletControl('http://127.0.0.1:3005')
 * await wallet.rejectNext()
 * await wallet.fund(await wallet.address(), 10n ** 18n)
 */
export function walletControl(url: string): WalletControl {
  const base = new URL(url).origin
  async function dev<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const text = await response.text()
    const json = text === '' ? undefined : (JSON.parse(text) as unknown)
    if (!response.ok) {
      const message = (json as { message?: unknown } | undefined)?.message
      throw new WalletSimRequestError(
        response.status,
        `${method} ${path}: ${typeof message === 'string' ? message : `HTTP ${response.status}`}`,
      )
    }
    return json as T
  }
  async function rpc<T>(method: string, params: object): Promise<T> {
    const answer = await dev<{ result?: T; error?: { code: number; message: string } }>('POST', '/rpc', {
      jsonrpc: '2.0',
      id: 1,
      method,
      params,
    })
    if (answer.error)
      throw new WalletSimRequestError(
        200,
        `${method}: ${answer.error.message} (${answer.error.code})`,
        answer.error.code,
      )
    return answer.result as T
  }
  // This control's snapshots, newest last: revert() without an id takes the newest.
  const taken: number[] = []
  const email = async () => (await dev<{ email: string | null }>('GET', '/dev/user')).email ?? undefined
  const next = (directive: object) => dev('POST', '/dev/approval/next', directive).then(() => {})

  const control: WalletControl = {
    url: base,
    rpcUrl: `${base}/rpc`,
    email,
    async address() {
      const current = await email()
      if (current === undefined)
        throw new Error('wallet-sim has no hands-free user: call wallet.login(email)')
      return (await dev<{ address: string }>('POST', '/dev/accounts', { email: current })).address
    },
    login: async (to) => (await dev<{ address: string }>('PUT', '/dev/user', { email: to })).address,
    setApproval: (mode) => dev('PUT', '/dev/approval', { mode }).then(() => {}),
    approveNext: () => next({ action: 'approve' }),
    rejectNext: () => next({ action: 'reject' }),
    failNext: (code, message) =>
      next({ action: 'fail', code, ...(message === undefined ? {} : { message }) }),
    clearNext: () => dev('DELETE', '/dev/approval/next').then(() => {}),
    pending: async () => (await dev<{ approvals: PendingApproval[] }>('GET', '/wallet/approvals')).approvals,
    answer: (id, approve) =>
      dev('POST', `/wallet/approvals/${encodeURIComponent(id)}`, { approve }).then(() => {}),
    async inbox(to) {
      const { messages } = await dev<{ messages: SimMail[] }>('GET', '/dev/inbox')
      return to === undefined ? messages : messages.filter((m) => m.to.toLowerCase() === to.toLowerCase())
    },
    async loginCode(to, { timeout = 5000 } = {}) {
      const deadline = Date.now() + timeout
      let mail: SimMail
      for (;;) {
        try {
          mail = await dev<SimMail>('GET', `/dev/inbox/${encodeURIComponent(to)}`)
          break
        } catch (error) {
          // Only "no mail yet" is waited out; any other refusal is the answer.
          const noMailYet = error instanceof WalletSimRequestError && error.status === 404
          if (!noMailYet || Date.now() >= deadline) throw error
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
      }
      if (mail.code === undefined) throw new Error(`The last mail to ${to} carries no login code`)
      return mail.code
    },
    fund: (address, amount, token) =>
      dev('POST', `/dev/accounts/${address}/fund`, {
        amount: String(amount),
        ...(token === undefined ? {} : { token }),
      }).then(() => {}),
    now: async () => (await dev<{ time: number }>('GET', '/dev/time')).time,
    increaseTime: async (seconds) =>
      (await dev<{ time: number }>('POST', '/dev/time', { increase: seconds })).time,
    setTime: async (seconds) => (await dev<{ time: number }>('POST', '/dev/time', { set: seconds })).time,
    async snapshot() {
      const { id } = await rpc<{ id: number }>('devnet_snapshot', {})
      taken.push(id)
      return id
    },
    async revert(id) {
      const target = id ?? taken.at(-1)
      if (target === undefined)
        throw new Error('wallet.revert(): no snapshot to revert to: call wallet.snapshot() first')
      await rpc('devnet_revert', { id: target })
      // The snapshot and every later one are gone on the chain; forget them here too.
      taken.splice(0, taken.length, ...taken.filter((kept) => kept < target))
    },
    async reset(defaults) {
      await dev('DELETE', '/dev/approval/next')
      await control.setApproval(defaults.mode)
      if (defaults.email !== undefined && (await email()) !== defaults.email.toLowerCase())
        await control.login(defaults.email)
    },
  }
  return control
}
