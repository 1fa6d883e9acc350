// The chain's clock the services decide expiry on (issue 23): the timestamp the next transaction runs with,
// which with a block time is the open block's, stamped when it opened, not the wall clock. On the built-in
// chain and through `--node` (here another wallet-sim with a block time, over JSON-RPC).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STRK_ADDRESS } from '../chain/contracts/erc20'
import { selectorOf } from '../chain/felt'
import { signInvoke } from '../chain/sign'
import { type RunningSim, startSim } from '../index'
import { builtinAccess } from './builtin'
import { connectNode } from './remote'

const START = 1_767_225_600
let wallMs = START * 1000
let node: RunningSim
beforeAll(async () => {
  node = await startSim({ seed: 4, accounts: 2, blockTime: 600_000, clock: () => wallMs })
})
afterAll(() => node?.close())

/** A transfer from a predeployed account: it opens the block (its timestamp is the clock's now). */
function openBlock() {
  const [from] = node.accounts
  const chain = node.chain
  chain.addTransaction(
    signInvoke({
      sender: BigInt(from!.address),
      privateKey: BigInt(from!.private_key),
      nonce: chain.pending.getNonce(BigInt(from!.address)),
      calls: [{ to: STRK_ADDRESS, selector: selectorOf('transfer'), calldata: [0x7e5n, 1n, 0n] }],
      chainId: chain.chainId,
      prices: chain.gasPrices,
    }),
  )
}

describe("the chain's clock", () => {
  it('is the open block timestamp, on the built-in chain and through a node, while the wall clock moves on', async () => {
    const builtin = builtinAccess(() => node.chain)
    const remote = (await connectNode(node.rpcUrl)).access
    // No block open: the next one takes the clock's time.
    expect(await builtin.now()).toBe(START)
    openBlock()
    wallMs += 90_000
    expect(node.chain.now()).toBe(START + 90)
    expect(await builtin.now()).toBe(START)
    expect(await remote.now()).toBe(START)
    // Once it is committed, the next block opens at the wall clock's time.
    node.chain.closeBlock()
    expect(await builtin.now()).toBe(START + 90)
    expect(await remote.now()).toBe(START + 90)
  })
})
