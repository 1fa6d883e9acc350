import { describe, expect, it } from 'vitest'
import { BLOCK_HASH_CONTRACT } from './blockProduction'
import { stateAt } from './blockReads'
import { Erc20Storage, ETH_ADDRESS, STRK_ADDRESS } from './contracts/index'
import { selectorOf, toHex } from './felt'
import { createChain } from './genesis'
import { signedInvoke } from './testHelpers'

type Diff = { storage_diffs: { address: string; storage_entries: { key: string; value: string }[] }[] }

const transfer = (to: bigint, amount: bigint) => ({
  to: ETH_ADDRESS,
  selector: selectorOf('transfer'),
  calldata: [to, amount, 0n],
})

function setup(blockTime?: number) {
  const { chain, accounts } = createChain({ accounts: 2, ...(blockTime ? { blockTime } : {}) })
  const [a, b] = accounts.map((x) => ({ address: BigInt(x.address), key: BigInt(x.private_key) }))
  const send = (from: typeof a, nonce: bigint, to: bigint, amount: bigint) =>
    chain.addTransaction(
      signedInvoke({
        sender: from!.address,
        privateKey: from!.key,
        nonce,
        calls: [transfer(to, amount)],
        chainId: chain.chainId,
      }),
    )
  return { chain, a: a!, b: b!, send }
}

/** The storage keys a block's state diff lists, per contract. */
const keysOf = (diff: unknown): Record<string, string[]> =>
  Object.fromEntries(
    (diff as Diff).storage_diffs.map((d) => [d.address, d.storage_entries.map((e) => e.key).sort()]),
  )

describe('block state diff', () => {
  it('lists only the storage keys whose value changed (no u256 high words, as on devnet)', () => {
    const { chain, a, b, send } = setup()
    send(a, 0n, b.address, 5n)
    const keys = keysOf(chain.latest.stateDiff)
    expect(keys[toHex(ETH_ADDRESS)]).toEqual(
      [Erc20Storage.balance(a.address), Erc20Storage.balance(b.address)].map(toHex).sort(),
    )
    expect(keys[toHex(STRK_ADDRESS)]).toEqual(
      [Erc20Storage.balance(a.address), Erc20Storage.balance(chain.sequencerAddress)].map(toHex).sort(),
    )
    expect(Object.keys(keys)).toHaveLength(2)
    expect(chain.latest.stateDiff.nonces).toEqual([{ contract_address: toHex(a.address), nonce: '0x1' }])
  })

  it('lists what any transaction of the block changed, even when a later one wrote the old value back (devnet: the union of its transactions’ diffs)', () => {
    const { chain, a, b, send } = setup(3600)
    const slots = [Erc20Storage.balance(a.address), Erc20Storage.balance(b.address)]
    const before = slots.map((slot) => chain.base.getStorage(ETH_ADDRESS, slot))
    const hashes = [send(a, 0n, b.address, 5n).hash, send(b, 0n, a.address, 5n).hash]
    // Each transaction's trace lists its own real changes only (no u256 high words).
    for (const hash of hashes) {
      const trace = chain.getTx(hash).trace as { state_diff: unknown }
      expect(keysOf(trace.state_diff)[toHex(ETH_ADDRESS)]).toEqual(slots.map(toHex).sort())
    }
    chain.closeBlock()
    const diff = chain.latest.stateDiff as unknown as Diff
    const eth = diff.storage_diffs.find((d) => d.address === toHex(ETH_ADDRESS))
    expect(eth?.storage_entries.map((e) => [e.key, e.value]).sort()).toEqual(
      slots.map((slot, i) => [toHex(slot), toHex(before[i]!)]).sort(),
    )
    expect(chain.latest.stateDiff.nonces).toHaveLength(2)
    // The state at an older block, rebuilt from the blocks' state diffs, still reads the same balances.
    const { number } = chain.latest
    chain.closeBlock()
    const old = stateAt(chain, { number })
    for (const owner of [a.address, b.address, chain.sequencerAddress])
      for (const token of [ETH_ADDRESS, STRK_ADDRESS]) {
        const slot = Erc20Storage.balance(owner)
        expect(old.getStorage(token, slot)).toBe(chain.base.getStorage(token, slot))
      }
  })

  it('lists no storage for a transfer of 0 (every write is a no-op) but still the nonce', () => {
    const { chain, a, b, send } = setup()
    send(a, 0n, b.address, 0n)
    expect(keysOf(chain.latest.stateDiff)[toHex(ETH_ADDRESS)]).toBeUndefined()
    expect(chain.latest.stateDiff.nonces).toHaveLength(1)
  })

  it('from block 10 on, stores the hash of the block 10 below in contract 0x1, as devnet does', () => {
    const { chain } = setup()
    while (chain.blocks.length < 10) chain.closeBlock()
    expect(keysOf(chain.latest.stateDiff)).toEqual({})
    const block = chain.closeBlock()
    expect(block.number).toBe(10)
    expect(block.stateDiff.storage_diffs).toEqual([
      {
        address: toHex(BLOCK_HASH_CONTRACT),
        storage_entries: [{ key: '0x0', value: chain.blocks[0]!.hash }],
      },
    ])
    expect(chain.base.getStorage(BLOCK_HASH_CONTRACT, 0n)).toBe(BigInt(chain.blocks[0]!.hash))
    chain.closeBlock()
    expect(keysOf(chain.latest.stateDiff)).toEqual({ [toHex(BLOCK_HASH_CONTRACT)]: ['0x1'] })
  })
})
