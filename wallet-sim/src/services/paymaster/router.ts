import { addressKey } from '@webwallet/protocol/constants'
import {
  type OutsideCall,
  outsideExecutionTypedData,
  selectorFromName,
  toFelt,
  toHex,
} from '@webwallet/protocol/session'
import express, { Router } from 'express'
import * as z from 'zod/mini'
import { ARGENT_ACCOUNT_CLASS_HASH } from '../../chain/contracts/argent/account'
import { cors } from '../../infra/http/cors'
import { HttpError, handleErrors } from '../../infra/http/HttpError'
import { Address } from '../../infra/http/schemas'
import { unknownRoutes } from '../../infra/http/unknownRoutes'
import { validate } from '../../infra/http/validate'
import { STRK_ADDRESS } from '../backend/tokens'
import {
  createPaymasterCore,
  type PaymasterCore,
  type PaymasterDependencies,
  PaymasterRefusal,
  relayOverheadOf,
} from './core'
import { BuildTypedDataBody, ExecuteBody } from './requests'
import { sendSigned } from './signature'

export {
  DEFAULT_GAS_TOKENS,
  type GasToken,
  type PaymasterDependencies,
  paymasterFeeRecipient,
} from './core'

const AddressParams = z.object({ address: Address })
const bad = (message: string) => new HttpError(400, 'BAD_REQUEST', message)
/**
 * A failed execution as AVNU answers it: 500 whose message contains 'Contract error' and the reason in
 * `revertError` (the SDKs throw their contract/revert error from it); with the hash when it was sent.
 */
const contractError = (reason: string, transactionHash?: string) => {
  const message = `Contract error: ${reason}`
  return new HttpError(500, 'CONTRACT_ERROR', message, [message], {
    revertError: reason,
    ...(transactionHash === undefined ? {} : { transactionHash }),
  })
}

/**
 * An AVNU gasless API v1 compatible paymaster (mount it at `/paymaster/v1`): compatibility, gas-token prices,
 * outside-execution typed data with the fee transfer appended, and execution through the relayer, with
 * optional signed answers. Sponsored with an `api-key` header; otherwise paid in a gas token.
 *
 * @example
 * app.use('/paymaster/v1', createPaymasterRouter({ chain: builtinAccess(() => sim.chain), relayer: sim.accounts[0] }))
 */
export function createPaymasterRouter(deps: PaymasterDependencies): Router {
  const core = createPaymasterCore(deps)
  const send = (req: express.Request, res: express.Response, body: unknown) =>
    sendSigned(req, res, body, deps.serverPrivateKey)
  const sponsored = (req: express.Request): boolean => {
    const key = req.headers['api-key']
    if (typeof key !== 'string' || key === '') return false
    if (deps.apiKeys !== undefined && !deps.apiKeys.includes(key)) {
      throw new HttpError(401, 'UNAUTHORIZED', 'Invalid api key')
    }
    return true
  }
  // The core's refusals are this API's 400s, with the same texts.
  const refusing = async <T>(run: () => Promise<T> | T): Promise<T> => {
    try {
      return await run()
    } catch (error) {
      if (error instanceof PaymasterRefusal) throw bad(error.message)
      throw error
    }
  }
  const served: Served = { deps, core, send, sponsored, refusing }

  const router = Router()
  router.use(cors({ methods: ['POST'] }))
  router.use(express.json({ limit: '1mb' }))
  serveInfo(router, served)
  serveBuildTypedData(router, served)
  serveExecute(router, served)
  router.use(unknownRoutes(router))
  router.use(handleErrors)
  return router
}

/** What the routes share: the core, the signed answer, the sponsoring check, the core's refusals as 400s. */
interface Served {
  deps: PaymasterDependencies
  core: PaymasterCore
  send: (req: express.Request, res: express.Response, body: unknown) => void
  sponsored: (req: express.Request) => boolean
  refusing: <T>(run: () => Promise<T> | T) => Promise<T>
}

/** The read-only routes: status, rewards, compatibility and gas-token prices. */
function serveInfo(router: Router, { deps, core, send }: Served): void {
  const relayOverhead = relayOverheadOf(deps.chain)
  const overheads = deps.overheads ?? { gas: relayOverhead.l2Gas, dataGas: relayOverhead.l1DataGas }

  // Up while the relayer can pay for gas (its STRK balance is what the chain charges fees in).
  router.get('/status', async (req, res) => {
    send(req, res, { status: (await deps.chain.balanceOf(BigInt(STRK_ADDRESS), core.relayerFelt)) > 0n })
  })

  // Sponsor campaigns: wallet-sim has none (sponsoring is by api key), so every account has no rewards.
  router.get('/accounts/:address/rewards', (req, res) => {
    validate(AddressParams, req.params, 'params')
    send(req, res, [])
  })

  router.get('/accounts/:address/compatible', async (req, res) => {
    const { address } = validate(AddressParams, req.params, 'params')
    const classHash = await deps.chain.classHashAt(BigInt(address))
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
      core.gasTokens.map((token) => ({
        tokenAddress: addressKey(token.tokenAddress),
        decimals: token.decimals,
        priceInETH: toHex(token.priceInETH),
      })),
    )
  })
}

/** `POST /build-typed-data`: the outside execution to sign, with the fee transfer appended unless sponsored. */
function serveBuildTypedData(router: Router, { deps, core, send, sponsored }: Served): void {
  router.post('/build-typed-data', async (req, res) => {
    const body = validate(BuildTypedDataBody, req.body, 'body')
    const chain = deps.chain
    const calls: OutsideCall[] = body.calls.map((call) => ({
      to: BigInt(call.contractAddress),
      selector: selectorFromName(call.entrypoint),
      calldata: (call.calldata ?? []).map((value) => toFelt(value)),
    }))
    if (!sponsored(req)) {
      if (body.gasTokenAddress === undefined || body.maxGasTokenAmount === undefined) {
        throw bad('gasTokenAddress and maxGasTokenAmount are required without an api key')
      }
      const token = BigInt(body.gasTokenAddress)
      if (core.gasTokenOf(token) === undefined) throw bad(`Unsupported gas token ${body.gasTokenAddress}`)
      const fee = toFelt(body.maxGasTokenAmount)
      if ((await chain.balanceOf(token, BigInt(body.userAddress))) < fee) {
        throw bad('Not enough balance in any gas token - please fund your wallet with a valid gas token')
      }
      // As AVNU: the last call pays the fee recipient the amount the user agreed to at most.
      calls.push(core.feeTransfer(token, fee))
    }
    send(req, res, outsideExecutionTypedData(await core.buildExecution(calls), chain.chainId()))
  })
}

/** `POST /execute`: the signed outside execution, simulated then relayed. */
function serveExecute(router: Router, { deps, core, send, sponsored, refusing }: Served): void {
  const deployed = async (address: bigint) => (await deps.chain.classHashAt(address)) !== 0n

  router.post('/execute', async (req, res) => {
    const body = validate(ExecuteBody, req.body, 'body')
    const execution = await refusing(() => core.readExecution(body.typedData))
    const isSponsored = sponsored(req)
    const paid = isSponsored ? undefined : core.feePaid(execution)
    if (!isSponsored && paid === undefined) {
      throw bad('The typed data does not pay the paymaster; send an api-key or pay in a gas token')
    }
    const user = BigInt(body.userAddress)
    const deployment = body.deploymentData
    if (deployment !== undefined && toFelt(deployment.unique) !== 0n && !(await deployed(user))) {
      throw bad('deploymentData does not deploy userAddress')
    }
    const signature = body.signature.map((value) => toFelt(value))
    const calls = await refusing(() =>
      core.relayedCalls(
        user,
        execution,
        signature,
        deployment && {
          classHash: toFelt(deployment.class_hash),
          salt: toFelt(deployment.salt),
          calldata: deployment.calldata.map((value) => toFelt(value)),
        },
      ),
    )
    // Simulated first, as AVNU does: a bad signature, a used nonce, an expired window or a failing call is
    // refused before anything is sent, so a request from anyone (CORS *, the public sponsor key) cannot make
    // the relayer pay for a revert. Dry run and send are one step of the relayer's serial section: ten
    // copies of one signed execution at once are one transaction and nine refusals (its nonce is used).
    const result = await core.relayer.relay(calls, (dryRun) => {
      if (dryRun.reverted) throw contractError(dryRun.revertReason ?? 'reverted')
      if (paid !== undefined) {
        const worth = (paid.amount * core.priceInStrk(paid.token)) / 10n ** BigInt(paid.token.decimals)
        if (worth < dryRun.fee) {
          throw bad(`The fee transfer is worth ${worth} FRI; the transaction costs ${dryRun.fee} FRI`)
        }
      }
    })
    if (result.reverted) throw contractError(result.revertReason ?? 'reverted', result.transactionHash)
    send(req, res, { transactionHash: result.transactionHash })
  })
}
