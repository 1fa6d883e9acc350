// guardUpgrades is the one 'upgrade' listener of the server: a check or a WebSocket handler that throws
// answers that one request 500 instead of ending the process.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import { afterEach, expect, it, vi } from 'vitest'
import { guardUpgrades } from './guards'

let server: Server | undefined
afterEach(async () => {
  vi.restoreAllMocks()
  await new Promise((resolve) => server?.close(resolve))
})

/** The status line a raw upgrade request to `server` gets. */
async function upgrade(target: Server): Promise<string> {
  const socket = connect((target.address() as AddressInfo).port, '127.0.0.1')
  socket.write('GET /x HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n')
  const text = await new Promise<string>((resolve) => {
    let answer = ''
    socket.on('data', (chunk) => (answer += chunk)).on('close', () => resolve(answer))
  })
  return text.split('\r\n')[0] ?? ''
}

it.each([
  ['check', true],
  ['handler', false],
])('an upgrade whose %s throws is answered 500; the server goes on', async (_, inCheck) => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  server = createServer()
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  const upgrades = guardUpgrades(server, () => {
    if (inCheck) throw new Error('check failed')
    return undefined
  })
  upgrades.server.on('upgrade', () => {
    throw new Error('handler failed')
  })
  expect(await upgrade(server)).toBe('HTTP/1.1 500 Internal Server Error')
  expect(await upgrade(server)).toBe('HTTP/1.1 500 Internal Server Error')
  expect(console.error).toHaveBeenCalledTimes(2)
})
