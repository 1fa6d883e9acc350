import express, { type Request, Router } from 'express'
import type * as z from 'zod/mini'
import { cors } from '../../../infra/http/cors'
import { handleErrors } from '../../../infra/http/HttpError'
import { unknownRoutes } from '../../../infra/http/unknownRoutes'
import { createPaymasterCore, type PaymasterDependencies } from '../core'
import { executionError, Snip29Code, Snip29Error } from './errors'
import { snip29Methods } from './methods'
import { BuildParams, ExecuteParams, RpcRequest } from './schemas'

/** The header AVNU's paymaster (and starknet.js users) send the sponsor's key in. */
export const PAYMASTER_API_KEY_HEADER = 'x-paymaster-api-key'

/**
 * A SNIP-29 paymaster (JSON-RPC 2.0 over `POST /`; mount it at `/paymaster`): `paymaster_isAvailable`,
 * `paymaster_getSupportedTokens`, `paymaster_buildTransaction`, `paymaster_executeTransaction`, sponsored
 * (with an `x-paymaster-api-key`) or paid in a gas token, for invoke, deploy and deploy_and_invoke. Same
 * relayer, typed data and fee recipient as the AVNU v1 API (`createPaymasterRouter`): give both the same deps.
 *
 * @example
 * app.use('/paymaster', createSnip29Router({ chain: builtinAccess(() => sim.chain), relayer }))
 * const paymaster = new PaymasterRpc({ nodeUrl: 'http://localhost:3005/paymaster' })
 */
export function createSnip29Router(deps: PaymasterDependencies): Router {
  const methods = snip29Methods(deps, createPaymasterCore(deps))
  const call = (method: string, params: unknown, req: Request): unknown => {
    const apiKey = req.get(PAYMASTER_API_KEY_HEADER)
    switch (method) {
      case 'paymaster_isAvailable':
        return methods.isAvailable()
      case 'paymaster_getSupportedTokens':
        return methods.getSupportedTokens()
      case 'paymaster_buildTransaction': {
        const { transaction, parameters } = paramsOf(BuildParams, params)
        return methods.buildTransaction(transaction, parameters, apiKey)
      }
      case 'paymaster_executeTransaction': {
        const { transaction, parameters } = paramsOf(ExecuteParams, params)
        return methods.executeTransaction(transaction, parameters, apiKey)
      }
      default:
        throw new Snip29Error(Snip29Code.METHOD_NOT_FOUND, `No method ${method}`)
    }
  }
  const answer = async (json: unknown, req: Request) => {
    const request = RpcRequest.safeParse(json)
    if (!request.success) return failure(null, new Snip29Error(Snip29Code.INVALID_REQUEST))
    const id = request.data.id ?? null
    try {
      return { jsonrpc: '2.0', id, result: await call(request.data.method, request.data.params, req) }
    } catch (error) {
      return failure(id, error)
    }
  }

  const router = Router()
  router.use(cors({ methods: ['POST'] }))
  // Any body type: a JSON-RPC client may send text/plain (no preflight); a body that is no JSON is -32700.
  router.post('/', express.text({ type: () => true, limit: '1mb' }), async (req, res) => {
    let json: unknown
    try {
      json = JSON.parse(typeof req.body === 'string' ? req.body : '')
    } catch {
      res.json(failure(null, new Snip29Error(Snip29Code.PARSE_ERROR)))
      return
    }
    if (!Array.isArray(json)) {
      res.json(await answer(json, req))
      return
    }
    if (json.length === 0) res.json(failure(null, new Snip29Error(Snip29Code.INVALID_REQUEST)))
    else res.json(await Promise.all(json.map((one) => answer(one, req))))
  })
  router.use(unknownRoutes(router))
  router.use(handleErrors)
  return router
}

/** By-name params, or by position in the order SNIP-29 lists them (transaction, parameters). */
function paramsOf<S extends z.ZodMiniType>(schema: S, params: unknown): z.infer<S> {
  const named = Array.isArray(params) ? { transaction: params[0], parameters: params[1] } : params
  const result = schema.safeParse(named)
  if (result.success) return result.data
  const issues = result.error.issues.map(
    (issue) => `${['params', ...issue.path.map(String)].join('.')}: ${issue.message}`,
  )
  throw new Snip29Error(Snip29Code.INVALID_PARAMS, issues)
}

function failure(id: string | number | null, error: unknown) {
  if (error instanceof Snip29Error) return { jsonrpc: '2.0', id, error: error.toJSON() }
  // The node refused the relayer's transaction (RpcError): say why, as AVNU relays the node's error.
  if (error instanceof Error && typeof (error as { code?: unknown }).code === 'number') {
    return { jsonrpc: '2.0', id, error: executionError(error.message).toJSON() }
  }
  // Anything unexpected: UNKNOWN_ERROR without internals.
  return { jsonrpc: '2.0', id, error: new Snip29Error(Snip29Code.UNKNOWN_ERROR, 'Internal error').toJSON() }
}
