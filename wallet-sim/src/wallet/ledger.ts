// The wallet's view of the simulated chain: balances, deployment, nonces, and V3 transactions signed by
// owner + guardian, admitted through the node exactly as a broadcast from a real wallet would be.
import type { Chain } from '../chain/chain'
import type { Call } from '../chain/contract'
import { encodeCalls } from '../chain/contracts/calls'
import { erc20BalanceOf, STRK_ADDRESS } from '../chain/contracts/erc20'
import { selectorOf } from '../chain/felt'
import { getContractClass } from '../chain/registry'
import { parseTransaction, type RpcTransaction, transactionHash } from '../chain/transaction'
import type { AccountDeployment } from '../services/login/state'
import { type AccountKeys, signAsAccount } from './signer'

const hex = (value: bigint) => `0x${value.toString(16)}`
/** Owner + guardian signature length, so fee estimates price validation right. */
const PLACEHOLDER_SIGNATURE = Array.from({ length: 9 }, () => '0x0')

/** A dapp call with felt calldata. */
export interface FeltCall {
  readonly contractAddress: string
  readonly entrypoint: string
  readonly calldata: readonly bigint[]
}

const PRE_CONFIRMED = { tag: 'pre_confirmed' } as const

const common = {
  tip: '0x0',
  paymaster_data: [],
  nonce_data_availability_mode: 'L1',
  fee_data_availability_mode: 'L1',
}

/** Bounds for an estimate run: high enough for any call, low enough for a funded account. */
const ESTIMATE_BOUNDS = (chain: Chain) =>
  boundsFor(chain, { l1Gas: 0n, l2Gas: 20_000_000n, l1DataGas: 2_000n })

/** Resource bounds with the spec's 50% margins on amounts and prices. */
function boundsFor(chain: Chain, usage: { l1Gas: bigint; l2Gas: bigint; l1DataGas: bigint }) {
  const prices = chain.gasPrices
  const up = (value: bigint) => (value * 3n) / 2n
  return {
    l1_gas: { max_amount: hex(up(usage.l1Gas)), max_price_per_unit: hex(up(prices.l1Gas.fri)) },
    l2_gas: { max_amount: hex(up(usage.l2Gas)), max_price_per_unit: hex(up(prices.l2Gas.fri)) },
    l1_data_gas: { max_amount: hex(up(usage.l1DataGas)), max_price_per_unit: hex(up(prices.l1DataGas.fri)) },
  }
}

/** The most a transaction with these bounds may charge. */
export function maxFeeOf(tx: RpcTransaction): bigint {
  const bounds = tx.resource_bounds as Record<string, { max_amount: string; max_price_per_unit: string }>
  return Object.values(bounds).reduce(
    (sum, bound) => sum + BigInt(bound.max_amount) * BigInt(bound.max_price_per_unit),
    0n,
  )
}

/**
 * Reads and writes one account on the current chain (the simulator swaps chains on restart/load).
 *
 * @example
 * const ledger = new Ledger(() => sim.chain)
 * if (!ledger.isDeployed(address)) ledger.deployAccount(deployment, keys)
 */
export class Ledger {
  constructor(private readonly chain: () => Chain) {}

  get chainId(): string {
    return hex(this.chain().chainId)
  }

  isDeployed(address: string): boolean {
    return this.chain().pending.getClassHash(BigInt(address)) !== 0n
  }

  balanceOf(address: string, token: string = hex(STRK_ADDRESS)): bigint {
    return erc20BalanceOf(this.chain().pending, BigInt(token), BigInt(address))
  }

  /** The deploy-account transaction of `deployment`, priced and signed. */
  deployTransaction(deployment: AccountDeployment, keys: AccountKeys): RpcTransaction {
    return this.#priceAndSign(this.#unsignedDeploy(deployment), keys)
  }

  #unsignedDeploy(deployment: AccountDeployment): RpcTransaction {
    return {
      type: 'DEPLOY_ACCOUNT',
      version: '0x3',
      class_hash: deployment.classHash,
      contract_address_salt: deployment.salt,
      constructor_calldata: deployment.constructorCalldata,
      nonce: '0x0',
      ...common,
    }
  }

  /** Submits a signed transaction; throws the node's RpcError when it is refused. Returns its hash. */
  submit(tx: RpcTransaction): string {
    return hex(this.chain().addTransaction(tx).hash)
  }

  /** Deploys the account; throws the node's RpcError when it is refused. Returns the transaction hash. */
  deployAccount(deployment: AccountDeployment, keys: AccountKeys): string {
    return hex(this.chain().addTransaction(this.deployTransaction(deployment, keys), 'DEPLOY_ACCOUNT').hash)
  }

  /** The invoke of `calls` from `address`, priced and signed. */
  invokeTransaction(address: string, calls: readonly FeltCall[], keys: AccountKeys): RpcTransaction {
    return this.#priceAndSign(this.#unsignedInvoke(address, calls), keys)
  }

  #unsignedInvoke(address: string, calls: readonly FeltCall[]): RpcTransaction {
    const encoded: Call[] = calls.map((call) => ({
      to: BigInt(call.contractAddress),
      selector: selectorOf(call.entrypoint),
      calldata: [...call.calldata],
    }))
    return {
      type: 'INVOKE',
      version: '0x3',
      sender_address: address,
      calldata: encodeCalls(encoded).map(hex),
      nonce: hex(this.chain().pending.getNonce(BigInt(address))),
      account_deployment_data: [],
      ...common,
    }
  }

  /**
   * What invoking `calls` from `address` would cost, as the wallet will sign it (the account's deployment
   * first when `deployment` is given): the fee expected at today's gas prices and the most the signed bounds
   * allow, in the fee token's base units. Throws the node's RpcError 41 when a transaction would fail.
   */
  estimateInvoke(
    address: string,
    calls: readonly FeltCall[],
    deployment?: AccountDeployment,
  ): { fee: bigint; maxFee: bigint } {
    const chain = this.chain()
    const drafts: RpcTransaction[] = []
    if (deployment) drafts.push(this.#draft(this.#unsignedDeploy(deployment)))
    const invoke = this.#unsignedInvoke(address, calls)
    // After its deployment an account's next nonce is 1.
    drafts.push(this.#draft(deployment ? { ...invoke, nonce: '0x1' } : invoke))
    const estimates = chain.simulate(drafts, { skipValidate: true, skipFeeCharge: true }, PRE_CONFIRMED, true)
    let fee = 0n
    let maxFee = 0n
    for (const { outcome } of estimates) {
      fee += outcome.fee
      maxFee += maxFeeOf({ resource_bounds: boundsFor(chain, outcome.usage) } as RpcTransaction)
    }
    return { fee, maxFee }
  }

  /** The class name of the contract at `address` ('DemoCounter', 'ERC20'), if one is deployed there. */
  contractName(address: string): string | undefined {
    try {
      const classHash = this.chain().pending.getClassHash(BigInt(address))
      return classHash === 0n ? undefined : getContractClass(classHash)?.name
    } catch {
      return undefined
    }
  }

  /** Signs and submits an invoke of `calls`; returns the transaction hash (the receipt may be REVERTED). */
  invoke(address: string, calls: readonly FeltCall[], keys: AccountKeys): string {
    return hex(this.chain().addTransaction(this.invokeTransaction(address, calls, keys), 'INVOKE').hash)
  }

  /** The receipt's execution status and revert reason. */
  receipt(txHash: string): { status: string; revertReason?: string } {
    const receipt = this.chain().getTx(BigInt(txHash)).receipt as Record<string, unknown>
    const status = String(receipt.execution_status)
    return receipt.revert_reason === undefined
      ? { status }
      : { status, revertReason: String(receipt.revert_reason) }
  }

  /** The chain's clock in seconds (what session expiry is measured against; devnet_setTime moves it). */
  now(): number {
    return this.chain().now()
  }

  /** `is_session_revoked(hash)` on the account, as of the pre-confirmed block; false while it is undeployed. */
  isSessionRevoked(address: string, sessionHash: string): boolean {
    if (!this.isDeployed(address)) return false
    const [revoked] = this.chain().call(
      { to: BigInt(address), selector: selectorOf('is_session_revoked'), calldata: [BigInt(sessionHash)] },
      { tag: 'pre_confirmed' },
    )
    return revoked !== undefined && revoked !== 0n
  }

  /** Runs `is_valid_signature(hash, signature)` on the account (returns 'VALID' as a felt when valid). */
  isValidSignature(address: string, messageHash: string, signature: readonly string[]): boolean {
    const result = this.chain().call(
      {
        to: BigInt(address),
        selector: selectorOf('is_valid_signature'),
        calldata: [BigInt(messageHash), BigInt(signature.length), ...signature.map((felt) => BigInt(felt))],
      },
      { tag: 'latest' },
    )
    return result[0] === BigInt('0x56414c4944')
  }

  /** `unsigned` with placeholder bounds and signature, for an estimate run. */
  #draft(unsigned: RpcTransaction): RpcTransaction {
    return { ...unsigned, resource_bounds: ESTIMATE_BOUNDS(this.chain()), signature: PLACEHOLDER_SIGNATURE }
  }

  // Estimate with placeholder bounds and signature, then sign with 50% margins on the measured usage.
  #priceAndSign(unsigned: RpcTransaction, keys: AccountKeys): RpcTransaction {
    const chain = this.chain()
    const [estimate] = chain.simulate(
      [this.#draft(unsigned)],
      { skipValidate: true, skipFeeCharge: true },
      PRE_CONFIRMED,
      false,
    )
    const usage = estimate?.outcome.usage ?? { l1Gas: 0n, l2Gas: 20_000_000n, l1DataGas: 2_000n }
    const priced = { ...unsigned, resource_bounds: boundsFor(chain, usage), signature: [] }
    const txHash = transactionHash(parseTransaction(priced), chain.chainId)
    return { ...priced, signature: signAsAccount(txHash, keys) }
  }
}
