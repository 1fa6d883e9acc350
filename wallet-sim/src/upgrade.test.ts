// Raw upgrade requests whose target no URL parser accepts must get an HTTP answer, never take the
// simulator down (one such request used to throw in the /trpc upgrade handler and crash the process).
import { connect } from 'node:net'
import { expect, it } from 'vitest'
import { startSim } from './index'

/** Sends a WebSocket upgrade for `target` and resolves with the status line of the answer. */
function upgrade(port: number, target: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `GET ${target} HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
      )
    })
    socket.once('data', (data) => {
      resolve(data.toString().split('\r\n')[0]!)
      socket.destroy()
    })
    socket.once('error', reject)
  })
}

it('answers malformed and unknown upgrade targets and keeps serving', async () => {
  await using sim = await startSim({ accounts: 1 })
  const port = Number(new URL(sim.url).port)
  for (const target of ['//[', 'http://[::1', '//a:b@[/trpc', '/nowhere'])
    expect(await upgrade(port, target)).toBe('HTTP/1.1 404 Not Found')
  expect(await upgrade(port, '/trpc')).toBe('HTTP/1.1 101 Switching Protocols')
  expect(await upgrade(port, '/rpc')).toBe('HTTP/1.1 101 Switching Protocols')
  const answer = await fetch(sim.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'starknet_chainId' }),
  })
  expect(((await answer.json()) as { result: string }).result).toBe('0x534e5f5345504f4c4941')
})
