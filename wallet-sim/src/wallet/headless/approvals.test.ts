import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { createApprovalPolicy } from '../../services/dev/approval'
import { createApprovalQueue } from './approvals'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

const ORIGIN = 'https://dapp.example'
const request = { kind: 'execute' as const, calls: [] }
/** How the dev API lists `request`. */
const listed = { kind: 'execute', origin: ORIGIN, details: [] }
const trusted = { origin: ORIGIN, trusted: true }

it('auto approves and reject refuses without queueing', async () => {
  const policy = createApprovalPolicy('auto')
  const approvals = createApprovalQueue({ policy })
  expect(await approvals.ask(request, trusted)).toBe(true)
  policy.set('reject')
  expect(await approvals.ask(request, trusted)).toBe(false)
  expect(approvals.pending()).toEqual([])
})

it('manual waits for an answer and counts a timeout as a rejection', async () => {
  const approvals = createApprovalQueue({
    policy: createApprovalPolicy('manual'),
    timeoutMs: 60_000,
    now: () => 42,
  })
  const approved = approvals.ask(request, trusted)
  const timedOut = approvals.ask({ kind: 'connect' }, trusted)
  expect(approvals.pending()).toEqual([
    { id: '1', createdAt: 42, ...listed },
    { id: '2', createdAt: 42, kind: 'connect', origin: ORIGIN, details: undefined },
  ])
  expect(approvals.answer('1', true)).toBe(true)
  expect(await approved).toBe(true)
  expect(approvals.answer('1', true)).toBe(false)
  await vi.advanceTimersByTimeAsync(59_999)
  expect(approvals.pending()).toHaveLength(1)
  await vi.advanceTimersByTimeAsync(1)
  expect(await timedOut).toBe(false)
  expect(approvals.pending()).toEqual([])
})

it('an aborted request stops waiting', async () => {
  const approvals = createApprovalQueue({ policy: createApprovalPolicy('manual') })
  const controller = new AbortController()
  const answer = approvals.ask(request, { ...trusted, signal: controller.signal })
  expect(approvals.pending()).toHaveLength(1)
  controller.abort()
  // Gone from the queue at once, not at the timeout; an answer for it finds nothing.
  expect(approvals.pending()).toEqual([])
  expect(await answer).toBe(false)
  expect(approvals.answer('1', true)).toBe(false)
})

it('a request given up on before it asks queues nothing', async () => {
  const approvals = createApprovalQueue({ policy: createApprovalPolicy('manual') })
  const answer = approvals.ask(request, { ...trusted, signal: AbortSignal.abort() })
  expect(approvals.pending()).toEqual([])
  expect(await answer).toBe(false)
})

it('one-shot answers go first, oldest first, then the mode answers again', async () => {
  const policy = createApprovalPolicy('auto')
  const approvals = createApprovalQueue({ policy })
  policy.queue({ action: 'reject' })
  policy.queue({ action: 'fail', code: 'NOT_ENOUGH_BALANCE', message: 'Top up first' })
  policy.queue({ action: 'fail', code: 'USER_LOGGED_OUT' })
  expect(await approvals.ask(request, trusted)).toBe(false)
  await expect(approvals.ask({ kind: 'signSession', request: {} as never }, trusted)).rejects.toMatchObject({
    code: 'CONNECT_AND_SIGN_SESSION',
    message: 'Top up first',
    data: { webwalletErrorCode: 'NOT_ENOUGH_BALANCE' },
  })
  await expect(approvals.ask(request, trusted)).rejects.toMatchObject({ code: 'USER_LOGGED_OUT' })
  expect(await approvals.ask(request, trusted)).toBe(true)
  expect(policy.queued()).toEqual([])
})

it('a failure with USER_REJECTED is the usual rejection, or connectAndSignSession’s', async () => {
  const policy = createApprovalPolicy('manual')
  const approvals = createApprovalQueue({ policy })
  policy.queue({ action: 'fail', code: 'USER_REJECTED' })
  policy.queue({ action: 'fail', code: 'USER_REJECTED' })
  await expect(approvals.ask(request, trusted)).rejects.toMatchObject({
    code: 'USER_REJECTED',
    message: 'User rejected request',
  })
  await expect(approvals.ask(request, { ...trusted, connectAndSign: true })).rejects.toMatchObject({
    code: 'CONNECT_AND_SIGN_SESSION',
    message: 'User rejected request',
    data: { webwalletErrorCode: 'USER_REJECTED' },
  })
})

it('a foreign page waits for a manual answer whatever the mode, and leaves the one-shot answers alone', async () => {
  const policy = createApprovalPolicy('auto')
  const approvals = createApprovalQueue({ policy, now: () => 7 })
  policy.queue({ action: 'approve' })
  const foreign = approvals.ask(request, { origin: ORIGIN, trusted: false })
  expect(approvals.pending()).toEqual([{ id: '1', createdAt: 7, ...listed }])
  expect(policy.queued()).toEqual([{ action: 'approve' }])
  policy.set('reject')
  approvals.answer('1', false)
  expect(await foreign).toBe(false)
})
