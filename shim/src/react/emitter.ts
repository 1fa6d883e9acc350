// The listener registry both starknet-react connectors share: the surface of the EventEmitter (eventemitter3)
// starknet-react's abstract Connector extends, so our connectors are assignable to its `Connector[]` without
// a cast. Written here: the SDK adds no dependency for it.

/** A map of event names to listener signatures. */
export type EventMap = { [event: string]: (...args: never[]) => void }

/** Each event's arguments, as eventemitter3 derives them from an event map. */
export type EventArguments<Events extends EventMap> = {
  [E in keyof Events]: Parameters<Events[E]>
}
/** A listener of `E`, in eventemitter3's form (so the two emitter types relate). */
export type Listener<Events extends EventMap, E> = (
  ...args: EventArguments<Events>[Extract<E, keyof Events>]
) => void

interface Entry {
  readonly fn: (...args: never) => void
  readonly context: unknown
  readonly once: boolean
}

/**
 * Listeners by event, called in the order they were added (with their `context` as `this`, as eventemitter3
 * does); a listener added or removed while an event is emitted takes effect from the next one.
 *
 * @example
 * class MyConnector extends ConnectorEmitter<{ disconnect: () => void }> {}
 */
export class ConnectorEmitter<Events extends EventMap> {
  readonly #listeners = new Map<keyof Events, Entry[]>()

  /** The events with at least one listener. */
  eventNames(): (keyof Events)[] {
    return [...this.#listeners.keys()]
  }
  /** The listeners of `event`, in order (typed loosely, as any EventEmitter's listeners are). */
  listeners(event: keyof Events): ((...args: unknown[]) => void)[] {
    return (this.#listeners.get(event) ?? []).map((entry) => entry.fn as (...args: unknown[]) => void)
  }
  /** How many listeners `event` has. */
  listenerCount(event: keyof Events): number {
    return this.#listeners.get(event)?.length ?? 0
  }
  on<E extends keyof Events>(event: E, fn: Listener<Events, E>, context?: unknown): this {
    return this.#add(event, { fn, context, once: false })
  }
  addListener<E extends keyof Events>(event: E, fn: Listener<Events, E>, context?: unknown): this {
    return this.on(event, fn, context)
  }
  once<E extends keyof Events>(event: E, fn: Listener<Events, E>, context?: unknown): this {
    return this.#add(event, { fn, context, once: true })
  }
  /** Removes `fn` (matching `context` and `once` when given) from `event`, or all of its listeners. */
  off<E extends keyof Events>(event: E, fn?: Listener<Events, E>, context?: unknown, once?: boolean): this {
    const kept = (this.#listeners.get(event) ?? []).filter(
      (entry) =>
        fn !== undefined &&
        (entry.fn !== fn ||
          (context !== undefined && entry.context !== context) ||
          (once === true && !entry.once)),
    )
    if (kept.length) this.#listeners.set(event, kept)
    else this.#listeners.delete(event)
    return this
  }
  removeListener<E extends keyof Events>(
    event: E,
    fn?: Listener<Events, E>,
    context?: unknown,
    once?: boolean,
  ): this {
    return this.off(event, fn, context, once)
  }
  removeAllListeners(event?: keyof Events): this {
    if (event === undefined) this.#listeners.clear()
    else this.#listeners.delete(event)
    return this
  }
  /** Calls `event`'s listeners with `args`; true when it had any (EventEmitter's untyped form). */
  emit(event: keyof Events, ...args: unknown[]): boolean {
    const entries = this.#listeners.get(event) ?? []
    for (const entry of entries) {
      if (entry.once) this.off(event, entry.fn as Listener<Events, keyof Events>, entry.context, true)
      ;(entry.fn as (...a: unknown[]) => void).apply(entry.context, args)
    }
    return entries.length > 0
  }

  /** {@link emit} with the event's own argument types, for the connectors' own events. */
  protected fire<E extends keyof Events>(event: E, ...args: Parameters<Events[E]>): boolean {
    return this.emit(event, ...args)
  }

  #add(event: keyof Events, entry: Entry): this {
    this.#listeners.set(event, [...(this.#listeners.get(event) ?? []), entry])
    return this
  }
}
