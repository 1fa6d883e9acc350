import { bytesToHex } from '@webwallet/protocol/constants'
import { isWebWalletError, UnknownError, ValidationError } from '@webwallet/protocol/errors'
import { channelError, walletError } from './errors'
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
  return bytesToHex(crypto.getRandomValues(new Uint8Array(8)))
}

/**
 * Builds a Messenger over a Channel: id matching, waiting for the channel, cancellation and teardown, once for
 * every channel.
 *
 * @example
 * const messenger = Messenger.create(Messenger.memory(handler))
 */
export function create(channel: Channel, options: CreateOptions = {}): Messenger {
  const makeId = options.id ?? randomId
  const pending = new Map<RequestId, Observer>()
  let destroyed = false
  const rejectAll = (error: Error) => {
    const observers = [...pending.values()]
    pending.clear()
    for (const observer of observers) observer.error(error)
  }
  const unlisten = channel.listen((response) => route(pending, response), rejectAll)

  return {
    send(operation, observer) {
      if (!destroyed) return request(channel, pending, makeId(), operation, observer, () => destroyed)
      observer.error(channelError('port'))
      return () => {}
    },
    rejectAll,
    destroy() {
      if (destroyed) return
      destroyed = true
      unlisten()
      rejectAll(channelError('port'))
      channel.close()
    },
  }
}

/** Hands a response to the request it answers, by id; a coded error for an error or a malformed reply. */
function route(pending: Map<RequestId, Observer>, response: Incoming): void {
  if (response.id === null) return
  const observer = pending.get(response.id)
  if (!observer) return // not ours (or already finished): ignore, never guess
  if ('malformed' in response) {
    pending.delete(response.id)
    observer.error(channelError('transform'))
  } else if ('error' in response) {
    pending.delete(response.id)
    observer.error(walletError(response.error))
  } else if (response.result.type === 'stopped') {
    pending.delete(response.id)
    observer.complete()
  } else observer.next(response.result)
}

/**
 * One request's life, waiting for the channel, posted, then done: it finishes once (queries and mutations
 * with their first result; subscriptions when stopped), and the returned stop tells the wallet of a posted
 * request the dapp gave up on.
 */
function request(
  channel: Channel,
  pending: Map<RequestId, Observer>,
  id: RequestId,
  operation: Parameters<Messenger['send']>[0],
  observer: Observer,
  destroyed: () => boolean,
): () => void {
  const once = operation.type !== 'subscription'
  let state: 'waiting' | 'posted' | 'done' = 'waiting'
  const finish = () => {
    state = 'done'
    pending.delete(id)
  }
  pending.set(id, {
    next(result) {
      if (state === 'done') return
      if (once) finish()
      observer.next(result)
      if (once) observer.complete()
    },
    error(error) {
      if (state === 'done') return
      finish()
      observer.error(error)
    },
    complete() {
      if (state === 'done') return
      finish()
      observer.complete()
    },
  })
  const fail = (error: unknown) => pending.get(id)?.error(postError(error))
  channel.ready().then(() => {
    if (state !== 'waiting' || destroyed()) return
    try {
      channel.post({
        id,
        jsonrpc: '2.0',
        method: operation.type,
        params: { path: operation.path, input: operation.input },
      })
      state = 'posted'
    } catch (error) {
      fail(error)
    }
  }, fail)
  return () => {
    const posted = state === 'posted'
    if (state === 'done') return
    finish()
    // The wallet is told of every request it received and the dapp gave up on (abort, time limit,
    // unsubscribe): tRPC's stop message by the request's id, so a prompt shown for it is dismissed and
    // never shown later. A wallet that only stops subscriptions ignores it for a mutation.
    if (posted && !destroyed()) {
      try {
        channel.post({ id, jsonrpc: '2.0', method: 'subscription.stop' })
      } catch {
        // the wallet window is gone: nothing left to stop
      }
    }
  }
}

/** Only coded errors leave: a request the channel cannot carry (e.g. a DataCloneError) is bad input. */
function postError(error: unknown): Error {
  if (isWebWalletError(error)) return error
  return error instanceof Error
    ? new ValidationError([{ path: ['input'], message: error.message }], { cause: error })
    : new UnknownError({ cause: error })
}
