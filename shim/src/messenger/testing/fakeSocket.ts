// Test doubles of the channels' tests: a scriptable WebSocket and an observer that records what a request
// got. Reached by tests only, so they never land in dist/ (scripts/buildPackage.mjs builds what entries reach).
import type { Observer } from '../types'

/**
 * A scriptable socket: the test opens (`readyState = 1; emit('open')`), answers (`emit('message', { data })`)
 * and drops it (`close()`). Every socket made is in `FakeSocket.instances` (reset it between tests).
 *
 * @example
 * const channel = fromWebSocket({ url: 'ws://x', WebSocket: FakeSocket as unknown as WebSocketConstructor })
 */
export class FakeSocket {
  static instances: FakeSocket[] = []
  readyState = 0
  sent: string[] = []
  private listeners = new Map<string, Array<(event: { data?: unknown }) => void>>()
  constructor(readonly url: string) {
    FakeSocket.instances.push(this)
  }
  addEventListener(type: string, listener: (event: { data?: unknown }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
  }
  emit(type: string, event: { data?: unknown } = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener(event)
  }
  send(data: string) {
    this.sent.push(data)
  }
  close() {
    this.emit('close')
  }
}

/**
 * An observer that records each result's data and each error.
 *
 * @example
 * const o = observer()
 * messenger.send({ type: 'query', path: 'echo', input: 1 }, o)
 */
export const observer = (): Observer & { results: unknown[]; errors: Error[] } => {
  const results: unknown[] = []
  const errors: Error[] = []
  return { results, errors, next: (r) => results.push(r.data), error: (e) => errors.push(e), complete() {} }
}
