import { signHash, toHex } from '@webwallet/protocol/session'
import type { Call } from '../../chain/contract'
import { encodeCalls } from '../../chain/contracts/calls'
import { parseTransaction, type RpcTransaction, transactionHash } from '../../chain/transaction'
import { boundsFor, type ChainAccess, type FriPrices, feeAt } from '../../node/access'
import { createSerial } from '../../node/serial'

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
 * Submits invokes from the paymaster's own account through the chain access: estimate, price with the SPEC's
 * 50% margins, sign, submit.
 *
 * @example
 * const relayer = createRelayer(builtinAccess(() => sim.chain), { address, privateKey })
 * await relayer.invoke([{ to: account, selector: selectorOf('execute_from_outside_v2'), calldata }])
 */
export function createRelayer(chain: ChainAccess, account: RelayerAccount) {
  const address = BigInt(account.address)
  const unsigned = async (calls: readonly Call[]) => ({
    type: 'INVOKE',
    version: '0x3',
    sender_address: toHex(address),
    calldata: encodeCalls(calls).map(toHex),
    nonce: toHex(await chain.nonceOf(address)),
    account_deployment_data: [],
    tip: '0x0',
    paymaster_data: [],
    nonce_data_availability_mode: 'L1',
    fee_data_availability_mode: 'L1',
  })
  const measure = async (draft: RpcTransaction, prices: FriPrices) => {
    const [measured] = await chain.measure([
      { ...draft, resource_bounds: boundsFor(ESTIMATE_USAGE, prices), signature: ['0x0', '0x0'] },
    ])
    return measured
  }
  // One relayed transaction at a time: each reads the relayer's nonce before it is sent.
  const invokeNow = async (calls: readonly Call[]): Promise<RelayerResult> => {
    const prices = await chain.gasPrices()
    const draft = await unsigned(calls)
    const usage = (await measure(draft, prices))?.usage ?? ESTIMATE_USAGE
    const priced: RpcTransaction = { ...draft, resource_bounds: boundsFor(usage, prices) }
    const hash = transactionHash(parseTransaction({ ...priced, signature: [] }), chain.chainId())
    const { r, s } = signHash(hash, account.privateKey)
    const submitted = await chain.submit({ ...priced, signature: [toHex(r), toHex(s)] }, 'INVOKE')
    const receipt = await chain.receipt(submitted)
    const reverted = receipt?.status === 'REVERTED'
    return {
      transactionHash: toHex(submitted),
      reverted,
      ...(reverted ? { revertReason: receipt?.revertReason ?? 'reverted' } : {}),
    }
  }
  return {
    address: toHex(address),
    /**
     * How `calls` would run now, without submitting them: whether they revert, and the fee in STRK (FRI) the
     * relayer would pay at the chain's current prices.
     */
    async dryRun(calls: readonly Call[]): Promise<{ reverted: boolean; revertReason?: string; fee: bigint }> {
      const prices = await chain.gasPrices()
      const outcome = await measure(await unsigned(calls), prices)
      const fee = feeAt(outcome?.usage ?? ESTIMATE_USAGE, prices)
      return {
        reverted: outcome?.reverted ?? false,
        ...(outcome?.reverted ? { revertReason: outcome.revertReason ?? 'reverted' } : {}),
        fee,
      }
    },
    /** Runs `calls` and reports whether they reverted; refused transactions throw the node's error. */
    invoke(calls: readonly Call[]): Promise<RelayerResult> {
      return serial(account.address, () => invokeNow(calls))
    },
  }
}

export type Relayer = ReturnType<typeof createRelayer>

/** Shared by every relayer of an account (the AVNU and SNIP-29 routers each build one). */
const serial = createSerial()
