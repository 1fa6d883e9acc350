import { transportError, walletError } from './errors'
import type { Channel, Incoming, Messenger, Observer, RequestId } from './types'

/** Options of {@link create}. */
export type CreateOptions = {
  /** Makes request ids; random by default (see {@link randomId}). */
  id?: () => RequestId
}

/**
 * A random request id from `crypto.getRandomValues` (64 bits, hex): unguessable by other frames,
 * unlike trpc-browser's counter.
 */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8))
  let id = ''
  for (const byte of bytes) id += byte.toString(16).padStart(2, '0')
  return id
}

/**
 * Builds a Messenger over a Channel: id matching, waiting for the channel, cancellation and teardown
 * happen here once for every transport.
 *
 * @example
 * const messenger = Messenger.create(Messenger.memory(handler))
 * messenger.send({ type: 'mutation', path: 'requestChainId', input: undefined }, observer)
 */
export function create(channel: Channel, options: CreateOptions = {}): Messenger {
  const makeId = options.id ?? randomId
  const pending = new Map<RequestId, Observer>()
  let destroyed = false

  const onResponse = (response: Incoming) => {
    if (response.id === null) return
    const observer = pending.get(response.id)
    if (!observer) return // not ours (or already finished): ignore, never guess
    if ('malformed' in response) {
      pending.delete(response.id)
      observer.error(transportError('transform'))
      return
    }
    if ('error' in response) {
      pending.delete(response.id)
      observer.error(walletError(response.error))
      return
    }
    const { result } = response
    if (result.type === 'stopped') {
      pending.delete(response.id)
      observer.complete()
      return
    }
    observer.next(result)
  }
  const rejectAll = (error: Error) => {
    const observers = [...pending.values()]
    pending.clear()
    for (const observer of observers) observer.error(error)
  }
  const unlisten = channel.listen(onResponse, rejectAll)

  return {
    send(operation, observer) {
      if (destroyed) {
        observer.error(transportError('port'))
        return () => {}
      }
      const id = makeId()
      let active = true
      // Queries and mutations finish with their first result; subscriptions run until stopped.
      const tracked: Observer =
        operation.type === 'subscription'
          ? observer
          : {
              next(result) {
                pending.delete(id)
                observer.next(result)
                observer.complete()
              },
              error: (error) => observer.error(error),
              complete: () => observer.complete(),
            }
      pending.set(id, {
        next: (result) => active && tracked.next(result),
        error: (error) => {
          if (!active) return
          active = false
          tracked.error(error)
        },
        complete: () => {
          if (!active) return
          active = false
          tracked.complete()
        },
      })
      channel.ready().then(
        () => {
          if (!active || destroyed) return
          channel.post({
            id,
            jsonrpc: '2.0',
            method: operation.type,
            params: { path: operation.path, input: operation.input },
          })
        },
        (error: unknown) => {
          pending.delete(id)
          if (!active) return
          active = false
          observer.error(error instanceof Error ? error : transportError('unknown'))
        },
      )
      return () => {
        if (!active) return
        active = false
        const wasPending = pending.delete(id)
        if (wasPending && operation.type === 'subscription' && !destroyed) {
          channel.post({ id, jsonrpc: '2.0', method: 'subscription.stop' })
        }
      }
    },
    rejectAll,
    destroy() {
      if (destroyed) return
      destroyed = true
      unlisten()
      rejectAll(transportError('port'))
      channel.close()
    },
  }
}
