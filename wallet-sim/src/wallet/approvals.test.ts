import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { createApprovalPolicy } from '../services/dev/approval'
import { createApprovalQueue } from './approvals'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

const request = { kind: 'execute' as const, origin: 'https://dapp.example', details: [] }

it('auto approves and reject refuses without queueing', async () => {
  const policy = createApprovalPolicy('auto')
  const approvals = createApprovalQueue({ policy })
  expect(await approvals.ask(request)).toBe(true)
  policy.set('reject')
  expect(await approvals.ask(request)).toBe(false)
  expect(approvals.pending()).toEqual([])
})

it('manual waits for an answer and counts a timeout as a rejection', async () => {
  const approvals = createApprovalQueue({
    policy: createApprovalPolicy('manual'),
    timeoutMs: 60_000,
    now: () => 42,
  })
  const approved = approvals.ask(request)
  const timedOut = approvals.ask({ ...request, kind: 'connect' })
  expect(approvals.pending()).toEqual([
    { id: '1', createdAt: 42, ...request },
    { id: '2', createdAt: 42, ...request, kind: 'connect' },
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
  const answer = approvals.ask(request, controller.signal)
  controller.abort()
  expect(await answer).toBe(false)
  expect(approvals.pending()).toEqual([])
})
