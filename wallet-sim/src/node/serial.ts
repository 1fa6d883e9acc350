// One transaction at a time per sending account: reading its nonce, pricing, signing and submitting await the
// chain, so two concurrent sends from one account would take the same nonce (the built-in chain used to run
// them synchronously; a node never did).

import { addressKey } from '@webwallet/protocol/constants'

/**
 * Runs tasks one after another per key (an account address), in the order they were asked for.
 * @example const serial = createSerial(); await serial(address, () => ledger.invoke(address, calls, keys))
 */
export function createSerial() {
  const tails = new Map<string, Promise<unknown>>()
  return <T>(key: string, task: () => Promise<T>): Promise<T> => {
    const id = addressKey(key)
    const previous = tails.get(id) ?? Promise.resolve()
    const run = previous.then(task, task)
    const tail = run.catch(() => {})
    tails.set(id, tail)
    void tail.then(() => {
      if (tails.get(id) === tail) tails.delete(id)
    })
    return run
  }
}
