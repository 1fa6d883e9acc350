// One test wallet at the far end of each channel kind, so channels.test.ts runs one body over all of them
// (tRPC's style): memory, window postMessage, a real WebSocket server and a real HTTP server speaking tRPC's
// wires. Each answers a request as the test says and puts a hostile party's noise on the wire first.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  serializeError,
  UserRejectedError,
  WalletNotAvailableError,
  type WebWalletError,
} from '@webwallet/protocol/errors'
import { WebSocket, WebSocketServer } from 'ws'
import type { WebSocketConstructor } from '../fromWebSocket'
import * as Messenger from '../Messenger'
import type { Channel, Incoming, TrpcError, TrpcRequest } from '../types'

/** What the test wallet does with one request: answer, refuse with a coded error, garble or never answer. */
export type Reply = { data: unknown } | { error: WebWalletError } | 'garble' | 'hang'

/** A channel to a test wallet, and what the test can make the wallet do. */
export type WalletEnd = {
  channel: Channel
  /** The paths the wallet received, and `stop` for each request the caller gave up on (that it was told of). */
  readonly seen: string[]
  /** The wallet goes away (window closed, socket dropped, server gone) with requests pending. */
  kill(): void
  close(): Promise<void>
}

/** One channel kind: how to reach a wallet that answers with `reply`, and the code of a wallet that went away. */
export type ChannelCase = {
  name: string
  open(reply: (path: string) => Reply): Promise<WalletEnd>
  goneCode: string
}

const WALLET = 'https://wallet.example'

/** A coded error in the router's error shape (what `formatErrorData` puts on the wire). */
const wireError = (error: WebWalletError): TrpcError => ({
  code: -32603,
  message: error.message,
  data: { webwalletError: serializeError(error) },
})

/** The answer to request `id` as the WebSocket, window and memory wires carry it; undefined for 'hang'. */
function answerOf(
  id: TrpcRequest['id'],
  reply: Reply,
): Incoming | { id: TrpcRequest['id']; result: number } | undefined {
  if (reply === 'hang') return undefined
  if (reply === 'garble') return { id, result: 5 }
  return 'error' in reply ? { id, error: wireError(reply.error) } : { id, result: { data: reply.data } }
}

/** Notes a request in `seen`; answers it unless it is a stop. */
function receive(seen: string[], request: TrpcRequest, reply: (path: string) => Reply): Reply | undefined {
  if (request.method === 'subscription.stop') {
    seen.push('stop')
    return undefined
  }
  seen.push(request.params.path)
  return reply(request.params.path)
}

const overMemory: ChannelCase = {
  name: 'memory',
  goneCode: 'WALLET_NOT_AVAILABLE',
  async open(reply) {
    const [channel, wallet] = Messenger.memory()
    const seen: string[] = []
    wallet.onRequest((request) => {
      const answer = receive(seen, request, reply)
      if (answer === undefined || answer === 'hang') return
      wallet.reply({ id: 'forged', result: { data: 'evil' } })
      // Memory carries checked messages: a garbled answer is the flag the other channels' parsers set.
      if (answer === 'garble') wallet.reply({ id: request.id, malformed: true })
      else wallet.reply(answerOf(request.id, answer) as Incoming)
    })
    return { channel, seen, kill: () => wallet.end(new WalletNotAvailableError()), close: async () => {} }
  },
}

const overWindow: ChannelCase = {
  name: 'window',
  goneCode: 'USER_REJECTED',
  async open(reply) {
    const page = new EventTarget()
    const seen: string[] = []
    const gone = new Set<(error: Error) => void>()
    const other = { postMessage() {} }
    const deliver = (data: unknown, origin: string, source: unknown) =>
      page.dispatchEvent(Object.assign(new Event('message'), { data, origin, source }))
    const wallet = {
      postMessage(message: { trpc: TrpcRequest }, origin: string) {
        if (origin !== WALLET) return
        const answer = receive(seen, message.trpc, reply)
        const trpc = answer === undefined ? undefined : answerOf(message.trpc.id, answer)
        if (!trpc) return
        queueMicrotask(() => {
          const forged = { trpc: { ...trpc, result: { data: 'evil' } } }
          deliver(forged, 'https://evil.example', wallet)
          deliver(forged, WALLET, other)
          deliver(forged, WALLET, null)
          deliver({ ...trpc, result: { data: 'evil' } }, WALLET, wallet) // outside the envelope
          deliver({ trpc: { id: 'not-pending', result: 5 } }, WALLET, wallet)
          deliver('TRPC_BROWSER::POPUP_LOADED', WALLET, wallet)
          deliver({ trpc }, WALLET, wallet)
        })
      },
    }
    const channel = Messenger.fromWindow({
      listen: page as unknown as Window,
      target: () => wallet as unknown as Window,
      origin: WALLET,
      ready: async () => {},
      onGone: (listener) => {
        gone.add(listener)
        return () => gone.delete(listener)
      },
    })
    const kill = () => {
      for (const listener of gone) listener(new UserRejectedError())
    }
    return { channel, seen, kill, close: async () => {} }
  },
}

const overWebSocket: ChannelCase = {
  name: 'WebSocket',
  goneCode: 'WEBSOCKET_CLOSED',
  async open(reply) {
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1' })
    await new Promise((resolve) => server.once('listening', resolve))
    const seen: string[] = []
    server.on('connection', (socket) =>
      socket.on('message', (bytes) => {
        const request = JSON.parse(String(bytes)) as TrpcRequest
        const answer = receive(seen, request, reply)
        const trpc = answer === undefined ? undefined : answerOf(request.id, answer)
        if (!trpc) return
        socket.send('PONG')
        socket.send('{not json')
        socket.send(JSON.stringify({ id: 'forged', jsonrpc: '2.0', result: { data: 'evil' } }))
        socket.send(JSON.stringify({ ...trpc, jsonrpc: '2.0' }))
      }),
    )
    const { port } = server.address() as AddressInfo
    const channel = Messenger.fromWebSocket({
      url: `ws://127.0.0.1:${port}/trpc`,
      WebSocket: WebSocket as unknown as WebSocketConstructor,
    })
    const kill = () => {
      for (const client of server.clients) client.terminate()
    }
    const close = () => {
      kill()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    }
    return { channel, seen, kill, close }
  },
}

/** tRPC's HTTP wire: `/trpc/a,b?batch=1`, the inputs by index, one answer per call in order. */
async function answerHttp(
  request: IncomingMessage,
  response: ServerResponse,
  seen: string[],
  reply: (path: string) => Reply,
) {
  for await (const _ of request);
  const paths = decodeURIComponent(
    new URL(request.url ?? '/', 'http://x').pathname.replace(/^\/trpc\//, ''),
  ).split(',')
  const replies = paths.map((path) => {
    seen.push(path)
    return reply(path)
  })
  response.on('close', () => {
    if (!response.writableFinished) seen.push('stop')
  })
  if (replies.includes('hang')) return
  const body = replies.map((answer) => {
    const { id: _, ...item } = answerOf(0, answer) ?? {}
    return answer === 'garble' ? 5 : item
  })
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

const overHttp: ChannelCase = {
  name: 'HTTP',
  goneCode: 'SERVICE_UNREACHABLE',
  async open(reply) {
    const seen: string[] = []
    const server = createServer((request, response) => void answerHttp(request, response, seen, reply))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const channel = Messenger.fromHttp({ url: `http://127.0.0.1:${port}/trpc` })
    const kill = () => server.closeAllConnections()
    const close = () => {
      kill()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    }
    return { channel, seen, kill, close }
  },
}

/** Every channel kind the shim has, each with its test wallet. */
export const CHANNELS: ChannelCase[] = [overMemory, overWindow, overWebSocket, overHttp]
