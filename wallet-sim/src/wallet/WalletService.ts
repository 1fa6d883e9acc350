// What the wallet does for a logged-in user once the user (or the approval policy) said yes: sign typed
// data, sign sessions (with their token approvals), execute calls (deploying the account first), and keep
// the origins the user connected. Both the UI's HTTP API and the WebSocket router call it.
import {
  type Call,
  ConnectAndSignSessionError,
  convertCalldataValue,
  type DeploymentData,
  NodeError,
  type SessionSignRequest,
  type SessionSignResult,
  type TypedData,
} from '@webwallet/protocol'
import { SESSION_DOMAIN_NAME } from '@webwallet/protocol/session'
import { typedData as snip12, shortString as starknetShortString } from 'starknet'
import { ETH_ADDRESS, STRK_ADDRESS } from '../chain/contracts/erc20'
import { RpcError } from '../chain/errors'
import type { User } from '../services/login/state'
import { type FeltCall, type Ledger, maxFeeOf } from './ledger'
import type { AccountKeys } from './signer'
import { signAsAccount } from './signer'

const hex = (value: bigint) => `0x${value.toString(16)}`
const U128 = 2n ** 128n

/** The account as the wallet UI shows it. */
export interface AccountView {
  email: string
  address: string
  chainId: string
  deployed: boolean
  balances: { STRK: string; ETH: string }
}

export interface WalletServiceOptions {
  ledger: Ledger
  guardianPrivateKey: string
}

/** Dapp calls with their calldata converted to felts (hex, decimal, short strings, numbers, bigints). */
export function toFeltCalls(calls: readonly Call[]): FeltCall[] {
  return calls.map((call) => ({
    contractAddress: call.contractAddress,
    entrypoint: call.entrypoint,
    calldata: (call.calldata ?? []).map((value, index) => convertCalldataValue(value, index)),
  }))
}

const sessionError = (message: string, code: string, cause?: unknown) =>
  new ConnectAndSignSessionError(message, code, { cause })

/**
 * The signing side of wallet-sim: keys never leave it.
 *
 * @example
 * const wallet = new WalletService({ ledger: new Ledger(() => sim.chain), guardianPrivateKey })
 * const signature = wallet.signTypedData(user, typedData)
 */
export class WalletService {
  readonly #ledger: Ledger
  readonly #guardianPrivateKey: string
  readonly #connected = new Map<string, Set<string>>()

  constructor(options: WalletServiceOptions) {
    this.#ledger = options.ledger
    this.#guardianPrivateKey = options.guardianPrivateKey
  }

  get chainId(): string {
    return this.#ledger.chainId
  }

  get ledger(): Ledger {
    return this.#ledger
  }

  #keys(user: User): AccountKeys {
    return { ownerPrivateKey: user.ownerPrivateKey, guardianPrivateKey: this.#guardianPrivateKey }
  }

  account(user: User): AccountView {
    const { address } = user.account
    return {
      email: user.email,
      address,
      chainId: this.chainId,
      deployed: this.#ledger.isDeployed(address),
      balances: {
        STRK: this.#ledger.balanceOf(address, hex(STRK_ADDRESS)).toString(),
        ETH: this.#ledger.balanceOf(address, hex(ETH_ADDRESS)).toString(),
      },
    }
  }

  /** Remembers that the user connected `origin` (getPermissions answers 'accounts' for it from now on). */
  connect(user: User, origin: string): void {
    const origins = this.#connected.get(user.email) ?? new Set()
    origins.add(origin)
    this.#connected.set(user.email, origins)
  }

  isConnected(user: User, origin: string): boolean {
    return this.#connected.get(user.email)?.has(origin) ?? false
  }

  disconnect(user: User, origin: string): void {
    this.#connected.get(user.email)?.delete(origin)
  }

  deploymentData(user: User): DeploymentData {
    const { address, classHash, salt, constructorCalldata } = user.account
    return { address, class_hash: classHash, salt, calldata: constructorCalldata, version: 1 }
  }

  /** The SNIP-12 message hash of `typedData` for the user's account. */
  messageHash(user: User, typedData: TypedData): string {
    return snip12.getMessageHash(typedData as never, user.account.address)
  }

  /** Owner + guardian signature of the SNIP-12 hash. */
  signTypedData(user: User, typedData: TypedData): string[] {
    return signAsAccount(this.messageHash(user, typedData), this.#keys(user))
  }

  /** Deploys the account if needed; returns the deploy transaction hash, or undefined when it was deployed. */
  ensureDeployed(user: User): string | undefined {
    if (this.#ledger.isDeployed(user.account.address)) return undefined
    return this.#ledger.deployAccount(user.account, this.#keys(user))
  }

  /** Signs and submits `calls` (deploying the account first if needed); returns the invoke hash. */
  execute(user: User, calls: readonly Call[]): string {
    const felts = toFeltCalls(calls)
    try {
      this.ensureDeployed(user)
      return this.#ledger.invoke(user.account.address, felts, this.#keys(user))
    } catch (cause) {
      if (cause instanceof RpcError) throw new NodeError(cause.code, cause.message, cause.data, { cause })
      throw cause
    }
  }

  /**
   * Signs a session: checks the typed data, runs the approval requests (deploying first), signs.
   * Throws ConnectAndSignSessionError with NOT_ENOUGH_BALANCE, NOT_ENOUGH_BALANCE_DEPLOYMENT,
   * ACCOUNT_NOT_DEPLOYED or GENERIC_ERROR.
   */
  signSession(user: User, request: SessionSignRequest): SessionSignResult {
    const { address } = user.account
    this.#checkSessionTypedData(request.sessionTypedData)
    const approvalRequestsCalls = request.approvalRequests.map((approval) => {
      const amount = BigInt(approval.amount)
      return {
        contractAddress: approval.tokenAddress,
        entrypoint: 'approve',
        calldata: [approval.spender, hex(amount % U128), hex(amount / U128)],
      }
    })
    for (const approval of request.approvalRequests) {
      if (this.#ledger.balanceOf(address, approval.tokenAddress) < BigInt(approval.amount)) {
        throw sessionError(
          `Not enough balance to approve ${approval.amount} of ${approval.tokenAddress}`,
          'NOT_ENOUGH_BALANCE',
        )
      }
    }
    let approvalTransactionHash: string | undefined
    if (approvalRequestsCalls.length > 0) {
      this.#deployForSession(user)
      try {
        approvalTransactionHash = this.#ledger.invoke(
          address,
          toFeltCalls(approvalRequestsCalls),
          this.#keys(user),
        )
      } catch (cause) {
        throw sessionError('The approval transaction was refused', 'GENERIC_ERROR', cause)
      }
      const receipt = this.#ledger.receipt(approvalTransactionHash)
      if (receipt.status !== 'SUCCEEDED') {
        throw sessionError(
          `The approval transaction reverted: ${receipt.revertReason ?? ''}`,
          'GENERIC_ERROR',
        )
      }
    }
    const signature = this.signTypedData(user, request.sessionTypedData)
    const { classHash, constructorCalldata, salt } = user.account
    return {
      account: [address],
      chainId: this.chainId,
      signature,
      deploymentPayload: { classHash, constructorCalldata, addressSalt: salt, contractAddress: address },
      approvalRequestsCalls,
      ...(approvalTransactionHash === undefined ? {} : { approvalTransactionHash }),
    }
  }

  #deployForSession(user: User): void {
    if (this.#ledger.isDeployed(user.account.address)) return
    const notDeployed = (cause: unknown) => {
      const detail = cause instanceof RpcError ? `: ${cause.message}` : ''
      return sessionError(`The account could not be deployed${detail}`, 'ACCOUNT_NOT_DEPLOYED', cause)
    }
    let tx: ReturnType<Ledger['deployTransaction']>
    try {
      tx = this.#ledger.deployTransaction(user.account, this.#keys(user))
    } catch (cause) {
      throw notDeployed(cause)
    }
    if (this.#ledger.balanceOf(user.account.address) < maxFeeOf(tx)) {
      throw sessionError('Not enough STRK to deploy the account', 'NOT_ENOUGH_BALANCE_DEPLOYMENT')
    }
    try {
      this.#ledger.submit(tx)
    } catch (cause) {
      throw notDeployed(cause)
    }
  }

  #checkSessionTypedData(typedData: TypedData): void {
    const { domain, primaryType } = typedData
    if (primaryType !== 'Session' || domain.name !== SESSION_DOMAIN_NAME) {
      throw sessionError(
        'Not a session: primaryType must be Session in the SessionAccount.session domain',
        'GENERIC_ERROR',
      )
    }
    const chainId = String(domain.chainId ?? '')
    const asFelt = chainId.startsWith('0x') ? chainId : starknetShortString.encodeShortString(chainId)
    if (BigInt(asFelt) !== BigInt(this.chainId)) {
      throw sessionError(
        `The session is for chain ${chainId}, the wallet is on ${this.chainId}`,
        'GENERIC_ERROR',
      )
    }
  }
}
