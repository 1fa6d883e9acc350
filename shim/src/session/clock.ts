/** The part of the node client the clock reads with. */
export interface ClockRpc {
  request<T>(method: string, params?: unknown): Promise<T>
}

/**
 * The chain's clock: the device's clock plus the offset last measured against the timestamp of the block
 * a transaction would land in (`pre_confirmed`). Session expiry is checked by the account contract and the
 * cosigner against that timestamp, so status, new sessions' expiry and the check before sending use it.
 * `now()` is synchronous: it answers with the last measured offset (0, the device's clock, until a read).
 */
export interface ChainClock {
  /** The chain's time in ms, from the last reading. */
  now(): number
  /** Reads the block timestamp (one node round trip, shared by concurrent callers); the chain's time in ms. */
  read(rpc?: ClockRpc): Promise<number>
  /** Takes a block (the answer of `starknet_getBlockWithTxHashes`) as a reading; the chain's time in ms. */
  observe(block: unknown): number
}

/** The JSON-RPC call whose answer's `timestamp` is the chain's clock: the block a transaction lands in. */
export const CLOCK_CALL = {
  method: 'starknet_getBlockWithTxHashes',
  params: { block_id: 'pre_confirmed' },
} as const

/**
 * A clock over `rpc` whose device time is `localNow` (Date.now unless told).
 *
 * @example
 * const clock = createChainClock(rpc)
 * clock.now() // after `await clock.read()`: the chain's time, moving with the device's clock
 */
export function createChainClock(rpc: ClockRpc, localNow: () => number = Date.now): ChainClock {
  let offset = 0
  let reading: Promise<number> | undefined
  // The node client checked the block (a timestamp in seconds, else UNEXPECTED_ANSWER naming the method).
  const observe = (block: unknown): number => {
    const seconds = (block as { timestamp: number }).timestamp
    offset = seconds * 1000 - localNow()
    return seconds * 1000
  }
  return {
    now: () => localNow() + offset,
    observe,
    read(via = rpc) {
      reading ??= via
        .request(CLOCK_CALL.method, CLOCK_CALL.params)
        .then(observe)
        .finally(() => {
          reading = undefined
        })
      return reading
    },
  }
}
