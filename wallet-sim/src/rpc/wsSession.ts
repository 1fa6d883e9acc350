// One WebSocket connection of the Starknet WebSocket API, apart from the socket: it reads each message
// (JSON-RPC, single or batched), answers subscribe / unsubscribe itself and every other method as HTTP does
// (handleRpc), and turns chain changes into its subscriptions' notifications.
import { randomBytes } from 'node:crypto'
import { RpcCode, RpcError } from '../chain/errors'
import { nestedDeeperThan } from '../infra/json/depth'
import type { DevHost } from './devnetMethods'
import type { SpecVersion } from './format'
import { answerText, batchTooLong, handleRpc, MAX_BATCH_REQUESTS, type RpcVersion, tooDeep } from './handler'
import { isLegacy } from './legacy'
import { invalidParams, namedParams } from './params'
import { errorAnswer, type RpcId } from './wsErrors'
import { type Filter, isSubscribeMethod, parseFilter, type SubscribeMethod } from './wsFilters'
import { subscribeIn08 } from './wsLegacy'
import {
  type ChainChange,
  catchUp,
  createFormatter,
  type Formatter,
  type Notification,
  notificationsFor,
} from './wsNotify'

/** Most live subscriptions one connection may hold (63 with a reason beyond). */
export const MAX_SUBSCRIPTIONS = 256

export interface SessionOptions {
  /** The simulator: its current chain, and the host `handleRpc` answers other methods with. */
  readonly host: DevHost
  /** 0.9 / 0.10, or 0.8 through ./wsLegacy (its subscriptions are 0.9's, shaped back). */
  readonly version: RpcVersion
  /** Sends one text message to the client. */
  readonly send: (text: string) => void
  readonly maxSubscriptions?: number
  /**
   * When a new subscription's replay (and what queued behind it) goes out, after its answer; default at once.
   * A socket waits for the client to have read the answer: see wsServer.ts.
   */
  readonly defer?: (flush: () => void) => void
  /** Why this connection's client may not use `devnet_*` methods (see handleRpc); undefined when it may. */
  readonly devnetRefusal?: string | undefined
}

interface Subscription {
  readonly filter: Filter
  /** Notifications held until the answer carrying the subscription id has gone out (replay first). */
  backlog: Notification[] | undefined
  /** How a notification reads in the connection's version (0.8); undefined drops it. Default: as is. */
  readonly out?: (n: Notification) => Notification | undefined
}

export interface Session {
  /** Handles one message from the client; never throws. */
  receive(text: string): void
  /** Sends the subscriptions' notifications of a chain change. */
  notify(change: ChainChange, format: Formatter): void
  /** Ends every subscription without a word, as starknet-devnet does on devnet_restart / devnet_load. */
  clear(): void
  readonly subscriptionCount: number
}

type Request = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown }

/**
 * A connection's JSON-RPC session.
 * @example
 * const session = createSession({ host: sim, version: '0.10', send: (text) => socket.send(text) })
 * socket.on('message', (data) => session.receive(data.toString()))
 */
export function createSession(options: SessionOptions): Session {
  const { version: v } = options
  const state: SessionState = {
    options,
    // Notifications are formatted as 0.9 for a 0.8 connection, then shaped back by its subscriptions.
    shape: isLegacy(v) ? '0.9' : v,
    max: options.maxSubscriptions ?? MAX_SUBSCRIPTIONS,
    subscriptions: new Map(),
  }
  const defer = options.defer ?? ((flush: () => void) => flush())
  return {
    receive(text) {
      const opened: string[] = []
      const answer = answerTo(state, text, opened)
      if (answer !== undefined) options.send(answerText(answer, v))
      if (opened.length === 0) return
      defer(() => {
        for (const id of opened) flush(state, id)
      })
    },
    notify(change, format) {
      for (const [id, subscription] of state.subscriptions) {
        for (const n of notificationsFor(subscription.filter, change, format, state.shape)) {
          if (subscription.backlog) subscription.backlog.push(n)
          else emit(state, id, subscription, n)
        }
      }
    },
    clear: () => state.subscriptions.clear(),
    get subscriptionCount() {
      return state.subscriptions.size
    },
  }
}

/** One connection's options and live subscriptions. */
interface SessionState {
  readonly options: SessionOptions
  /** The version notifications are formatted in. */
  readonly shape: SpecVersion
  /** Most live subscriptions. */
  readonly max: number
  readonly subscriptions: Map<string, Subscription>
}

const invalid = (v: RpcVersion, id: RpcId = null) => errorAnswer(id, new RpcError(RpcCode.INVALID_REQUEST), v)

/** The answer to one message (single or batched; undefined for notifications only); never throws. */
function answerTo(state: SessionState, text: string, opened: string[]): object | undefined {
  const v = state.options.version
  try {
    if (nestedDeeperThan(text)) throw tooDeep()
    const body: unknown = JSON.parse(text)
    if (!Array.isArray(body)) return call(state, body, opened)
    if (body.length === 0) return invalid(v)
    if (body.length > MAX_BATCH_REQUESTS) return batchTooLong(body.length, v)
    const answers = body.map((r) => call(state, r, opened)).filter((a) => a !== undefined)
    return answers.length > 0 ? answers : undefined
  } catch (e) {
    return e instanceof SyntaxError
      ? errorAnswer(null, new RpcError(RpcCode.PARSE_ERROR), v)
      : errorAnswer(null, e, v)
  }
}

/** One request: subscribe / unsubscribe here, every other method as HTTP answers it. */
function call(state: SessionState, raw: unknown, opened: string[]): object | undefined {
  const { host, version: v, devnetRefusal } = state.options
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return invalid(v)
  let req = raw as Request
  const { id } = req
  if (id !== undefined && id !== null && typeof id !== 'string' && typeof id !== 'number') return invalid(v)
  let out: Subscription['out']
  if (v === '0.8') {
    const in08 = subscribeIn08(host.chain, req)
    // 0.9's own subscribe methods are not 0.8's: the 0.8 method table answers -32601 for them.
    if (!in08 && req.method !== 'starknet_unsubscribe') return handleRpc(host, req, v, devnetRefusal)
    if (in08) ({ request: req, out } = in08)
  }
  const { method } = req
  if (method !== 'starknet_unsubscribe' && !(typeof method === 'string' && isSubscribeMethod(method))) {
    return handleRpc(host, req, v, devnetRefusal)
  }
  if (req.jsonrpc !== '2.0') return invalid(v, id ?? null)
  try {
    const result =
      method === 'starknet_unsubscribe'
        ? unsubscribe(state, req.params)
        : subscribe(state, method, req.params, opened, out)
    return id === undefined ? undefined : { jsonrpc: '2.0', id, result }
  } catch (e) {
    return id === undefined ? undefined : errorAnswer(id, e, v)
  }
}

function subscribe(
  state: SessionState,
  method: SubscribeMethod,
  params: unknown,
  opened: string[],
  out?: Subscription['out'],
): string {
  const { subscriptions, max } = state
  if (subscriptions.size >= max) {
    throw new RpcError(
      RpcCode.UNEXPECTED_ERROR,
      `at most ${max} subscriptions per connection: starknet_unsubscribe some first`,
    )
  }
  const chain = state.options.host.chain
  const filter = parseFilter(chain, method, params)
  let id = newSubscriptionId()
  while (subscriptions.has(id)) id = newSubscriptionId()
  // The replay is what the chain holds now; later changes (a batch's next request) queue behind it.
  const backlog = catchUp(filter, createFormatter(chain), state.shape)
  subscriptions.set(id, out ? { filter, backlog, out } : { filter, backlog })
  opened.push(id)
  return id
}

function unsubscribe(state: SessionState, params: unknown): boolean {
  const { subscription_id: raw } = namedParams(params, ['subscription_id'])
  if (typeof raw !== 'string' && typeof raw !== 'number')
    throw invalidParams('subscription_id must be a string')
  if (!state.subscriptions.delete(String(raw))) throw new RpcError(RpcCode.INVALID_SUBSCRIPTION_ID)
  return true
}

/** Sends a new subscription's replay and what queued behind it; from now on its notifications go out at once. */
function flush(state: SessionState, id: string): void {
  const subscription = state.subscriptions.get(id)
  const backlog = subscription?.backlog
  if (!subscription || !backlog) return
  subscription.backlog = undefined
  for (const n of backlog) emit(state, id, subscription, n)
}

function emit(state: SessionState, id: string, subscription: Subscription, raw: Notification): void {
  const n = subscription.out ? subscription.out(raw) : raw
  if (n === undefined) return
  state.options.send(
    JSON.stringify({
      jsonrpc: '2.0',
      method: n.method,
      params: { subscription_id: id, result: n.result },
    }),
  )
}

/** A random 64-bit subscription id, as a decimal string (SUBSCRIPTION_ID is a string since spec 0.8). */
const newSubscriptionId = () => BigInt(`0x${randomBytes(8).toString('hex')}`).toString()
