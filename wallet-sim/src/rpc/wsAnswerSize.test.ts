// An answer too big to become one string (a 20 MiB batch of state updates makes gigabytes: V8 strings stop
// near 512 MiB) used to throw out of the socket's message handler and end the whole process.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { startSim } from '../index'
import { connect } from './wsTestHelpers'

const request = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'starknet_getStateUpdate',
  params: { block_id: { block_number: 0 } },
})

afterEach(() => {
  vi.restoreAllMocks()
})

describe('an answer too large to send', () => {
  it('is answered with error 63, and the socket and the server keep working', async () => {
    await using sim = await startSim({ accounts: 1 })
    await using rpc = await connect(sim.rpcWsUrl)
    const batch = JSON.stringify([request(1), request(2), request(3)])
    const stringify = JSON.stringify
    // The server's serialisation of this batch's answer fails as a multi-gigabyte one does.
    vi.spyOn(JSON, 'stringify').mockImplementation(
      (value: unknown, replacer?: (string | number)[] | null, space?: string | number) => {
        if (Array.isArray(value) && value.length === 3 && value.every((a) => a?.result?.block_hash)) {
          throw new RangeError('Invalid string length')
        }
        return stringify(value, replacer, space)
      },
    )
    expect(await rpc.raw(batch)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: 63,
        message: 'An unexpected error occurred',
        data: 'the answer is too large to send; split the batch',
      },
    })
    vi.restoreAllMocks()
    expect(await rpc.ok('starknet_blockNumber')).toBe(0)
    const http = await fetch(sim.rpcUrl, { method: 'POST', body: stringify(request(4)) })
    expect(http.status).toBe(200)
  })
})
