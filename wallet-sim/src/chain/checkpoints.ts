// The numbered checkpoints of devnet_snapshot / devnet_revert, with Anvil's evm_snapshot / evm_revert rules:
// ids count up from 1 and are never reused; reverting to an id consumes it and every later one, earlier ones stay.
import { RpcCode, RpcError } from './errors'

/**
 * Numbered saves of anything (the simulator keeps a chain checkpoint and its accounts in each).
 * @example
 * const saves = new Checkpoints<string>()
 * const id = saves.take('before') // 1
 * saves.revert(id) // 'before'; id 1 is gone
 */
export class Checkpoints<T> {
  private readonly saved = new Map<number, T>()
  private nextId = 1

  /** Keeps `value` under a new id, which it answers. */
  take(value: T): number {
    const id = this.nextId++
    this.saved.set(id, value)
    return id
  }

  /**
   * The value saved under `id`; forgets it and every later id. Throws devnet's -1 "No snapshot found" (its
   * data names the id and those that exist) when `id` is unknown, reverted already or dropped by an earlier revert.
   */
  revert(id: number): T {
    const value = this.saved.get(id)
    if (value === undefined)
      throw new RpcError(RpcCode.DEVNET_ERROR, { id, known: [...this.saved.keys()] }, 'No snapshot found')
    for (const key of [...this.saved.keys()]) if (key >= id) this.saved.delete(key)
    return value
  }

  /** The ids that can be reverted to, oldest first. */
  ids(): number[] {
    return [...this.saved.keys()]
  }
}
