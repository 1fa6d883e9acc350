// devnet_snapshot / devnet_revert over JSON-RPC: ids, Anvil's rules (a revert consumes its id and the later
// ones, earlier ones stay), coded errors for bad and unknown ids, and the refusal with --node (no node is asked).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Simulator } from '../chain/simulator'
import { type RunningSim, startSim } from '../index'
import { handleRpc } from './handler'

const sim = new Simulator({ accounts: 1 })
const call = (method: string, params: unknown = {}) =>
  handleRpc(sim, { jsonrpc: '2.0', id: 1, method, params }, '0.10') as {
    result?: Record<string, unknown>
    error?: { code: number; message: string; data?: unknown }
  }
const balance = () =>
  BigInt(
    call('devnet_getAccountBalance', { address: '0x5a1e', block_id: 'pre_confirmed' }).result
      ?.amount as string,
  )

describe('devnet_snapshot / devnet_revert', () => {
  it('answers counting ids; a revert consumes its id and the later ones, earlier ones stay', () => {
    const first = call('devnet_snapshot').result?.id as number
    call('devnet_mint', { address: '0x5a1e', amount: 5 })
    const second = call('devnet_snapshot').result?.id as number
    call('devnet_mint', { address: '0x5a1e', amount: 7 })
    const third = call('devnet_snapshot').result?.id as number
    expect([second - first, third - second]).toEqual([1, 1])
    expect(balance()).toBe(12n)

    const reverted = call('devnet_revert', { id: second }).result
    expect(reverted).toEqual({
      id: second,
      block_number: sim.chain.latest.number,
      block_hash: sim.chain.latest.hash,
    })
    expect(balance()).toBe(5n)
    // Ids go on counting: a new snapshot never reuses a consumed id.
    expect(call('devnet_snapshot').result?.id).toBe(third + 1)
    for (const gone of [second, third])
      expect(call('devnet_revert', { id: gone }).error).toMatchObject({
        code: -1,
        message: 'No snapshot found',
      })
    // Anvil writes its ids in hex; params by position work as for every devnet method.
    expect(call('devnet_revert', [`0x${first.toString(16)}`]).error).toBeUndefined()
    expect(balance()).toBe(0n)
  })

  it('refuses an id that is not one with -32602 and an unknown one with -1, changing nothing', () => {
    call('devnet_mint', { address: '0x5a1e', amount: 1 })
    const latest = sim.chain.latest.hash
    for (const id of [0, -1, 1.5, '1', 'latest', null, 2 ** 53])
      expect(call('devnet_revert', { id }).error?.code).toBe(-32602)
    expect(call('devnet_revert', {}).error?.code).toBe(-32602)
    expect(call('devnet_revert', { id: 1, extra: true }).error?.code).toBe(-32602)
    expect(call('devnet_snapshot', { name: 'x' }).error?.code).toBe(-32602)
    const unknown = call('devnet_revert', { id: 999 }).error
    expect(unknown).toMatchObject({ code: -1, message: 'No snapshot found', data: { id: 999 } })
    expect(sim.chain.latest.hash).toBe(latest)
  })
})

describe('with --node', () => {
  let node: RunningSim
  let front: RunningSim
  beforeAll(async () => {
    node = await startSim({ accounts: 1 })
    front = await startSim({ node: node.rpcUrl, accounts: 1 })
  })
  afterAll(async () => {
    await front?.close()
    await node?.close()
  })

  it('refuses devnet_snapshot and devnet_revert with -32600 instead of asking the node', async () => {
    for (const body of [
      { jsonrpc: '2.0', id: 7, method: 'devnet_snapshot', params: {} },
      { jsonrpc: '2.0', id: 7, method: 'devnet_revert', params: { id: 1 } },
    ]) {
      const answer = await fetch(front.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json())
      expect(answer).toMatchObject({ id: 7, error: { code: -32600 } })
      expect(answer.error.message).toContain('devnet_dump / devnet_load')
    }
  })
})
