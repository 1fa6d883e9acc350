// The built-in chain behind the ChainAccess interface, in process: the services' reads and writes run on the
// Chain object directly (no JSON, no HTTP), so the embedded default keeps its speed.
import type { Chain } from '../chain/chain'
import { erc20BalanceOf, erc20Mint } from '../chain/contracts/erc20'
import { RpcError } from '../chain/errors'
import type { PredeployedAccount } from '../chain/genesis'
import type { ChainAccess, FriPrices, ReceiptView } from './access'

/**
 * ChainAccess over the simulator's current chain (`devnet_restart` / `devnet_load` replace it: always read it
 * through `chain()`).
 * @example const access = builtinAccess(() => sim.chain, () => sim.accounts)
 */
export function builtinAccess(
  chain: () => Chain,
  accounts: () => readonly PredeployedAccount[] = () => [],
): ChainAccess {
  const moved = (move: (current: Chain) => void) => {
    const current = chain()
    move(current)
    current.closeBlock()
    return Promise.resolve()
  }
  return {
    kind: 'builtin',
    chainId: () => chain().chainId,
    // The timestamp the next transaction runs with: the open block's (with --block-time it was stamped when
    // the block opened, earlier than the clock), else the clock's, which a new block will take.
    now: async () => Number(chain().pendingBlockInfo().timestamp),
    clockMs: () => chain().now() * 1000,
    classHashAt: async (address) => chain().pending.getClassHash(address),
    nonceOf: async (address) => chain().pending.getNonce(address),
    balanceOf: async (token, address) => erc20BalanceOf(chain().pending, token, address),
    call: async (call, block = 'latest') => chain().call(call, { tag: block }),
    gasPrices: async (): Promise<FriPrices> => {
      const { l1Gas, l2Gas, l1DataGas } = chain().gasPrices
      return { l1Gas: l1Gas.fri, l2Gas: l2Gas.fri, l1DataGas: l1DataGas.fri }
    },
    measure: async (txs) =>
      chain()
        .simulate(txs, { skipValidate: true, skipFeeCharge: true }, { tag: 'pre_confirmed' }, false)
        .map(({ outcome: { usage, reverted, revertReason } }) => ({
          usage,
          reverted,
          ...(revertReason === undefined ? {} : { revertReason }),
        })),
    submit: async (tx, type) => chain().addTransaction(tx, type).hash,
    receipt: async (hash) => {
      let receipt: Record<string, unknown>
      try {
        receipt = chain().getTx(hash).receipt as Record<string, unknown>
      } catch (error) {
        if (error instanceof RpcError) return undefined // not (or no longer) on the chain
        throw error
      }
      return receiptView(receipt)
    },
    mint: (address, token, amount) => moved((current) => erc20Mint(current.pending, token, address, amount)),
    setTime: (seconds) => moved((current) => current.setTime(seconds)),
    increaseTime: (seconds) => moved((current) => current.setTime(current.now() + seconds)),
    predeployedAccounts: accounts,
  }
}

/** The services' view of a JSON-RPC receipt (the built-in chain's records and a node's answers alike). */
export function receiptView(receipt: Record<string, unknown>): ReceiptView {
  const fee = receipt.actual_fee as { amount?: string; unit?: string } | undefined
  const status = receipt.execution_status === 'REVERTED' ? 'REVERTED' : 'SUCCEEDED'
  return {
    status,
    ...(status === 'REVERTED' ? { revertReason: String(receipt.revert_reason ?? '') } : {}),
    actualFee: { amount: BigInt(fee?.amount ?? '0x0'), unit: String(fee?.unit ?? 'FRI') },
  }
}
