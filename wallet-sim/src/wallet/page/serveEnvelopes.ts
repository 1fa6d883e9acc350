// Runs tRPC v11 procedures for trpc-browser envelopes, whatever carries them (postMessage, memory).
// Requests are validated with protocol's envelope schemas; anything else is ignored.

import type { AnyTRPCRouter } from '@trpc/server'
import {
  callProcedure,
  getErrorShape,
  getTRPCErrorFromUnknown,
  isAsyncIterable,
} from '@trpc/server/unstable-core-do-not-import'
import { errorEnvelope, parseEnvelope, resultEnvelope } from '@webwallet/protocol'

/** Where the answers of one client go. */
export interface EnvelopePort {
  post(message: unknown): void
}

export interface EnvelopeServerOptions<TContext> {
  router: AnyTRPCRouter
  /** Called once per request with the port it came on. */
  createContext: (port: EnvelopePort) => TContext
  /** Called after a query or mutation was answered (result or error). */
  onAnswered?: () => void
}

/**
 * A transport-free tRPC server over the envelope format.
 *
 * @example
 * const server = createEnvelopeServer({ router, createContext: () => ({ origin }) })
 * window.addEventListener('message', (e) => server.receive(e.data, port))
 */
export function createEnvelopeServer<TContext>(options: EnvelopeServerOptions<TContext>) {
  const { router } = options
  const subscriptions = new Map<EnvelopePort, Map<string | number, AbortController>>()

  const running = (port: EnvelopePort) => {
    let map = subscriptions.get(port)
    if (map === undefined) {
      map = new Map()
      subscriptions.set(port, map)
    }
    return map
  }

  async function call(
    port: EnvelopePort,
    id: string | number,
    type: 'query' | 'mutation' | 'subscription',
    path: string,
    input: unknown,
  ) {
    const ctx = options.createContext(port)
    // Every request can be stopped by its id (the dapp gave up on it): its procedure sees the signal.
    const controller = new AbortController()
    running(port).set(id, controller)
    try {
      const result = await callProcedure({
        router,
        path,
        getRawInput: async () => input,
        ctx,
        type,
        signal: controller.signal,
        batchIndex: 0,
      })
      if (type !== 'subscription') {
        running(port).delete(id)
        port.post(resultEnvelope(id, result))
        return options.onAnswered?.()
      }
      if (!isAsyncIterable(result)) throw new TypeError('A subscription must return an async iterable')
      port.post(resultEnvelope(id, undefined, 'started'))
      for await (const data of result) {
        if (controller.signal.aborted) break
        port.post(resultEnvelope(id, data))
      }
      running(port).delete(id)
      port.post(resultEnvelope(id, undefined, 'stopped'))
    } catch (cause) {
      running(port).delete(id)
      const error = getTRPCErrorFromUnknown(cause)
      const shape = getErrorShape({ config: router._def._config, error, type, path, input, ctx })
      port.post(errorEnvelope(id, shape))
      if (type !== 'subscription') options.onAnswered?.()
    }
  }

  return {
    /**
     * Handles one incoming message; returns what it was (a request's method, or 'stop'), false when it was
     * neither (and was ignored).
     */
    receive(data: unknown, port: EnvelopePort): 'query' | 'mutation' | 'subscription' | 'stop' | false {
      const envelope = parseEnvelope(data)
      if (envelope?.kind === 'stop') {
        running(port).get(envelope.message.trpc.id)?.abort()
        return 'stop'
      }
      if (envelope?.kind !== 'request') return false
      const { id, method, params } = envelope.message.trpc
      void call(port, id, method, params.path, params.input)
      return method
    },
    /** Stops every running request and subscription. */
    close(): void {
      for (const map of subscriptions.values()) for (const controller of map.values()) controller.abort()
      subscriptions.clear()
    },
  }
}

export type EnvelopeServer = ReturnType<typeof createEnvelopeServer>
