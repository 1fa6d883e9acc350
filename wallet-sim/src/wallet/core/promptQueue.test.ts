// The one prompt queue of both modes: order, the current prompt, withdrawal when the dapp gives up, the
// timeout, and the decide→answer rule.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPromptQueue, decidedAnswer } from './promptQueue'

const DAPP = 'https://dapp.example'
const execute = { kind: 'execute' as const, calls: [] }

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the prompt queue', () => {
  it('shows one prompt at a time, in arrival order, and tells its subscribers', async () => {
    const prompts = createPromptQueue({ now: () => 5 })
    const seen: (number | undefined)[] = []
    prompts.subscribe(() => seen.push(prompts.current()?.id))
    const first = prompts.ask({ kind: 'connect' }, DAPP)
    const second = prompts.ask(execute, 'https://other.example')
    expect(prompts.current()).toMatchObject({ id: 1, kind: 'connect', origin: DAPP, createdAt: 5 })
    expect(prompts.pending().map((prompt) => prompt.id)).toEqual([1, 2])
    prompts.current()?.answer(true)
    expect(await first).toBe(true)
    expect(prompts.current()).toMatchObject({ id: 2, kind: 'execute', origin: 'https://other.example' })
    expect(prompts.answer(2, false)).toBe(true)
    expect(await second).toBe(false)
    expect(prompts.answer(2, true)).toBe(false)
    expect(seen).toEqual([1, 1, 2, undefined])
  })

  it('a second answer to a settled prompt changes nothing', async () => {
    const prompts = createPromptQueue()
    const answered = prompts.ask(execute, DAPP)
    const pending = prompts.current()
    pending?.answer(false)
    pending?.answer(true)
    expect(await answered).toBe(false)
  })

  it('withdraws a prompt when the dapp gives up, and queues nothing for one given up already', async () => {
    const prompts = createPromptQueue()
    const controller = new AbortController()
    const answered = prompts.ask(execute, DAPP, { signal: controller.signal })
    expect(prompts.pending()).toHaveLength(1)
    controller.abort()
    expect(prompts.pending()).toEqual([])
    expect(await answered).toBe(false)
    expect(await prompts.ask(execute, DAPP, { signal: AbortSignal.abort() })).toBe(false)
    expect(prompts.current()).toBeUndefined()
  })

  it('refuses a prompt after the timeout, only when one is set', async () => {
    const timed = createPromptQueue({ timeoutMs: 1_000 })
    const untimed = createPromptQueue()
    const refused = timed.ask(execute, DAPP)
    void untimed.ask(execute, DAPP)
    await vi.advanceTimersByTimeAsync(999)
    expect(timed.pending()).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(await refused).toBe(false)
    await vi.advanceTimersByTimeAsync(60 * 60_000)
    expect(untimed.pending()).toHaveLength(1)
  })

  it('rejectAll refuses every open prompt', async () => {
    const prompts = createPromptQueue()
    const answers = [prompts.ask(execute, DAPP), prompts.ask({ kind: 'login' }, DAPP)]
    prompts.rejectAll()
    expect(await Promise.all(answers)).toEqual([false, false])
  })

  it('a hands-free decision answers without queueing, known at once or later', async () => {
    const prompts = createPromptQueue()
    expect(await prompts.ask(execute, DAPP, { decision: { answer: 'approve' } })).toBe(true)
    expect(
      await prompts.ask(execute, DAPP, { decision: Promise.resolve({ answer: 'reject' as const }) }),
    ).toBe(false)
    await expect(
      prompts.ask(execute, DAPP, { decision: { answer: 'fail', code: 'USER_LOGGED_OUT' } }),
    ).rejects.toMatchObject({ code: 'USER_LOGGED_OUT' })
    const shown = prompts.ask(execute, DAPP, { decision: Promise.resolve({ answer: 'manual' as const }) })
    await vi.waitFor(() => expect(prompts.current()?.kind).toBe('execute'))
    prompts.current()?.answer(true)
    expect(await shown).toBe(true)
  })
})

describe('the decide→answer rule', () => {
  it('yes, no, ask, or the coded failure (connectAndSignSession’s own for a session)', () => {
    expect(decidedAnswer({ answer: 'approve' }, false)).toBe(true)
    expect(decidedAnswer({ answer: 'reject' }, true)).toBe(false)
    expect(decidedAnswer({ answer: 'manual' }, false)).toBeUndefined()
    expect(() => decidedAnswer({ answer: 'fail', code: 'USER_REJECTED' }, false)).toThrow(
      expect.objectContaining({ code: 'USER_REJECTED' }),
    )
    expect(() => decidedAnswer({ answer: 'fail', code: 'NOT_ENOUGH_BALANCE' }, true)).toThrow(
      expect.objectContaining({
        code: 'CONNECT_AND_SIGN_SESSION',
        data: expect.objectContaining({ webwalletErrorCode: 'NOT_ENOUGH_BALANCE' }),
      }),
    )
  })
})
