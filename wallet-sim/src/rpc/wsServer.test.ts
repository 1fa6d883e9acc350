// The Starknet WebSocket API on a started simulator: its paths and versions, upgrade routing next to /trpc,
// notifications of changes made over HTTP, and input that must not bring the server down.
import { describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { startSim } from '../index'
import { MAX_MESSAGE_BYTES } from './wsServer'
import { connect } from './wsTestHelpers'

const closeOf = (socket: WebSocket) =>
  new Promise<number>((resolve) => socket.once('close', (code: number) => resolve(code)))

describe('the WebSocket API of a started simulator', () => {
  it('speaks 0.10 at /rpc, /rpc/v0_10 and /ws, 0.9 at /rpc/v0_9', async () => {
    await using sim = await startSim({ accounts: 1 })
    const base = sim.url.replace(/^http/, 'ws')
    expect(sim.rpcWsUrl).toBe(`${base}/rpc`)
    for (const [path, version] of [
      ['/rpc', '0.10.0'],
      ['/rpc/v0_10', '0.10.0'],
      ['/ws', '0.10.0'],
      ['/rpc/v0_9', '0.9.0'],
    ]) {
      await using rpc = await connect(`${base}${path}?client=test`)
      expect(await rpc.ok('starknet_specVersion')).toBe(version)
    }
  })

  it('leaves /trpc to the wallet router and answers 404 to other paths', async () => {
    await using sim = await startSim({ accounts: 1 })
    const base = sim.url.replace(/^http/, 'ws')
    await using trpc = await connect(sim.trpcUrl)
    expect(trpc.socket.readyState).toBe(WebSocket.OPEN)
    for (const path of ['/nope', '/rpc/v0_7', '/trpc/', '/rpc/']) {
      await expect(connect(`${base}${path}`)).rejects.toThrow('Unexpected server response: 404')
    }
    const http = await fetch(sim.rpcUrl, {
      method: 'POST',
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'starknet_blockNumber' }),
    })
    expect(await http.json()).toEqual({ jsonrpc: '2.0', id: 1, result: 0 })
  })

  it('notifies a socket of blocks made over HTTP', async () => {
    await using sim = await startSim({ accounts: 1 })
    await using rpc = await connect(sim.rpcWsUrl)
    const id = await rpc.ok<string>('starknet_subscribeNewHeads')
    const made = await fetch(sim.rpcUrl, {
      method: 'POST',
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'devnet_createBlock' }),
    })
    const { result } = (await made.json()) as { result: { block_hash: string } }
    expect((await rpc.notification(id)).params.result).toMatchObject({
      block_number: 1,
      block_hash: result.block_hash,
    })
  })

  it('reads binary frames, closes a socket that sends an oversized message (1009), and serves on', async () => {
    await using sim = await startSim({ accounts: 1 })
    await using rpc = await connect(sim.rpcWsUrl)
    const binary = Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 'bin', method: 'starknet_blockNumber' }))
    expect(await rpc.raw(binary)).toEqual({ jsonrpc: '2.0', id: 'bin', result: 0 })
    expect(await rpc.raw(Buffer.from([0xff, 0xfe, 0x00]))).toMatchObject({ error: { code: -32700 } })
    const closed = closeOf(rpc.socket)
    rpc.socket.send(Buffer.alloc(MAX_MESSAGE_BYTES + 1, 0x20))
    expect(await closed).toBe(1009)
    await using next = await connect(sim.rpcWsUrl)
    expect(await next.ok('starknet_blockNumber')).toBe(0)
  })

  it('drops its sockets when the simulator closes', async () => {
    const sim = await startSim({ accounts: 1 })
    const rpc = await connect(sim.rpcWsUrl)
    await rpc.ok('starknet_subscribeNewHeads')
    const closed = closeOf(rpc.socket)
    await sim.close()
    expect(await closed).toBe(1006)
  })
})
