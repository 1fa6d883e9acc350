// Hostile frames to every WebSocket path of the list (listeners.ts) and hostile messages of every kind
// each wire reads: the fixed extremes (deep nesting, large and binary frames, invalid UTF-8, prototype
// keys, batches of batches, huge batches), a frame over 20 MiB, and each message kind (tRPC's calls of
// every procedure, stops for unknown ids, connection params, PING; the Starknet API's subscribe methods,
// unsubscribe, other methods) with hostile params. Each frame gets coded answers (a JSON-RPC or tRPC error,
// or a result) or closes its own socket with a code; the next frame on a socket is still answered, the
// server answers /is_alive, and no state moved.
import { connect } from 'node:net'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import {
  DEEP_ARRAYS,
  HOSTILE_INPUTS,
  hostileJson,
  isCodedError,
  overTheLimit,
  PROTOTYPE_KEYS,
} from './hostileInputs'
import { type RunningSim, startSim } from './index'
import { TRPC_PROCEDURES, WEBSOCKET_LISTENERS, WEBSOCKET_WIRES } from './listeners'
import { send, stateOf } from './listenersTesting'
import { MAX_MESSAGE_BYTES } from './rpc/wsServer'

let sim: RunningSim
let before: string
beforeAll(async () => {
  sim = await startSim({ accounts: 1, approve: 'reject' })
  before = await stateOf(sim)
})
afterAll(() => sim?.close())

/**
 * Close codes a socket may end with: RFC 6455's for a bad frame (1002, 1007, 1009) and too many unread
 * answers (1008). Not 1011: that is a handler that threw, caught by the listener's last resort.
 */
const CLOSE_CODES = [1002, 1007, 1008, 1009]

/** What a socket may send back: a coded error, a result, a notification, or tRPC's PONG. */
function isAnswer(message: unknown): boolean {
  if (message === 'PONG') return true
  if (isCodedError(message)) return true
  if (typeof message !== 'object' || message === null) return false
  return 'result' in message || ('method' in message && 'params' in message)
}

interface Socket {
  readonly ws: WebSocket
  readonly seen: unknown[]
  closed?: { code: number; reason: string }
}

async function open(path: string): Promise<Socket> {
  const ws = new WebSocket(`${sim.url.replace(/^http/, 'ws')}${path}`)
  const socket: Socket = { ws, seen: [] }
  ws.on('message', (data, isBinary) => {
    const text = isBinary ? '(binary)' : data.toString()
    socket.seen.push(text === 'PONG' ? text : (JSON.parse(text) as unknown))
  })
  ws.on('error', () => {})
  ws.on('close', (code, reason) => (socket.closed = { code, reason: reason.toString() }))
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
  return socket
}

/** Resolves once `done()` holds or the socket has closed, checked on each message (no polling). */
function until(socket: Socket, done: () => boolean, what = ''): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within 10 s: ${what}`)), 10_000)
    const check = () => {
      if (socket.closed === undefined && !done()) return
      clearTimeout(timer)
      socket.ws.off('message', check).off('close', check)
      resolve()
    }
    socket.ws.on('message', check).on('close', check)
    check()
  })
}

let probes = 0
/** A request each wire answers (its id says which), to tell that every answer to a frame came. */
function probe(wire: string): { id: string; text: string } {
  const id = `probe-${++probes}`
  const call =
    wire === 'trpc'
      ? { method: 'mutation', params: { path: 'requestChainId' } }
      : { jsonrpc: '2.0', method: 'starknet_chainId' }
  return { id, text: JSON.stringify({ id, ...call }) }
}

/**
 * Sends `frame` on the path's socket, then a probe; resolves once the probe is answered or the socket has
 * closed, having checked every answer in between (a closed socket is replaced by a new one).
 */
async function hit(path: string, sockets: Map<string, Socket>, frame: string | Buffer, binary = false) {
  let socket = sockets.get(path) ?? (await open(path))
  if (socket.closed) socket = await open(path)
  sockets.set(path, socket)
  const wire = WEBSOCKET_LISTENERS[path]!
  const { id, text } = probe(wire)
  const from = socket.seen.length
  socket.ws.send(frame, { binary })
  socket.ws.send(text)
  const said = `${path} ← ${String(frame).slice(0, 80)}`
  await until(socket, () => socket.seen.some((m) => (m as { id?: unknown }).id === id), said)
  for (const message of socket.seen.slice(from))
    expect(isAnswer(message), `${said} → ${JSON.stringify(message).slice(0, 200)}`).toBe(true)
  if (socket.closed) expect(CLOSE_CODES, `${said} closed ${socket.closed.code}`).toContain(socket.closed.code)
}

/** Hostile params for a message of each kind: prototype keys, deep nesting, a large string, a large array. */
const PARAMS = [
  JSON.parse(PROTOTYPE_KEYS) as unknown,
  'DEEP',
  'x'.repeat(200_000),
  Array.from({ length: 10_000 }, () => ['0x1']),
]
/** A message whose params are `params` ('DEEP' as the 100k nested arrays, spliced into the text). */
const message = (fields: object, params: unknown) =>
  params === 'DEEP'
    ? JSON.stringify({ ...fields, params: 0 }).replace(/"params":0/, `"params":${DEEP_ARRAYS}`)
    : JSON.stringify({ ...fields, params })

/** Every message kind of a wire, each with every hostile params. */
function kinds(wire: keyof typeof WEBSOCKET_WIRES): string[] {
  if (wire === 'starknet') {
    const methods = [
      ...WEBSOCKET_WIRES.starknet.filter((kind) => kind.startsWith('starknet_')),
      'starknet_getBlockWithTxHashes',
      '__proto__',
      'constructor',
      'devnet_mint',
    ]
    return methods.flatMap((method) =>
      PARAMS.map((params) => message({ jsonrpc: '2.0', id: 1, method }, params)),
    )
  }
  const calls = Object.keys(TRPC_PROCEDURES).flatMap((path) =>
    ['query', 'mutation', 'subscription'].flatMap((method) =>
      PARAMS.map((input) => message({ id: 7, method }, 'DEEP' === input ? 'DEEP' : { path, input })),
    ),
  )
  const stops = [999, '__proto__', 'constructor', -1, 1e308].map((id) =>
    JSON.stringify({ id, method: 'subscription.stop' }),
  )
  return [...calls, ...stops, JSON.stringify({ id: null, method: 'subscription.stop' }), 'PING', 'PONG']
}

describe('every WebSocket path', () => {
  it.each(Object.entries(WEBSOCKET_LISTENERS))(
    '%s (%s): the fixed extremes and every message kind',
    async (path, wire) => {
      const sockets = new Map<string, Socket>()
      for (const input of HOSTILE_INPUTS) await hit(path, sockets, input.body, input.binary)
      // Text that is no UTF-8: ws closes the socket with 1007.
      await hit(path, sockets, Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), false)
      for (const frame of kinds(wire)) await hit(path, sockets, frame)
      expect((await send(sim.url, 'GET', '/is_alive')).status).toBe(200)
      for (const socket of sockets.values()) socket.ws.close()
    },
    60_000,
  )

  it.each(Object.keys(WEBSOCKET_LISTENERS))(
    '%s: a frame over 20 MiB closes that socket with 1009',
    async (path) => {
      const socket = await open(path)
      socket.ws.send(overTheLimit(MAX_MESSAGE_BYTES).body)
      await expect.poll(() => socket.closed?.code, { timeout: 10_000 }).toBe(1009)
    },
    30_000,
  )

  it('/trpc: hostile connection params (the first message with ?connectionParams=1) are an error, not an exit', async () => {
    for (const data of [PROTOTYPE_KEYS, DEEP_ARRAYS, '"x"', 'null']) {
      const socket = await open('/trpc?connectionParams=1')
      socket.ws.send(`{"method":"connectionParams","data":${data}}`)
      socket.ws.send(probe('trpc').text)
      await expect
        .poll(() => socket.closed !== undefined || socket.seen.length > 0, { timeout: 10_000 })
        .toBe(true)
      for (const message of socket.seen) expect(isAnswer(message), JSON.stringify(message)).toBe(true)
      socket.ws.close()
    }
  })

  it.each(Object.keys(WEBSOCKET_LISTENERS))(
    '%s: a broken or hostile handshake is answered (101 or 4xx); a reset socket is dropped',
    async (path) => {
      const { port } = new URL(sim.url)
      const valid =
        'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ=='
      const headers = [
        'Upgrade: websocket\r\nConnection: Upgrade',
        valid.replace('Version: 13', 'Version: 99'),
        `Origin: http://[\r\n${valid}`,
        `Origin: null\r\n${valid}`,
        `Origin: http://${'x'.repeat(8000)}.example\r\n${valid}`,
      ]
      const hosts = ['127.0.0.1', '[', 'evil.example', '']
      const targets = [path, `${path}?token=%ZZ&connectionParams=1`, `${path}?%E0`, `${path}/..%2F`]
      for (const [header, host, target] of headers.flatMap((h) =>
        hosts.flatMap((o) => targets.map((t) => [h, o, t] as const)),
      )) {
        const socket = connect(Number(port), '127.0.0.1')
        socket.write(`GET ${target} HTTP/1.1\r\nHost: ${host}\r\n${header}\r\n\r\n`)
        const answer = await new Promise<string>((resolve) => {
          let text = ''
          socket
            .on('data', (chunk) => {
              text += chunk
              if (text.includes('\r\n\r\n')) socket.destroy()
            })
            .on('close', () => resolve(text))
            .on('error', () => resolve(text))
        })
        expect(answer, `${target} Host: ${host} ${header.slice(0, 60)}`).toMatch(/^HTTP\/1\.1 (101|4\d\d) /)
      }
      // A client that resets its socket in the middle of the handshake.
      const reset = connect(Number(port), '127.0.0.1')
      reset.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n`)
      reset.resetAndDestroy()
      expect((await send(sim.url, 'GET', '/is_alive')).status).toBe(200)
    },
    30_000,
  )

  it('property: any JSON with prototype keys, alone or batched, on any path is answered with codes', async () => {
    const sockets = new Map<string, Socket>()
    const frame = fc.oneof(hostileJson, fc.array(hostileJson, { maxLength: 4 }))
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...Object.keys(WEBSOCKET_LISTENERS)), frame, async (path, value) => {
        await hit(path, sockets, JSON.stringify(value) ?? 'null')
      }),
      { numRuns: 150 },
    )
    for (const socket of sockets.values()) socket.ws.close()
  }, 60_000)

  it('left the chain, the account and Object.prototype as they were', async () => {
    expect(await stateOf(sim)).toBe(before)
  })
})
