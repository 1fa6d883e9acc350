// The wallet's view of the simulated chain: balances, deployment, nonces, and V3 transactions signed by
// owner + guardian, admitted through the node exactly as a broadcast from a real wallet would be.
import { maxCost } from '@webwallet/protocol/fees'
import type { Call } from '../../chain/contract'
import { encodeCalls } from '../../chain/contracts/calls'
import { STRK_ADDRESS } from '../../chain/contracts/erc20'
import { RpcError } from '../../chain/errors'
import { selectorOf, toHex } from '../../chain/felt'
import { parseTransaction } from '../../chain/parseTransaction'
import { getContractClass } from '../../chain/registry'
import type { RpcTransaction } from '../../chain/transaction'
import { transactionHash } from '../../chain/transactionHash'
import { boundsFor, type ChainAccess, feeAt } from '../../node/access'
import { createSerial } from '../../node/serial'
import type { AccountDeployment } from '../../services/login/state'
import { type AccountKeys, signAsAccount } from './signer'

/** Owner + guardian signature length, so fee estimates price validation right. */
const PLACEHOLDER_SIGNATURE = Array.from({ length: 9 }, () => '0x0')

/** A dapp call with felt calldata. */
export interface FeltCall {
  readonly contractAddress: string
  readonly entrypoint: string
  readonly calldata: readonly bigint[]
}

const common = {
  tip: '0x0',
  paymaster_data: [],
  nonce_data_availability_mode: 'L1',
  fee_data_availability_mode: 'L1',
}

/** Usage for an estimate run: high enough for any call, low enough for a funded account. */
const ESTIMATE_USAGE = { l1Gas: 0n, l2Gas: 20_000_000n, l1DataGas: 2_000n }

/** The most a transaction with these bounds may charge (protocol's fee rule). */
export function maxFeeOf(tx: RpcTransaction): bigint {
  return maxCost(tx.resource_bounds as Parameters<typeof maxCost>[0])
}

/**
 * Reads and writes one account through the chain access (the built-in chain, or the node of `--node`).
 *
 * @example
 * const ledger = new Ledger(builtinAccess(() => sim.chain))
 * if (!(await ledger.isDeployed(address))) await ledger.deployAccount(deployment, keys)
 */
export class Ledger {
  /** One send at a time per account (`serial`): callers wrap a nonce-to-submit sequence in it. */
  readonly serial = createSerial()

  constructor(private readonly chain: ChainAccess) {}

  get chainId(): string {
    return toHex(this.chain.chainId())
  }

  async isDeployed(address: string): Promise<boolean> {
    return (await this.chain.classHashAt(BigInt(address))) !== 0n
  }

  balanceOf(address: string, token: string = toHex(STRK_ADDRESS)): Promise<bigint> {
    return this.chain.balanceOf(BigInt(token), BigInt(address))
  }

  /** The deploy-account transaction of `deployment`, priced and signed. */
  deployTransaction(deployment: AccountDeployment, keys: AccountKeys): Promise<RpcTransaction> {
    return this.#priceAndSign(unsignedDeploy(deployment), keys)
  }

  /** Submits a signed deploy-account transaction; throws the node's RpcError when it is refused. */
  async submit(tx: RpcTransaction): Promise<string> {
    return toHex(await this.chain.submit(tx, 'DEPLOY_ACCOUNT'))
  }

  /** Deploys the account; throws the node's RpcError when it is refused. Returns the transaction hash. */
  async deployAccount(deployment: AccountDeployment, keys: AccountKeys): Promise<string> {
    return this.submit(await this.deployTransaction(deployment, keys))
  }

  /** The invoke of `calls` from `address`, priced and signed. */
  async invokeTransaction(
    address: string,
    calls: readonly FeltCall[],
    keys: AccountKeys,
  ): Promise<RpcTransaction> {
    return this.#priceAndSign(unsignedInvoke(address, calls, await this.chain.nonceOf(BigInt(address))), keys)
  }

  /**
   * What invoking `calls` from `address` would cost, as the wallet will sign it (the account's deployment
   * first when `deployment` is given): the fee expected at today's gas prices and the most the signed bounds
   * allow, in the fee token's base units. Throws RpcError 41 (with the revert reason as its execution error)
   * when a transaction would fail.
   */
  async estimateInvoke(
    address: string,
    calls: readonly FeltCall[],
    deployment?: AccountDeployment,
  ): Promise<{ fee: bigint; maxFee: bigint }> {
    const prices = await this.chain.gasPrices()
    const unsigned: RpcTransaction[] = []
    if (deployment) unsigned.push(unsignedDeploy(deployment))
    // After its deployment an account's next nonce is 1.
    unsigned.push(unsignedInvoke(address, calls, deployment ? 1n : await this.chain.nonceOf(BigInt(address))))
    const drafts = unsigned.map((tx) => ({
      ...tx,
      resource_bounds: boundsFor(ESTIMATE_USAGE, prices),
      signature: PLACEHOLDER_SIGNATURE,
    }))
    const measured = await this.chain.measure(drafts)
    let fee = 0n
    let maxFee = 0n
    for (const [index, { usage, reverted, revertReason }] of measured.entries()) {
      if (reverted)
        throw new RpcError(41, { transaction_index: index, execution_error: revertReason ?? 'reverted' })
      fee += feeAt(usage, prices)
      maxFee += maxFeeOf({ resource_bounds: boundsFor(usage, prices) } as RpcTransaction)
    }
    return { fee, maxFee }
  }

  /** The class name of the contract at `address` ('DemoCounter', 'ERC20') when the class is one wallet-sim knows. */
  async contractName(address: string): Promise<string | undefined> {
    try {
      const classHash = await this.chain.classHashAt(BigInt(address))
      return classHash === 0n ? undefined : getContractClass(classHash)?.name
    } catch {
      return undefined
    }
  }

  /** Signs and submits an invoke of `calls`; returns the transaction hash (the receipt may be REVERTED). */
  async invoke(address: string, calls: readonly FeltCall[], keys: AccountKeys): Promise<string> {
    return toHex(await this.chain.submit(await this.invokeTransaction(address, calls, keys), 'INVOKE'))
  }

  /** The receipt's execution status and revert reason. */
  async receipt(txHash: string): Promise<{ status: string; revertReason?: string }> {
    const receipt = await this.chain.receipt(BigInt(txHash))
    if (receipt === undefined) return { status: 'NOT_RECEIVED' }
    return receipt.revertReason === undefined
      ? { status: receipt.status }
      : { status: receipt.status, revertReason: receipt.revertReason }
  }

  /** The chain's clock in seconds (what session expiry is measured against; devnet_setTime moves it). */
  now(): Promise<number> {
    return this.chain.now()
  }

  /** `is_session_revoked(hash)` on the account, as of the pre-confirmed block; false while it is undeployed. */
  async isSessionRevoked(address: string, sessionHash: string): Promise<boolean> {
    if (!(await this.isDeployed(address))) return false
    const [revoked] = await this.chain.call(
      { to: BigInt(address), selector: selectorOf('is_session_revoked'), calldata: [BigInt(sessionHash)] },
      'pre_confirmed',
    )
    return revoked !== undefined && revoked !== 0n
  }

  /** Runs `is_valid_signature(hash, signature)` on the account (returns 'VALID' as a felt when valid). */
  async isValidSignature(
    address: string,
    messageHash: string,
    signature: readonly string[],
  ): Promise<boolean> {
    const result = await this.chain.call(
      {
        to: BigInt(address),
        selector: selectorOf('is_valid_signature'),
        calldata: [BigInt(messageHash), BigInt(signature.length), ...signature.map((felt) => BigInt(felt))],
      },
      'latest',
    )
    return result[0] === BigInt('0x56414c4944')
  }

  // Estimate with placeholder bounds and signature, then sign with 50% margins on the measured usage.
  async #priceAndSign(unsigned: RpcTransaction, keys: AccountKeys): Promise<RpcTransaction> {
    const prices = await this.chain.gasPrices()
    const draft = {
      ...unsigned,
      resource_bounds: boundsFor(ESTIMATE_USAGE, prices),
      signature: PLACEHOLDER_SIGNATURE,
    }
    const [measured] = await this.chain.measure([draft])
    const usage = measured?.usage ?? ESTIMATE_USAGE
    const priced = { ...unsigned, resource_bounds: boundsFor(usage, prices), signature: [] }
    const txHash = transactionHash(parseTransaction(priced), this.chain.chainId())
    return { ...priced, signature: signAsAccount(txHash, keys) }
  }
}

function unsignedDeploy(deployment: AccountDeployment): RpcTransaction {
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

function unsignedInvoke(address: string, calls: readonly FeltCall[], nonce: bigint): RpcTransaction {
  const encoded: Call[] = calls.map((call) => ({
    to: BigInt(call.contractAddress),
    selector: selectorOf(call.entrypoint),
    calldata: [...call.calldata],
  }))
  return {
    type: 'INVOKE',
    version: '0x3',
    sender_address: address,
    calldata: encodeCalls(encoded).map(toHex),
    nonce: toHex(nonce),
    account_deployment_data: [],
    ...common,
  }
}
