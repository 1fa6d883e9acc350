// A minimal tRPC v11 window handler for the connector's tests (the real one is wallet-sim's): answers
// the trpc-browser envelope from one trusted origin and window only, and never posts to '*'.
import type { AnyTRPCRouter } from '@trpc/server'
import {
  callProcedure,
  getErrorShape,
  getTRPCErrorFromUnknown,
  isAsyncIterable,
} from '@trpc/server/unstable-core-do-not-import'

export type ServeWindowOptions = {
  router: AnyTRPCRouter
  /** The window requests arrive on (the wallet page's). */
  listen: Pick<Window, 'addEventListener' | 'removeEventListener'>
  /** The host's exact origin: the only accepted sender and the only target origin. */
  hostOrigin: string
  /** The host's window (parent or opener): the only accepted `event.source`. */
  host: () => MessageEventSource | null
}

type Request = { id: string | number; method: string; params?: { path: string; input?: unknown } }

/**
 * Serves a tRPC router over postMessage; returns the stop function.
 *
 * @example
 * serveWindow({ router, listen: window, hostOrigin: 'http://127.0.0.1:4000', host: () => window.parent })
 */
export function serveWindow(options: ServeWindowOptions): () => void {
  const running = new Map<string | number, AbortController>()
  const post = (message: object) =>
    (options.host() as Window | null)?.postMessage(
      { trpc: { jsonrpc: '2.0', ...message } },
      options.hostOrigin,
    )

  const handle = async (request: Request, origin: string) => {
    if (request.method === 'subscription.stop') {
      running.get(request.id)?.abort()
      running.delete(request.id)
      return
    }
    const { path, input } = request.params ?? { path: '' }
    const type = request.method as 'query' | 'mutation' | 'subscription'
    const controller = new AbortController()
    try {
      const result = await callProcedure({
        router: options.router,
        path,
        getRawInput: async () => input,
        ctx: { origin },
        type,
        signal: controller.signal,
        batchIndex: 0,
      })
      if (type !== 'subscription') return post({ id: request.id, result: { type: 'data', data: result } })
      if (!isAsyncIterable(result)) throw new TypeError('subscriptions must return an async iterable')
      running.set(request.id, controller)
      post({ id: request.id, result: { type: 'started' } })
      for await (const data of result) {
        if (controller.signal.aborted) break
        post({ id: request.id, result: { type: 'data', data } })
      }
      if (!controller.signal.aborted) post({ id: request.id, result: { type: 'stopped' } })
    } catch (cause) {
      const error = getTRPCErrorFromUnknown(cause)
      const shape = getErrorShape({
        config: options.router._def._config,
        error,
        type,
        path,
        input,
        ctx: { origin },
      })
      post({ id: request.id, error: shape })
    }
  }

  const onMessage = (event: MessageEvent) => {
    if (event.origin !== options.hostOrigin || event.source !== options.host()) return
    const trpc = (event.data as { trpc?: Request } | null)?.trpc
    if (!trpc || typeof trpc.method !== 'string' || trpc.id === undefined) return
    if ('result' in trpc || 'error' in trpc) return
    void handle(trpc, event.origin)
  }
  options.listen.addEventListener('message', onMessage)
  return () => {
    options.listen.removeEventListener('message', onMessage)
    for (const controller of running.values()) controller.abort()
  }
}
