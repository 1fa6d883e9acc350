// The listener registry both starknet-react connectors share (on/off/removeAllListeners, as starknet-react's
// Connector has them from EventEmitter).

/** A map of event names to listener signatures. */
export type EventMap = { [event: string]: (...args: never[]) => void }

/**
 * Listeners by event, called in the order they were added; a listener added or removed while an event is
 * emitted takes effect from the next one.
 *
 * @example
 * class MyConnector extends ConnectorEmitter<{ disconnect: () => void }> {}
 */
export class ConnectorEmitter<Events extends EventMap> {
  readonly #listeners = new Map<keyof Events, Set<(...args: never[]) => void>>()

  on<E extends keyof Events>(event: E, listener: Events[E]): this {
    const set = this.#listeners.get(event) ?? new Set()
    set.add(listener)
    this.#listeners.set(event, set)
    return this
  }
  off<E extends keyof Events>(event: E, listener: Events[E]): this {
    this.#listeners.get(event)?.delete(listener)
    return this
  }
  removeAllListeners(event?: keyof Events): this {
    if (event) this.#listeners.delete(event)
    else this.#listeners.clear()
    return this
  }

  protected emit<E extends keyof Events>(event: E, ...args: Parameters<Events[E]>): void {
    for (const listener of [...(this.#listeners.get(event) ?? [])]) {
      ;(listener as (...a: Parameters<Events[E]>) => void)(...args)
    }
  }
}
