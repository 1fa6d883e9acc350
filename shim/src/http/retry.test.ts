import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { retry, sleep } from './retry'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('retry', () => {
  it('waits 1000, 2000, 4000 ms between attempts by default and returns the first success', async () => {
    let calls = 0
    const result = retry(async () => {
      calls++
      if (calls < 4) throw new Error(`fail ${calls}`)
      return 'done'
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(calls).toBe(1)
    await vi.advanceTimersByTimeAsync(999)
    expect(calls).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(calls).toBe(2)
    await vi.advanceTimersByTimeAsync(2000)
    expect(calls).toBe(3)
    await vi.advanceTimersByTimeAsync(3999)
    expect(calls).toBe(3)
    await vi.advanceTimersByTimeAsync(1)
    await expect(result).resolves.toBe('done')
  })

  it('gives up after 10 retries with the last error', async () => {
    let calls = 0
    const result = retry(async () => {
      calls++
      throw new Error(`fail ${calls}`)
    })
    const settled = expect(result).rejects.toThrow('fail 11')
    await vi.runAllTimersAsync()
    await settled
    expect(calls).toBe(11)
  })

  it('stops at once when shouldRetry says no', async () => {
    const fn = vi.fn(async () => {
      throw new Error('fatal')
    })
    await expect(retry(fn, { shouldRetry: () => false })).rejects.toThrow('fatal')
    expect(fn).toHaveBeenCalledTimes(1)
  })

  it('sleep rejects when aborted', async () => {
    const controller = new AbortController()
    const pending = sleep(5000, controller.signal)
    controller.abort(new Error('stop'))
    await expect(pending).rejects.toThrow('stop')
  })
})
