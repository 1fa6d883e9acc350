import { randomBytes } from 'node:crypto'
import {
  ANY_CALLER,
  chainIdFelt,
  type Felt,
  type OutsideExecution,
  outsideExecutionCalldata,
  outsideExecutionTypedData,
  selectorFromName,
  toFelt,
  toHex,
} from '@webwallet/protocol/session'
import express, { Router } from 'express'
import * as z from 'zod/mini'
import type { Chain } from '../../chain/chain'
import { ARGENT_ACCOUNT_CLASS_HASH } from '../../chain/contracts/argent/account'
import { erc20BalanceOf } from '../../chain/contracts/erc20'
import { UDC_ADDRESS } from '../../chain/contracts/udc'
import { contractAddress } from '../../chain/felt'
import { ETH_ADDRESS, normalise, STRK_ADDRESS } from '../backend/tokens'
import { cors } from '../http/cors'
import { HttpError, handleErrors } from '../http/HttpError'
import { Address } from '../http/schemas'
import { validate } from '../http/validate'
import { createRelayer, type RelayerAccount } from './relayer'
import { BuildTypedDataBody, ExecuteBody, OutsideExecutionTypedData } from './requests'
import { sendSigned } from './signature'

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
  /** The current chain (the simulator swaps it on restart and load). */
  chain: () => Chain
  /** The funded account that submits the transactions (and receives the gas-token fees by default). */
  relayer: RelayerAccount
  /**
   * Where the gas-token fee transfers go (default: the relayer). The cosigner co-signs a session's fee-token
   * transfer only to this address: give it the same value (`paymasterFeeRecipient(deps)`).
   */
  feeRecipient?: string
  /** Signs answers for clients that send `ask-signature: true` (the SDK's `serverPublicKey` is its public key). */
  serverPrivateKey?: string
  /** Keys that sponsor fees (`api-key` header); when absent, any non-empty key sponsors. */
  apiKeys?: readonly string[]
  gasTokens?: readonly GasToken[]
  /** Validation overheads the compatibility answer reports (gas units; default 0). */
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

const AddressParams = z.object({ address: Address })
const bad = (message: string) => new HttpError(400, 'BAD_REQUEST', message)
const EXECUTE_FROM_OUTSIDE_V2 = selectorFromName('execute_from_outside_v2')
const TRANSFER = selectorFromName('transfer')

/**
 * An AVNU gasless API v1 compatible paymaster (mount it at `/paymaster/v1`): compatibility, gas-token prices,
 * outside-execution typed data with the fee transfer appended, and execution through the relayer, with
 * optional signed answers. Sponsored with an `api-key` header; otherwise paid in a gas token.
 *
 * @example
 * app.use('/paymaster/v1', createPaymasterRouter({ chain: () => sim.chain, relayer: sim.accounts[0] }))
 */
export function createPaymasterRouter(deps: PaymasterDependencies): Router {
  const relayer = createRelayer(deps.chain, deps.relayer)
  const relayerFelt = BigInt(relayer.address)
  const feeRecipient = BigInt(paymasterFeeRecipient(deps))
  const gasTokens = deps.gasTokens ?? DEFAULT_GAS_TOKENS
  const overheads = deps.overheads ?? { gas: 0n, dataGas: 0n }
  const send = (req: express.Request, res: express.Response, body: unknown) =>
    sendSigned(req, res, body, deps.serverPrivateKey)
  const gasTokenOf = (address: Felt) => gasTokens.find((token) => BigInt(token.tokenAddress) === address)
  const sponsored = (req: express.Request): boolean => {
    const key = req.headers['api-key']
    if (typeof key !== 'string' || key === '') return false
    if (deps.apiKeys !== undefined && !deps.apiKeys.includes(key)) {
      throw new HttpError(401, 'UNAUTHORIZED', 'Invalid api key')
    }
    return true
  }

  const router = Router()
  router.use(cors({ methods: ['POST'] }))
  router.use(express.json({ limit: '1mb' }))

  // Up while the relayer can pay for gas (its STRK balance is what the chain charges fees in).
  router.get('/status', (req, res) => {
    const chain = deps.chain()
    send(req, res, { status: erc20BalanceOf(chain.pending, BigInt(STRK_ADDRESS), relayerFelt) > 0n })
  })

  // Sponsor campaigns: wallet-sim has none (sponsoring is by api key), so every account has no rewards.
  router.get('/accounts/:address/rewards', (req, res) => {
    validate(AddressParams, req.params, 'params')
    send(req, res, [])
  })

  router.get('/accounts/:address/compatible', (req, res) => {
    const { address } = validate(AddressParams, req.params, 'params')
    const classHash = deps.chain().pending.getClassHash(BigInt(address))
    // A counterfactual account is compatible: the SDK sends its deployment data with the first execute.
    const isCompatible = classHash === 0n || classHash === ARGENT_ACCOUNT_CLASS_HASH
    send(req, res, {
      isCompatible,
      gasConsumedOverhead: toHex(overheads.gas),
      dataGasConsumedOverhead: toHex(overheads.dataGas),
    })
  })

  router.get('/gas-token-prices', (req, res) => {
    send(
      req,
      res,
      gasTokens.map((token) => ({
        tokenAddress: normalise(token.tokenAddress),
        decimals: token.decimals,
        priceInETH: toHex(token.priceInETH),
      })),
    )
  })

  router.post('/build-typed-data', (req, res) => {
    const body = validate(BuildTypedDataBody, req.body, 'body')
    const chain = deps.chain()
    const calls = body.calls.map((call) => ({
      to: BigInt(call.contractAddress),
      selector: selectorFromName(call.entrypoint),
      calldata: (call.calldata ?? []).map((value) => toFelt(value)),
    }))
    if (!sponsored(req)) {
      if (body.gasTokenAddress === undefined || body.maxGasTokenAmount === undefined) {
        throw bad('gasTokenAddress and maxGasTokenAmount are required without an api key')
      }
      const token = BigInt(body.gasTokenAddress)
      if (gasTokenOf(token) === undefined) throw bad(`Unsupported gas token ${body.gasTokenAddress}`)
      const fee = toFelt(body.maxGasTokenAmount)
      if (erc20BalanceOf(chain.pending, token, BigInt(body.userAddress)) < fee) {
        throw bad('Not enough balance in any gas token - please fund your wallet with a valid gas token')
      }
      // As AVNU: the last call pays the fee recipient the amount the user agreed to at most; u256 (low, high).
      calls.push({
        to: token,
        selector: TRANSFER,
        calldata: [feeRecipient, fee & (2n ** 128n - 1n), fee >> 128n],
      })
    }
    const now = chain.now()
    const execution: OutsideExecution = {
      caller: relayerFelt,
      nonce: BigInt(`0x${randomBytes(31).toString('hex')}`),
      executeAfter: BigInt(now - 10 * 60),
      executeBefore: BigInt(now + 20 * 60),
      calls,
    }
    send(req, res, outsideExecutionTypedData(execution, chain.chainId))
  })

  router.post('/execute', (req, res) => {
    const body = validate(ExecuteBody, req.body, 'body')
    const chain = deps.chain()
    const execution = parseExecution(body.typedData, chain.chainId)
    if (execution.caller !== relayerFelt && execution.caller !== ANY_CALLER) {
      throw bad('The typed data names another caller than this paymaster')
    }
    if (!sponsored(req)) assertPaysFee(execution, feeRecipient, gasTokenOf)
    const user = BigInt(body.userAddress)
    const calls = []
    const deployment = body.deploymentData
    if (deployment !== undefined && chain.pending.getClassHash(user) === 0n) {
      const classHash = toFelt(deployment.class_hash)
      const salt = toFelt(deployment.salt)
      const unique = toFelt(deployment.unique)
      const calldata = deployment.calldata.map((value) => toFelt(value))
      if (unique !== 0n || contractAddress(salt, classHash, calldata, 0n) !== user) {
        throw bad('deploymentData does not deploy userAddress')
      }
      calls.push({
        to: UDC_ADDRESS,
        selector: selectorFromName('deployContract'),
        calldata: [classHash, salt, 0n, BigInt(calldata.length), ...calldata],
      })
    }
    const signature = body.signature.map((value) => toFelt(value))
    calls.push({
      to: user,
      selector: EXECUTE_FROM_OUTSIDE_V2,
      calldata: outsideExecutionCalldata(execution, signature),
    })
    const result = relayer.invoke(calls)
    if (result.reverted) {
      const message = `Contract error: ${result.revertReason ?? 'reverted'}`
      throw new HttpError(500, 'CONTRACT_ERROR', message, [message], {
        revertError: result.revertReason,
        transactionHash: result.transactionHash,
      })
    }
    send(req, res, { transactionHash: result.transactionHash })
  })

  router.use(handleErrors)
  return router
}

function parseExecution(text: string, chainId: Felt): OutsideExecution {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw bad('typedData is not JSON')
  }
  const { domain, message } = validate(OutsideExecutionTypedData, json, 'typedData')
  if (chainIdFelt(domain.chainId) !== chainId) throw bad(`typedData is for chain ${domain.chainId}`)
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

/** Without a sponsor, the last call must pay the paymaster's fee recipient in a gas token. */
function assertPaysFee(
  execution: OutsideExecution,
  feeRecipient: Felt,
  gasTokenOf: (address: Felt) => GasToken | undefined,
): void {
  const last = execution.calls.at(-1)
  const [recipient, low = 0n, high = 0n] = last?.calldata ?? []
  const pays =
    last !== undefined &&
    last.selector === TRANSFER &&
    gasTokenOf(last.to) !== undefined &&
    recipient === feeRecipient &&
    low + (high << 128n) > 0n
  if (!pays) throw bad('The typed data does not pay the paymaster; send an api-key or pay in a gas token')
}
