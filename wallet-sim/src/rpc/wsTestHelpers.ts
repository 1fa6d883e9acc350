// Test helpers for the Starknet WebSocket API: a JSON-RPC client that queues what the server sends, over a
// real socket (`ws`) or over memory (a session and hub, no server), and a simulator to drive.
import { WebSocket } from 'ws'
import type { Call } from '../chain/contract'
import { ETH_ADDRESS } from '../chain/contracts/index'
import { selectorOf, toHex } from '../chain/felt'
import { Simulator, type SimulatorOptions } from '../chain/simulator'
import { signedInvoke } from '../chain/testHelpers'
import type { RpcVersion } from './handler'
import { createSessionHub } from './wsHub'
import { createSession } from './wsSession'

export interface Notification {
  method: string
  params: { subscription_id: string; result: Record<string, unknown> }
}
export interface Answer {
  jsonrpc: '2.0'
  id: unknown
  result?: unknown
  error?: { code: number; message: string; data?: unknown }
}

export interface RpcClient extends AsyncDisposable {
  /** Sends a request; resolves with the answer carrying its id. */
  request(method: string, params?: unknown): Promise<Answer>
  /** Sends a request and returns its result; fails the test on an error answer. */
  ok<T = unknown>(method: string, params?: unknown): Promise<T>
  /** Sends raw text; resolves with the next message that is not a notification. */
  raw(text: string | Buffer): Promise<unknown>
  /** The next notification, in order (of one subscription when given). */
  notification(subscriptionId?: string): Promise<Notification>
  /** Every notification received up to a round trip from now (nothing is left in flight after it). */
  drain(): Promise<Notification[]>
  close(): Promise<void>
}

type Waiter = { test: (m: unknown) => boolean; resolve: (m: unknown) => void }

// A queue of what the server sent and of the tests waiting for some of it.
function createInbox() {
  const messages: unknown[] = []
  const waiters: Waiter[] = []
  return {
    push(message: unknown) {
      const i = waiters.findIndex((w) => w.test(message))
      if (i >= 0) waiters.splice(i, 1)[0]!.resolve(message)
      else messages.push(message)
    },
    take(test: (m: unknown) => boolean): Promise<unknown> {
      const i = messages.findIndex(test)
      if (i >= 0) return Promise.resolve(messages.splice(i, 1)[0])
      return new Promise((resolve) => waiters.push({ test, resolve }))
    },
    takeAll(test: (m: unknown) => boolean): unknown[] {
      const taken = messages.filter(test)
      for (const m of taken) messages.splice(messages.indexOf(m), 1)
      return taken
    },
  }
}

const isNotification = (m: unknown): m is Notification =>
  typeof m === 'object' && m !== null && 'method' in m && 'params' in m

function createClient(send: (text: string | Buffer) => void, close: () => Promise<void>) {
  const inbox = createInbox()
  let nextId = 1
  const request = async (method: string, params?: unknown) => {
    const id = nextId++
    send(JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) }))
    return (await inbox.take((m) => (m as Answer).id === id)) as Answer
  }
  const client: RpcClient = {
    request,
    async ok<T>(method: string, params?: unknown) {
      const answer = await request(method, params)
      if (answer.error) throw new Error(`${method}: ${JSON.stringify(answer.error)}`)
      return answer.result as T
    },
    raw(text) {
      send(text)
      return inbox.take((m) => !isNotification(m))
    },
    async notification(subscriptionId) {
      return (await inbox.take(
        (m) =>
          isNotification(m) && (subscriptionId === undefined || m.params.subscription_id === subscriptionId),
      )) as Notification
    },
    async drain() {
      await request('starknet_chainId')
      return inbox.takeAll(isNotification) as Notification[]
    },
    close,
    [Symbol.asyncDispose]: close,
  }
  return { client, receive: (text: string) => inbox.push(JSON.parse(text)) }
}

/**
 * A client on a real socket.
 * @example await using rpc = await connect(`${sim.rpcWsUrl}`)
 */
export async function connect(url: string): Promise<RpcClient & { socket: WebSocket }> {
  const socket = new WebSocket(url)
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
  const { client, receive } = createClient(
    (text) => socket.send(text),
    async () => {
      if (socket.readyState !== WebSocket.CLOSED) socket.close()
      await closed
    },
  )
  socket.on('message', (data) => receive(String(data)))
  return Object.assign(client, { socket })
}

/**
 * A client on a session in memory, fed by its own hub over `sim`'s chain.
 * @example await using rpc = memoryClient(new Simulator({ accounts: 2 }), '0.10')
 */
export function memoryClient(sim: Simulator, version: RpcVersion = '0.10'): RpcClient {
  const hub = createSessionHub(sim)
  let receive: (text: string) => void = () => {}
  const session = createSession({ host: sim, version, send: (text) => receive(text) })
  hub.add(session)
  const made = createClient(
    (text) => session.receive(String(text)),
    async () => hub.close(),
  )
  receive = made.receive
  return made.client
}

/**
 * A simulator with two accounts, and signed invokes from the first (at its next nonce).
 * @example const { sim, transfer } = testChain(); const hash = transfer()
 */
export function testChain(options: SimulatorOptions = {}) {
  const sim = new Simulator({ accounts: 2, ...options })
  const account = (i: number) => {
    const x = sim.accounts[i]!
    return { address: BigInt(x.address), key: BigInt(x.private_key), hex: toHex(BigInt(x.address)) }
  }
  const [a, b] = [account(0), account(1)]
  const invoke = (calls: Call[], from = a): string =>
    toHex(
      sim.chain.addTransaction(
        signedInvoke({
          sender: from.address,
          privateKey: from.key,
          nonce: sim.chain.pending.getNonce(from.address),
          calls,
          chainId: sim.chain.chainId,
        }),
      ).hash,
    )
  const transfer = (amount = 1n, from = a) =>
    invoke([{ to: ETH_ADDRESS, selector: selectorOf('transfer'), calldata: [b.address, amount, 0n] }], from)
  return { sim, a, b, invoke, transfer, [Symbol.dispose]: () => sim.close() }
}
