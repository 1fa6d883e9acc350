// The paymaster's core, shared by its two wire formats (the AVNU v1 REST API in router.ts and the SNIP-29
// JSON-RPC in snip29/): gas tokens and prices, the fee transfer, the outside-execution typed data it builds
// and reads back, the deployment call and the relayer that submits everything.
import { randomBytes } from 'node:crypto'
import {
  OUTSIDE_EXECUTION_AHEAD_MS,
  OUTSIDE_EXECUTION_BACK_MS,
  sameAddress,
  UDC_ENTRYPOINT,
} from '@webwallet/protocol'
import {
  ANY_CALLER,
  chainIdFelt,
  type Felt,
  type OutsideCall,
  type OutsideExecution,
  outsideExecutionCalldata,
  selectorFromName,
  toFelt,
  toHex,
} from '@webwallet/protocol/session'
import { UDC_ADDRESS } from '../../chain/contracts/udc'
import { contractAddress } from '../../chain/felt'
import type { GasUsage } from '../../chain/gas'
import { validate } from '../../infra/http/validate'
import type { ChainAccess } from '../../node/access'
import { ETH_ADDRESS, STRK_ADDRESS } from '../backend/tokens'
import { createRelayer, type RelayerAccount } from './relayer'
import { OutsideExecutionTypedData } from './requests'

/** A token the paymaster takes as payment, priced in wei per whole token. */
export interface GasToken {
  tokenAddress: string
  decimals: number
  priceInETH: bigint
}

/** STRK at the chain's own rate (1 ETH = 10,000 STRK) and ETH. */
export const DEFAULT_GAS_TOKENS: readonly GasToken[] = [
  { tokenAddress: STRK_ADDRESS, decimals: 18, priceInETH: 10n ** 14n },
  { tokenAddress: ETH_ADDRESS, decimals: 18, priceInETH: 10n ** 18n },
]

export interface PaymasterDependencies {
  /** The chain the relayer reads and submits to (the built-in chain in process, or the `--node`). */
  chain: ChainAccess
  /** The funded account that submits the transactions (and receives the gas-token fees by default). */
  relayer: RelayerAccount
  /**
   * Where the gas-token fee transfers go (default: the relayer). The cosigner co-signs a session's fee-token
   * transfer only to this address: give it the same value (`paymasterFeeRecipient(deps)`).
   */
  feeRecipient?: string
  /** Signs answers for clients that send `ask-signature: true` (the SDK's `serverPublicKey` is its public key). */
  serverPrivateKey?: string
  /** Keys that sponsor fees (`api-key` / `x-paymaster-api-key` header); when absent, any non-empty key sponsors. */
  apiKeys?: readonly string[]
  gasTokens?: readonly GasToken[]
  /**
   * The overheads the AVNU v1 compatibility answer reports (gas units), which clients add to their own
   * estimate of the calls: default {@link RELAY_OVERHEAD}'s, as `/execute` refuses a fee below the relayer's
   * measured cost.
   */
  overheads?: { gas: bigint; dataGas: bigint }
}

/**
 * The address the paymaster's fee transfers pay (normalised hex): `feeRecipient`, else the relayer.
 *
 * @example
 * createCosignerRouter({ guardianPrivateKey, feeRecipient: paymasterFeeRecipient(paymasterDeps) })
 */
export function paymasterFeeRecipient(deps: Pick<PaymasterDependencies, 'relayer' | 'feeRecipient'>): string {
  return toHex(BigInt(deps.feeRecipient ?? deps.relayer.address))
}

/**
 * The relayer's own part, on top of the user's calls: its account's validation and the outside execution's
 * checks (caller, window, nonce, the user's signature). Measured on the simulated Argent account (whose gas
 * is calibrated on starknet-devnet: about 1.2M L2 gas and 128 data gas for a session's outside execution,
 * 1.9M with a deployment) with a margin; SNIP-29's 50% margins come on top.
 */
export const RELAY_OVERHEAD: GasUsage = { l1Gas: 0n, l2Gas: 2_000_000n, l1DataGas: 256n }

/**
 * The same on a real node (`--node`): the Cairo Argent account's outside execution and the relayer's own
 * validation measured about 2.06M L2 gas and 480 more data gas on starknet-devnet 0.10.1 than the user's
 * calls alone; with a margin.
 */
export const NODE_RELAY_OVERHEAD: GasUsage = { l1Gas: 0n, l2Gas: 3_000_000n, l1DataGas: 768n }

/** The relay overhead of a chain: measured on the built-in chain's account, or on the real one. */
export const relayOverheadOf = (chain: ChainAccess): GasUsage =>
  chain.kind === 'node' ? NODE_RELAY_OVERHEAD : RELAY_OVERHEAD

export const TRANSFER = selectorFromName('transfer')
const EXECUTE_FROM_OUTSIDE_V2 = selectorFromName('execute_from_outside_v2')
const U128 = 2n ** 128n - 1n

/** Why the core refuses a request; each wire format words it its own way. */
export type RefusalKind =
  | 'badTypedData'
  | 'wrongChain'
  | 'wrongCaller'
  | 'doesNotPay'
  | 'badDeployment'
  | 'nothingToRun'

export class PaymasterRefusal extends Error {
  override readonly name = 'PaymasterRefusal'
  constructor(
    readonly kind: RefusalKind,
    message: string,
  ) {
    super(message)
  }
}

/** An account deployment through the UDC (`unique` false), as the client describes it. */
export interface Deployment {
  classHash: Felt
  salt: Felt
  calldata: Felt[]
}

/**
 * The paymaster's shared logic over one chain and relayer.
 *
 * @example
 * const core = createPaymasterCore(deps)
 * const execution = core.buildExecution(user, calls, { token: STRK, amount })
 */
export function createPaymasterCore(deps: PaymasterDependencies) {
  const relayer = createRelayer(deps.chain, deps.relayer)
  const relayerFelt = BigInt(relayer.address)
  const feeRecipient = BigInt(paymasterFeeRecipient(deps))
  const gasTokens = deps.gasTokens ?? DEFAULT_GAS_TOKENS
  const strkPrice = gasTokens.find((token) => sameAddress(token.tokenAddress, STRK_ADDRESS))
  const gasTokenOf = (address: Felt) => gasTokens.find((token) => sameAddress(token.tokenAddress, address))

  return {
    relayer,
    relayerFelt,
    feeRecipient,
    gasTokens,
    gasTokenOf,
    /** What a whole token is worth in STRK base units (10^18 per STRK). */
    priceInStrk(token: GasToken): bigint {
      const strkInEth = strkPrice?.priceInETH ?? 10n ** 14n
      return (token.priceInETH * 10n ** 18n) / strkInEth
    },
    /** The transfer of `amount` of `token` to the fee recipient, as AVNU appends it: u256 (low, high). */
    feeTransfer(token: Felt, amount: bigint): OutsideCall {
      return { to: token, selector: TRANSFER, calldata: [feeRecipient, amount & U128, amount >> 128n] }
    },
    /** An outside execution of `calls` by the relayer, with a fresh nonce; the protocol's window unless given. */
    async buildExecution(
      calls: OutsideCall[],
      window?: { after: bigint; before: bigint },
    ): Promise<OutsideExecution> {
      const now = BigInt(await deps.chain.now())
      return {
        caller: relayerFelt,
        nonce: BigInt(`0x${randomBytes(31).toString('hex')}`),
        executeAfter: window?.after ?? now - BigInt(OUTSIDE_EXECUTION_BACK_MS / 1000),
        executeBefore: window?.before ?? now + BigInt(OUTSIDE_EXECUTION_AHEAD_MS / 1000),
        calls,
      }
    },
    /** The outside execution in typed data the client sent back, checked for this chain and caller. */
    readExecution(typedData: unknown): OutsideExecution {
      const execution = parseExecution(typedData, deps.chain.chainId())
      if (execution.caller !== relayerFelt && execution.caller !== ANY_CALLER) {
        throw new PaymasterRefusal('wrongCaller', 'The typed data names another caller than this paymaster')
      }
      return execution
    },
    /** The fee transfer that ends `execution` (token and amount), if it pays the fee recipient in a gas token. */
    feePaid(execution: OutsideExecution): { token: GasToken; amount: bigint } | undefined {
      const last = execution.calls.at(-1)
      if (last === undefined || last.selector !== TRANSFER || last.calldata.length !== 3) return undefined
      const [recipient, low = 0n, high = 0n] = last.calldata
      const token = gasTokenOf(last.to)
      const amount = low + (high << 128n)
      return token !== undefined && recipient === feeRecipient && amount > 0n ? { token, amount } : undefined
    },
    /** The UDC call that deploys `user` from `deployment`, or none when it is deployed already. */
    async deploymentCalls(user: Felt, deployment: Deployment | undefined): Promise<OutsideCall[]> {
      if (deployment === undefined || (await deps.chain.classHashAt(user)) !== 0n) return []
      if (contractAddress(deployment.salt, deployment.classHash, deployment.calldata, 0n) !== user) {
        throw new PaymasterRefusal('badDeployment', 'deploymentData does not deploy userAddress')
      }
      const { classHash, salt, calldata } = deployment
      const deploy = selectorFromName(UDC_ENTRYPOINT)
      return [
        {
          to: UDC_ADDRESS,
          selector: deploy,
          calldata: [classHash, salt, 0n, BigInt(calldata.length), ...calldata],
        },
      ]
    },
    /**
     * The relayer's calls for `execution` signed by `user` (after its deployment, if any). An execution with no
     * calls is a deployment alone (SNIP-29's `deploy`; invisible-sdk's `deployAndExecuteWithPaymaster(..., [])`):
     * only the deployment is sent, as an empty outside execution would only spend a nonce.
     */
    async relayedCalls(user: Felt, execution: OutsideExecution, signature: Felt[], deployment?: Deployment) {
      const deploying = await this.deploymentCalls(user, deployment)
      if (execution.calls.length === 0) {
        if (deploying.length > 0) return deploying
        throw new PaymasterRefusal('nothingToRun', 'No calls and no deployment: nothing to execute')
      }
      return [
        ...deploying,
        {
          to: user,
          selector: EXECUTE_FROM_OUTSIDE_V2,
          calldata: outsideExecutionCalldata(execution, signature),
        },
      ]
    },
  }
}

export type PaymasterCore = ReturnType<typeof createPaymasterCore>

/** Reads typed data (an object, or its JSON text as AVNU v1 sends it) into an outside execution. */
function parseExecution(typedData: unknown, chainId: Felt): OutsideExecution {
  let json = typedData
  if (typeof typedData === 'string') {
    try {
      json = JSON.parse(typedData)
    } catch {
      throw new PaymasterRefusal('badTypedData', 'typedData is not JSON')
    }
  }
  const { domain, message } = validate(OutsideExecutionTypedData, json, 'typedData')
  if (chainIdFelt(domain.chainId) !== chainId) {
    throw new PaymasterRefusal('wrongChain', `typedData is for chain ${domain.chainId}`)
  }
  return {
    caller: toFelt(message.Caller),
    nonce: toFelt(message.Nonce),
    executeAfter: toFelt(message['Execute After']),
    executeBefore: toFelt(message['Execute Before']),
    calls: message.Calls.map((call) => ({
      to: toFelt(call.To),
      selector: /^0x[0-9a-fA-F]+$/.test(call.Selector)
        ? BigInt(call.Selector)
        : selectorFromName(call.Selector),
      calldata: call.Calldata.map((value) => toFelt(value)),
    })),
  }
}
