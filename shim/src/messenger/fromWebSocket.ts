import { websocketReconnectDelay } from '@webwallet/protocol/constants'
import { WalletNotAvailableError } from '@webwallet/protocol/errors'
import { parseTrpcResponse } from './envelope'
import { channelError, waitedInVain } from './errors'
import { WEBSOCKET_OPEN_TIMEOUT_MS } from './limits'
import type { Channel, Incoming } from './types'

/** The state of the socket behind a WebSocket channel. */
export type WebSocketState = 'connecting' | 'open' | 'closed'

/** The WebSocket constructor shape used (the browser's, Node 22's global, or the `ws` package). */
export type WebSocketLike = {
  readonly readyState: number
  send(data: string): void
  close(): void
  addEventListener(
    type: 'open' | 'close' | 'error' | 'message',
    listener: (event: { data?: unknown }) => void,
  ): void
}
/**
 * A WebSocket class: the browser's, or `ws`'s on Node 20 (which has none built in).
 * @example createConnector({ transport: 'websocket', WebSocket: WebSocket as never }) // `import { WebSocket } from 'ws'`
 */
export type WebSocketConstructor = new (url: string) => WebSocketLike

/** Options of {@link fromWebSocket}. */
export type FromWebSocketOptions = {
  /** wallet-sim's tRPC endpoint, e.g. `ws://localhost:3005/trpc`. */
  url: string
  /** Defaults to `globalThis.WebSocket` (browsers, Node 22+); pass `ws`'s class on Node 20. */
  WebSocket?: WebSocketConstructor | undefined
  /** Called on every state change. */
  onState?: ((state: WebSocketState) => void) | undefined
  /** How long a request waits for the socket to open before 'Wallet not available'; default 20000 ms. */
  openTimeoutMs?: number | undefined
}

export { WEBSOCKET_OPEN_TIMEOUT_MS }

/** A WebSocket channel plus its observable connection state. */
export type WebSocketChannel = Channel & {
  state(): WebSocketState
  /** Why the last attempt failed when it never opened (refused, reset, DNS); undefined otherwise. */
  refusal(): unknown
}

/**
 * The WebSocket channel's code, a chunk of its own: `Messenger.fromWebSocket` (./headless) loads it and says
 * what it does.
 *
 * @example
 * const channel = fromWebSocket({ url: 'ws://localhost:3005/trpc', WebSocket })
 */
export function fromWebSocket(options: FromWebSocketOptions): WebSocketChannel {
  const Socket = options.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket
  if (!Socket)
    throw new WalletNotAvailableError({ cause: 'No WebSocket implementation: pass options.WebSocket' })
  const openTimeoutMs = options.openTimeoutMs ?? WEBSOCKET_OPEN_TIMEOUT_MS
  // Requests waiting for the socket to open, each with its time limit.
  let waiters: Array<{ resolve: () => void; timer: ReturnType<typeof setTimeout> | undefined }> = []
  const listeners = new Set<{ onResponse: (r: Incoming) => void; onClose: (e: Error) => void }>()
  const link = connection(
    options,
    Socket,
    () => {
      const ready = waiters
      waiters = []
      for (const waiter of ready) {
        clearTimeout(waiter.timer)
        waiter.resolve()
      }
    },
    (response) => {
      for (const listener of listeners) listener.onResponse(response)
    },
    // Requests already sent on this socket are lost with it; queued ones wait for the reconnect.
    () => {
      for (const listener of listeners) listener.onClose(channelError('websocket'))
    },
    () => waiters.length > 0,
  )

  return {
    state: link.state,
    refusal: link.refusal,
    ready() {
      if (link.closed()) return Promise.reject(channelError('websocket'))
      if (link.state() === 'open') return Promise.resolve()
      return new Promise<void>((resolve, reject) => {
        const waiter = {
          resolve,
          timer: Number.isFinite(openTimeoutMs)
            ? setTimeout(() => {
                waiters = waiters.filter((w) => w !== waiter)
                reject(waitedInVain(options.url, link.refusal()))
              }, openTimeoutMs)
            : undefined,
        }
        waiters.push(waiter)
        link.wanted()
      })
    },
    post(request) {
      link.send(JSON.stringify(request))
    },
    listen(onResponse, onClose) {
      const listener = { onResponse, onClose }
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    close() {
      link.close(() => {
        for (const waiter of waiters) clearTimeout(waiter.timer)
        waiters = []
      })
    },
  }
}

/**
 * One socket at a time to the wallet: opened when a request wants it, reopened with backoff (a connection
 * that never opened keeps retrying), closed for good once. It tells its channel when the socket opened, each
 * response, when an open socket dropped; `waiting` says whether requests wait (a dropped one reconnects only then).
 */
function connection(
  options: FromWebSocketOptions,
  Socket: WebSocketConstructor,
  opened: () => void,
  respond: (response: Incoming) => void,
  dropped: () => void,
  waiting: () => boolean,
) {
  let socket: WebSocketLike | undefined
  let state: WebSocketState = 'closed'
  let attempt = 0
  let retry: ReturnType<typeof setTimeout> | undefined
  let closedForGood = false
  // The last attempt's failure when it never opened (refused, reset, DNS): the wallet cannot be reached.
  let refused: unknown

  const setState = (next: WebSocketState) => {
    state = next
    options.onState?.(next)
  }
  const connect = () => {
    if (closedForGood || socket) return
    setState('connecting')
    const current = new Socket(options.url)
    socket = current
    let open = false
    // A refused connection fires 'error' then 'close'; `ws` throws an 'error' nobody listens to (Node).
    current.addEventListener('error', (event) => {
      if (!open) refused = event
    })
    current.addEventListener('open', () => {
      if (socket !== current) return
      open = true
      refused = undefined
      attempt = 0
      setState('open')
      opened()
    })
    current.addEventListener('message', (event) => {
      if (socket !== current) return
      const message = readMessage(event.data)
      if (message === 'reconnect') current.close()
      else if (message) respond(message)
    })
    current.addEventListener('close', () => {
      if (socket !== current) return
      socket = undefined
      setState('closed')
      if (open) dropped()
      if (closedForGood) return
      // A connection that never opened keeps retrying (also after its waiters gave up); one that dropped
      // reconnects only while someone waits: an idle channel stays closed.
      if (waiting() || !open) scheduleReconnect()
    })
  }
  const scheduleReconnect = () => {
    if (retry !== undefined) return
    const delay = websocketReconnectDelay(attempt++)
    retry = setTimeout(() => {
      retry = undefined
      connect()
    }, delay)
    // In Node a pending reconnect alone does not keep the process alive.
    ;(retry as { unref?: () => void }).unref?.()
  }

  return {
    state: () => state,
    refusal: () => refused,
    closed: () => closedForGood,
    /** A request waits for the socket: it tries at once, unless a reconnect already scheduled keeps its backoff. */
    wanted() {
      if (!socket && retry === undefined) connect()
    },
    send(text: string) {
      if (!socket || state !== 'open') throw channelError('websocket')
      socket.send(text)
    },
    /** Closes for good; `release` lets the waiters go before the socket closes. */
    close(release: () => void) {
      closedForGood = true
      if (retry !== undefined) clearTimeout(retry)
      retry = undefined
      release()
      socket?.close()
    },
  }
}

/** A socket message as a response, 'reconnect' for the server's notice, undefined for anything else. */
function readMessage(text: unknown): Incoming | 'reconnect' | undefined {
  if (typeof text !== 'string') return undefined
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return undefined // not a tRPC message (e.g. a keep-alive 'PONG')
  }
  if (typeof data === 'object' && data !== null && (data as { method?: unknown }).method === 'reconnect')
    return 'reconnect'
  return parseTrpcResponse(data)
}
