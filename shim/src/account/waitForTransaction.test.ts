import { TransactionRejectedError, WaitForTransactionTimeoutError } from '@webwallet/protocol/errors'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createRpc } from './rpc'
import { waitForTransaction } from './waitForTransaction'

type Status = { finality_status: string; execution_status?: string } | 'unknown'

function node(statuses: Status[]) {
  const calls: string[] = []
  const fetch = vi.fn<typeof globalThis.fetch>(async (_url, init) => {
    const { id, method } = JSON.parse(String(init?.body))
    calls.push(method)
    if (method === 'starknet_getTransactionReceipt')
      return Response.json({ jsonrpc: '2.0', id, result: { execution_status: 'SUCCEEDED' } })
    const status = statuses.shift() ?? 'unknown'
    if (status === 'unknown')
      return Response.json({ jsonrpc: '2.0', id, error: { code: 29, message: 'Transaction hash not found' } })
    return Response.json({ jsonrpc: '2.0', id, result: status })
  })
  return { rpc: createRpc({ nodeUrl: 'http://node', fetch }), calls }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('waitForTransaction', () => {
  it('polls every 5000 ms by default until accepted, then answers the receipt', async () => {
    const { rpc, calls } = node([
      'unknown',
      { finality_status: 'RECEIVED' },
      { finality_status: 'ACCEPTED_ON_L2', execution_status: 'SUCCEEDED' },
    ])
    const pending = waitForTransaction(rpc, '0x1')
    await vi.advanceTimersByTimeAsync(0)
    expect(calls).toEqual(['starknet_getTransactionStatus'])
    await vi.advanceTimersByTimeAsync(4999)
    expect(calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(calls).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(5000)
    await expect(pending).resolves.toEqual({ execution_status: 'SUCCEEDED' })
  })

  it.each([
    [{ finality_status: 'ACCEPTED_ON_L1' }],
    [{ finality_status: 'PRE_CONFIRMED', execution_status: 'SUCCEEDED' }],
    [{ finality_status: 'ACCEPTED_ON_L2', execution_status: 'REVERTED' }],
  ])('succeeds on SUCCEEDED or an accepted state: %j', async (status) => {
    const { rpc } = node([status])
    await expect(waitForTransaction(rpc, '0x1')).resolves.toBeDefined()
  })

  it("fails at once on REJECTED with 'execution status: finality status'", async () => {
    const { rpc, calls } = node([{ finality_status: 'REJECTED', execution_status: 'REVERTED' }])
    const error = await waitForTransaction(rpc, '0x1').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TransactionRejectedError)
    expect((error as Error).message).toBe('REVERTED: REJECTED')
    expect(calls).toHaveLength(1)
  })

  it("times out with 'waitForTransaction timed-out with retries N'", async () => {
    const { rpc, calls } = node([])
    const pending = waitForTransaction(rpc, '0x1', { retries: 3, retryInterval: 2000 })
    const settled = expect(pending).rejects.toThrow('waitForTransaction timed-out with retries 3')
    await vi.advanceTimersByTimeAsync(4000)
    await settled
    expect(calls).toHaveLength(3)
    await expect(pending).rejects.toBeInstanceOf(WaitForTransactionTimeoutError)
  })
})
