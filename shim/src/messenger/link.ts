import type { OperationResultEnvelope, TRPCClientError, TRPCLink } from '@trpc/client'
import type { AnyTRPCRouter } from '@trpc/server'
import type { Observable, Observer } from '@trpc/server/observable'
import { OperationAbortedError, OperationTimeoutError, UnknownError } from '@webwallet/protocol/errors'
import type { Messenger } from './types'

// Only types come from @trpc/client: importing its index pulls its WebSocket client into every bundle
// (2.7 KB gzip), and tRPC's own client wraps link errors in TRPCClientError anyway.

/**
 * The terminating tRPC v11 link over a Messenger, whatever the channel. It fails with the coded error itself;
 * tRPC's client wraps it as `cause` (see {@link unwrapError}).
 *
 * @example
 * const client = createTRPCClient<WalletRouter>({ links: [messengerLink(messenger)] })
 */
export function messengerLink<TRouter extends AnyTRPCRouter>(messenger: Messenger): TRPCLink<TRouter> {
  return () =>
    ({ op }) =>
      observable<OperationResultEnvelope<unknown, TRPCClientError<TRouter>>, TRPCClientError<TRouter>>(
        (observer) =>
          messenger.send(
            { type: op.type, path: op.path, input: op.input },
            {
              // The envelope carries tRPC's own result shape ({type?, data}); hand it on untouched.
              next: (result) => observer.next({ result } as OperationResultEnvelope<unknown, never>),
              error: (error) => observer.error(error as TRPCClientError<TRouter>),
              complete: () => observer.complete(),
            },
          ),
      )
}

/**
 * tRPC's `observable()` contract, without its runtime (@trpc/server/observable, 0.65 KB min): values until the
 * first error or completion, nothing after; unsubscribing (or ending) runs the teardown once, after `subscribe`
 * returned when it ends synchronously; `pipe` applies operators in order, so tRPC's client and its operators
 * (share, tap, map) take it as their own.
 */
function observable<TValue, TError>(
  subscribe: (observer: Observer<TValue, TError>) => () => void,
): Observable<TValue, TError> {
  const self = {
    subscribe(observer: Partial<Observer<TValue, TError>>) {
      let done = false
      let stopped = false
      let teardown: (() => void) | undefined
      const unsubscribe = () => {
        stopped = true
        const run = teardown
        teardown = undefined
        run?.()
      }
      const end = (notify: () => void) => {
        if (done) return
        done = true
        notify()
        unsubscribe()
      }
      teardown = subscribe({
        next: (value) => done || observer.next?.(value),
        error: (error) => end(() => observer.error?.(error)),
        complete: () => end(() => observer.complete?.()),
      })
      if (stopped) unsubscribe()
      return { unsubscribe }
    },
    pipe: (...operators: ((source: unknown) => unknown)[]) =>
      operators.reduce((source, operator) => operator(source), self as unknown),
  }
  return self as unknown as Observable<TValue, TError>
}

/**
 * The coded error behind a tRPC client error (tRPC's client wraps what a link fails with).
 *
 * @example
 * try { await client.enable.mutate() } catch (e) { throw unwrapError(e) }
 */
export function unwrapError(error: unknown): unknown {
  const wrapped = error as { name?: unknown; cause?: unknown } | undefined
  return wrapped?.name === 'TRPCClientError' && wrapped.cause instanceof Error ? wrapped.cause : error
}

/** How long a call may take and how the caller cancels it. */
export type CallLimits = {
  /** Aborting rejects with OPERATION_ABORTED (`cause`: the signal's reason) and drops the request. */
  signal?: AbortSignal | undefined
  /** Rejects with OPERATION_TIMEOUT after this many ms and drops the request; not finite: no limit. */
  timeoutMs?: number | undefined
}

/** Calls of a tRPC link without tRPC's client runtime: what the connector needs, at a fraction of the size. */
export type LinkCaller = {
  mutation(path: string, input?: unknown, limits?: CallLimits): Promise<unknown>
  /** `onMessage` hears every message of the subscription ('started' too): the other side speaks tRPC. */
  subscription(
    path: string,
    input: unknown,
    onData: (data: unknown) => void,
    onMessage?: () => void,
  ): () => void
}

/**
 * Runs operations through a terminating tRPC link directly.
 *
 * @example
 * const wallet = callLink(messengerLink(messenger))
 * await wallet.mutation('requestChainId')
 */
export function callLink(link: TRPCLink<AnyTRPCRouter>): LinkCaller {
  const run = link({} as never)
  let nextId = 0
  const start = (type: 'mutation' | 'subscription', path: string, input: unknown) =>
    run({
      op: { id: ++nextId, type, path, input, context: {}, signal: null },
      next: () => {
        throw new UnknownError({ cause: 'messengerLink is a terminating link' })
      },
    })
  return {
    mutation: (path, input, { signal, timeoutMs } = {}) =>
      new Promise((resolve, reject) => {
        let done = false
        let timer: ReturnType<typeof setTimeout> | undefined
        let stop = () => {}
        // Settles once; a limit that fires first also drops the request (unsubscribing cancels it).
        const end = (settle: () => void) => {
          if (done) return
          done = true
          clearTimeout(timer)
          signal?.removeEventListener('abort', onAbort)
          stop()
          settle()
        }
        const fail = (error: unknown) => end(() => reject(error))
        const onAbort = () => fail(new OperationAbortedError(path, { cause: signal?.reason }))
        if (signal?.aborted) return onAbort()
        const subscription = start('mutation', path, input).subscribe({
          next: (envelope) =>
            end(() => resolve('data' in envelope.result ? envelope.result.data : undefined)),
          error: fail,
        })
        stop = () => subscription.unsubscribe()
        if (done) return stop()
        signal?.addEventListener('abort', onAbort)
        // Started after the channel's own bounds (iframe load, socket open) so an equal bound reports
        // the more precise error: the wallet is unreachable rather than slow.
        if (timeoutMs !== undefined && Number.isFinite(timeoutMs)) {
          timer = setTimeout(() => fail(new OperationTimeoutError(path, timeoutMs)), timeoutMs)
        }
      }),
    subscription(path, input, onData, onMessage) {
      const subscription = start('subscription', path, input).subscribe({
        next: (envelope) => {
          onMessage?.()
          const { result } = envelope
          if ('data' in result && (!('type' in result) || result.type === 'data')) onData(result.data)
        },
        error: () => {},
      })
      return () => subscription.unsubscribe()
    },
  }
}
