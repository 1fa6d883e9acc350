import { TRPCClientError, type TRPCLink } from '@trpc/client'
import type { AnyTRPCRouter } from '@trpc/server'
import { observable } from '@trpc/server/observable'
import type { Messenger } from './types'

/**
 * The terminating tRPC v11 link over a Messenger: one link whatever the transport (window, WebSocket,
 * memory). Errors keep the coded error as `cause` (see {@link unwrapError}).
 *
 * @example
 * const client = createTRPCClient<WalletRouter>({ links: [messengerLink(messenger)] })
 * await client.requestChainId.mutate()
 */
export function messengerLink<TRouter extends AnyTRPCRouter>(messenger: Messenger): TRPCLink<TRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        if (op.type === 'subscription' || op.type === 'query' || op.type === 'mutation') {
          return messenger.send(
            { type: op.type, path: op.path, input: op.input },
            {
              // The envelope carries tRPC's own result shape ({type?, data}); hand it on untouched.
              next: (result) => observer.next({ result } as Parameters<typeof observer.next>[0]),
              error: (error) => observer.error(TRPCClientError.from(error)),
              complete: () => observer.complete(),
            },
          )
        }
        observer.error(TRPCClientError.from(new TypeError(`Unsupported operation: ${String(op.type)}`)))
        return () => {}
      })
}

/**
 * The coded error behind a tRPC client error (tRPC wraps what a link rejects with).
 *
 * @example
 * try { await client.enable.mutate() } catch (e) { throw unwrapError(e) }
 */
export function unwrapError(error: unknown): unknown {
  return error instanceof TRPCClientError && error.cause instanceof Error ? error.cause : error
}
