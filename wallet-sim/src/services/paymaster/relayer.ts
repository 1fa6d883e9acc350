import { signHash, toHex } from '@webwallet/protocol/session'
import type { Chain } from '../../chain/chain'
import type { Call } from '../../chain/contract'
import { encodeCalls } from '../../chain/contracts/calls'
import { parseTransaction, type RpcTransaction, transactionHash } from '../../chain/transaction'

/** The account the paymaster pays gas from: a funded dev account (OpenZeppelin-style, `[r, s]` signatures). */
export interface RelayerAccount {
  address: string
  privateKey: string
}

export interface RelayerResult {
  transactionHash: string
  reverted: boolean
  revertReason?: string
}

/** What a relayed invoke may use at most while it is measured (then priced with 50% margins). */
const ESTIMATE_USAGE = { l1Gas: 0n, l2Gas: 50_000_000n, l1DataGas: 5_000n }

/**
 * Submits invokes from the paymaster's own account on the simulated chain: estimate, price with the SPEC's
 * 50% margins, sign, submit.
 *
 * @example
 * const relayer = createRelayer(() => sim.chain, { address, privateKey })
 * relayer.invoke([{ to: account, selector: selectorOf('execute_from_outside_v2'), calldata }])
 */
export function createRelayer(chain: () => Chain, account: RelayerAccount) {
  const address = BigInt(account.address)
  const unsigned = (current: Chain, calls: readonly Call[]) => ({
    type: 'INVOKE',
    version: '0x3',
    sender_address: toHex(address),
    calldata: encodeCalls(calls).map(toHex),
    nonce: toHex(current.pending.getNonce(address)),
    account_deployment_data: [],
    tip: '0x0',
    paymaster_data: [],
    nonce_data_availability_mode: 'L1',
    fee_data_availability_mode: 'L1',
  })
  const bounds = (current: Chain, usage: typeof ESTIMATE_USAGE) => {
    const prices = current.gasPrices
    const up = (value: bigint) => toHex((value * 3n) / 2n)
    return {
      l1_gas: { max_amount: up(usage.l1Gas), max_price_per_unit: up(prices.l1Gas.fri) },
      l2_gas: { max_amount: up(usage.l2Gas), max_price_per_unit: up(prices.l2Gas.fri) },
      l1_data_gas: { max_amount: up(usage.l1DataGas), max_price_per_unit: up(prices.l1DataGas.fri) },
    }
  }
  const measure = (current: Chain, calls: readonly Call[]) => {
    const [estimate] = current.simulate(
      [
        {
          ...unsigned(current, calls),
          resource_bounds: bounds(current, ESTIMATE_USAGE),
          signature: ['0x0', '0x0'],
        },
      ],
      { skipValidate: true, skipFeeCharge: true },
      { tag: 'pre_confirmed' },
      false,
    )
    return estimate?.outcome
  }
  return {
    address: toHex(address),
    /**
     * How `calls` would run now, without submitting them: whether they revert, and the fee in STRK (FRI) the
     * relayer would pay at the chain's current prices.
     */
    dryRun(calls: readonly Call[]): { reverted: boolean; revertReason?: string; fee: bigint } {
      const current = chain()
      const outcome = measure(current, calls)
      const usage = outcome?.usage ?? ESTIMATE_USAGE
      const prices = current.gasPrices
      const fee =
        usage.l1Gas * prices.l1Gas.fri +
        usage.l2Gas * prices.l2Gas.fri +
        usage.l1DataGas * prices.l1DataGas.fri
      return {
        reverted: outcome?.reverted ?? false,
        ...(outcome?.reverted ? { revertReason: outcome.revertReason ?? 'reverted' } : {}),
        fee,
      }
    },
    /** Runs `calls` and reports whether they reverted; refused transactions throw the node's error. */
    invoke(calls: readonly Call[]): RelayerResult {
      const current = chain()
      const draft = unsigned(current, calls)
      const priced: RpcTransaction = {
        ...draft,
        resource_bounds: bounds(current, measure(current, calls)?.usage ?? ESTIMATE_USAGE),
      }
      const hash = transactionHash(parseTransaction({ ...priced, signature: [] }), current.chainId)
      const { r, s } = signHash(hash, account.privateKey)
      const { hash: submitted } = current.addTransaction(
        { ...priced, signature: [toHex(r), toHex(s)] },
        'INVOKE',
      )
      const receipt = current.getTx(submitted).receipt as Record<string, unknown>
      const reverted = receipt.execution_status === 'REVERTED'
      return {
        transactionHash: toHex(submitted),
        reverted,
        ...(reverted ? { revertReason: String(receipt.revert_reason ?? 'reverted') } : {}),
      }
    },
  }
}

export type Relayer = ReturnType<typeof createRelayer>
