import type { Channel, Incoming, TrpcRequest } from './types'

/** The wallet side of a memory channel: sees every request, answers, or ends the channel. */
export type MemoryPeer = {
  /** Requests posted so far, in order. */
  readonly requests: TrpcRequest[]
  /** Calls `listener` for each request posted from now on. */
  onRequest(listener: (request: TrpcRequest) => void): void
  /** Delivers a response (or a malformed reply) to the messenger. */
  reply(response: Incoming): void
  /** Ends the channel: pending requests are rejected with `error`. */
  end(error: Error): void
  /** Resolves `ready()` (memory channels start ready unless `{ready: false}`). */
  open(): void
}

/**
 * An in-process Channel and its wallet-side peer, for unit tests of everything above the channel.
 *
 * @example
 * const [channel, wallet] = Messenger.memory()
 * wallet.onRequest((r) => wallet.reply({ id: r.id, result: { data: 'SN_SEPOLIA' } }))
 */
export function memory(options: { ready?: boolean } = {}): [Channel, MemoryPeer] {
  const requests: TrpcRequest[] = []
  const requestListeners: Array<(request: TrpcRequest) => void> = []
  const listeners = new Set<{ onResponse: (r: Incoming) => void; onClose: (e: Error) => void }>()
  let open!: () => void
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  if (options.ready !== false) open()
  let closed = false

  const channel: Channel = {
    ready: () => opened,
    post(request) {
      if (closed) return
      requests.push(request)
      for (const listener of requestListeners) listener(request)
    },
    listen(onResponse, onClose) {
      const listener = { onResponse, onClose }
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    close() {
      closed = true
    },
  }
  const peer: MemoryPeer = {
    requests,
    onRequest: (listener) => requestListeners.push(listener),
    reply: (response) => {
      for (const listener of listeners) listener.onResponse(response)
    },
    end: (error) => {
      for (const listener of listeners) listener.onClose(error)
    },
    open: () => open(),
  }
  return [channel, peer]
}
