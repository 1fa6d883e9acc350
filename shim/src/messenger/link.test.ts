import { map } from '@trpc/server/observable'
import { describe, expect, it, vi } from 'vitest'
import { messengerLink } from './link'
import type { Messenger, Observer } from './types'

// messengerLink's observable keeps tRPC's observable() contract without its runtime.
function linkOver(send: (observer: Observer) => () => void) {
  const messenger = { send: (_op: unknown, observer: Observer) => send(observer) } as unknown as Messenger
  return messengerLink(messenger)({} as never)({
    op: { id: 1, type: 'mutation', path: 'p', input: undefined, context: {}, signal: null },
    next: () => {
      throw new Error('terminating')
    },
  })
}

describe('messengerLink observable', () => {
  it('stops values after the first error and tears down once, after subscribe when it ends at once', () => {
    const teardown = vi.fn()
    const seen: unknown[] = []
    const subscription = linkOver((observer) => {
      observer.next({ data: 1 })
      observer.error(new Error('boom'))
      observer.next({ data: 2 })
      observer.complete()
      expect(teardown).not.toHaveBeenCalled()
      return teardown
    }).subscribe({ next: (v) => seen.push(v.result), error: (e) => seen.push((e as Error).message) })
    expect(seen).toEqual([{ data: 1 }, 'boom'])
    expect(teardown).toHaveBeenCalledTimes(1)
    subscription.unsubscribe()
    expect(teardown).toHaveBeenCalledTimes(1)
  })

  it('unsubscribing tears down once; pipe applies tRPC operators in order', () => {
    const teardown = vi.fn()
    let emit: Observer['next'] = () => {}
    const seen: unknown[] = []
    const subscription = linkOver((observer) => {
      emit = observer.next
      return teardown
    })
      .pipe(
        map((e) => (e.result as { data: number }).data + 1),
        map((n) => n * 10),
      )
      .subscribe({ next: (v) => seen.push(v) })
    emit({ data: 1 })
    expect(seen).toEqual([20])
    subscription.unsubscribe()
    subscription.unsubscribe()
    expect(teardown).toHaveBeenCalledTimes(1)
  })
})
