// The dev API of a running wallet-sim as a test uses it: who is logged in hands-free, how the next request
// is answered, the inbox, funding and the clock. Plain fetch from Node (no Origin header: a trusted client).

// The dev API's answers are typed by the server's own types (type-only imports: nothing of the server runs
// in a test process through this entry).
import type { ApprovalMode } from '../services/dev/approval'
import type { Mail } from '../services/dev/inbox'
import type { PendingApproval } from '../wallet/headless/approvals'
import { type DevRequest, devRequests, rpcRequest, WalletSimRequestError } from './devApi'

export { WalletSimRequestError } from './devApi'

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
   * The last login code sent to `email`, waiting up to `timeout` ms (5 s) for a first mail to arrive.
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
  const dev = devRequests(base)
  const email = async () => (await dev<{ email: string | null }>('GET', '/dev/user')).email ?? undefined
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
    ...approvalControls(dev),
    inbox: async (to) => {
      const { messages } = await dev<{ messages: SimMail[] }>('GET', '/dev/inbox')
      return to === undefined ? messages : messages.filter((m) => m.to.toLowerCase() === to.toLowerCase())
    },
    loginCode: (to, { timeout = 5000 } = {}) => waitForLoginCode(dev, to, timeout),
    ...chainControls(dev),
    async reset(defaults) {
      await dev('DELETE', '/dev/approval/next')
      await control.setApproval(defaults.mode)
      if (defaults.email !== undefined && (await email()) !== defaults.email.toLowerCase())
        await control.login(defaults.email)
    },
  }
  return control
}

type ApprovalControls =
  | 'setApproval'
  | 'approveNext'
  | 'rejectNext'
  | 'failNext'
  | 'clearNext'
  | 'pending'
  | 'answer'

/** How prompts are answered: the mode, the queued next answers, the pending requests. */
function approvalControls(dev: DevRequest): Pick<WalletControl, ApprovalControls> {
  const next = (directive: object) => dev('POST', '/dev/approval/next', directive).then(() => {})
  return {
    setApproval: (mode) => dev('PUT', '/dev/approval', { mode }).then(() => {}),
    approveNext: () => next({ action: 'approve' }),
    rejectNext: () => next({ action: 'reject' }),
    failNext: (code, message) =>
      next({ action: 'fail', code, ...(message === undefined ? {} : { message }) }),
    clearNext: () => dev('DELETE', '/dev/approval/next').then(() => {}),
    pending: async () => (await dev<{ approvals: PendingApproval[] }>('GET', '/wallet/approvals')).approvals,
    answer: (id, approve) =>
      dev('POST', `/wallet/approvals/${encodeURIComponent(id)}`, { approve }).then(() => {}),
  }
}

/** The last login code sent to `to`, waiting up to `timeout` ms for a first mail. */
async function waitForLoginCode(dev: DevRequest, to: string, timeout: number): Promise<string> {
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
}

type ChainControls = 'fund' | 'now' | 'increaseTime' | 'setTime' | 'snapshot' | 'revert'

/** Funds, the chain's clock and its snapshots. */
function chainControls(dev: DevRequest): Pick<WalletControl, ChainControls> {
  // This control's snapshots, newest last: revert() without an id takes the newest.
  const taken: number[] = []
  return {
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
      const { id } = await rpcRequest<{ id: number }>(dev, 'devnet_snapshot', {})
      taken.push(id)
      return id
    },
    async revert(id) {
      const target = id ?? taken.at(-1)
      if (target === undefined)
        throw new Error('wallet.revert(): no snapshot to revert to: call wallet.snapshot() first')
      await rpcRequest(dev, 'devnet_revert', { id: target })
      // The snapshot and every later one are gone on the chain; forget them here too.
      taken.splice(0, taken.length, ...taken.filter((kept) => kept < target))
    },
  }
}
