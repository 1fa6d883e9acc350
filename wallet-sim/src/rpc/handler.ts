// JSON-RPC 2.0 over HTTP for one spec version: single and batched requests, `starknet_*` and
// `devnet_*` methods, errors as `{code, message, data}` with the spec's texts.
import type { IncomingMessage } from 'node:http'
import express, { type Router } from 'express'
import { messageFor, RpcCode, RpcError } from '../chain/errors'
import { requestFault } from '../infra/http/HttpError'
import { MAX_JSON_DEPTH, nestedDeeperThan } from '../infra/json/depth'
import { jsonBodyKeepingBigIntegers, stringifyWithBigIntegers } from './bigJson'
import { type DevHost, devnetMethods } from './devnetMethods'
import type { SpecVersion } from './format'
import { isLegacy, type LegacyVersion, legacyMessage, legacyMethods } from './legacy'
import type { Method } from './method'
import { namedParams } from './params'
import { starknetMethods } from './starknetMethods'

/**
 * The error of a request nested deeper than MAX_JSON_DEPTH levels (over HTTP and the WebSocket): -32600 with
 * why, before it is parsed, since the readers after JSON.parse recurse and overflow the stack on it.
 * @example if (nestedDeeperThan(text)) throw tooDeep()
 */
export const tooDeep = () =>
  new RpcError(RpcCode.INVALID_REQUEST, `the request nests deeper than ${MAX_JSON_DEPTH} levels`)

/** The largest JSON-RPC body over HTTP (the WebSocket API's largest message, MAX_MESSAGE_BYTES, too). */
const MAX_BODY = '20mb'

/** Every version an HTTP endpoint speaks: 0.9 and 0.10, and 0.7 / 0.8 through the adapters of ./legacy. */
export type RpcVersion = SpecVersion | LegacyVersion

interface Request {
  jsonrpc?: unknown
  id?: unknown
  method?: unknown
  params?: unknown
}

/**
 * The JSON-RPC error answer for `e`: the spec's code and message for an RpcError, 63 with the text otherwise.
 * @example errorBody(1, new RpcError(RpcCode.BLOCK_NOT_FOUND), '0.10')
 */
export const errorBody = (id: unknown, e: unknown, v: RpcVersion) => {
  if (e instanceof RpcError) {
    return {
      jsonrpc: '2.0',
      id: id ?? null,
      error: {
        code: e.code,
        message: e.text ?? (isLegacy(v) ? legacyMessage(e.code, v) : undefined) ?? messageFor(e.code, v),
        ...(e.data !== undefined ? { data: e.data } : {}),
      },
    }
  }
  const data = e instanceof Error ? e.message : String(e)
  return {
    jsonrpc: '2.0',
    id: id ?? null,
    error: { code: RpcCode.UNEXPECTED_ERROR, message: messageFor(63, v), data },
  }
}

/** Most requests one batch may hold (over HTTP and the WebSocket): a 20 MiB body holds ~200,000. */
export const MAX_BATCH_REQUESTS = 1000

/**
 * The one error a batch over MAX_BATCH_REQUESTS is answered with (JSON-RPC 2.0: an invalid batch as a whole
 * gets a single error object); undefined for a batch within the limit.
 * @example batchTooLong(body.length, '0.10') ?? body.map(answer)
 */
export function batchTooLong(length: number, v: RpcVersion): object | undefined {
  if (length <= MAX_BATCH_REQUESTS) return undefined
  const data = `a batch may hold at most ${MAX_BATCH_REQUESTS} requests (got ${length})`
  return errorBody(null, new RpcError(RpcCode.INVALID_REQUEST, data), v)
}

/**
 * The answer as text; one that cannot be (a batch of large answers can make more than a string holds) is
 * answered with error 63 saying why, rather than failing the request or the socket.
 * @example res.end(answerText(answer, '0.10'))
 */
export function answerText(answer: object, v: RpcVersion): string {
  try {
    return stringifyWithBigIntegers(answer)
  } catch (e) {
    const data =
      e instanceof RangeError
        ? 'the answer is too large to send; split the batch'
        : `the answer could not be serialised: ${e instanceof Error ? e.message : String(e)}`
    return JSON.stringify(errorBody(null, new RpcError(RpcCode.UNEXPECTED_ERROR, data), v))
  }
}

/**
 * The error code of a `devnet_*` request refused to its sender (a browser page of a foreign origin, a Host
 * wallet-sim does not answer): a JSON-RPC 2.0 server error, not "method not found", so a client can tell
 * "not there" from "not for you". `data` says why and which option allows it.
 */
export const DEVNET_FORBIDDEN = -32001
export const DEVNET_FORBIDDEN_MESSAGE =
  'devnet_* methods are refused to this client (allow its origin with --allow-dapp ORIGIN, or --open-dev-api)'

/** The dispatcher's method tables of spec `v`, by prefix (`starknet_*`, `devnet_*`), each built when asked. */
const RPC_TABLES: Readonly<Record<string, (host: DevHost, v: RpcVersion) => Record<string, Method>>> = {
  starknet: (_host, v) => (isLegacy(v) ? legacyMethods(v) : starknetMethods),
  devnet: (host) => devnetMethods(host),
}

/**
 * Every method `handleRpc` answers for spec `v`, by its full name: what the list of listeners
 * (listeners.ts) is checked against.
 * @example Object.keys(rpcMethods(sim, '0.10')) // ['starknet_specVersion', …, 'devnet_getConfig']
 */
export function rpcMethods(host: DevHost, v: RpcVersion): Record<string, Method> {
  return Object.fromEntries(
    Object.entries(RPC_TABLES).flatMap(([prefix, table]) =>
      Object.entries(table(host, v)).map(([name, method]) => [`${prefix}_${name}`, method]),
    ),
  )
}

/**
 * Answers one JSON-RPC request object (no HTTP), for tests and in-process use. With `devnetRefusal` (why
 * the sender may not use dev powers), `devnet_*` methods answer DEVNET_FORBIDDEN instead of running.
 * @example handleRpc(host, { jsonrpc: '2.0', id: 1, method: 'starknet_chainId' }, '0.10')
 */
export function handleRpc(
  host: DevHost,
  req: Request,
  v: RpcVersion,
  devnetRefusal?: string,
): object | undefined {
  const id = req.id
  try {
    if (req.jsonrpc !== '2.0' || typeof req.method !== 'string') throw new RpcError(RpcCode.INVALID_REQUEST)
    const [prefix, name] = req.method.split('_', 2) as [string, string | undefined]
    if (prefix === 'devnet' && devnetRefusal !== undefined) {
      const error = { code: DEVNET_FORBIDDEN, message: DEVNET_FORBIDDEN_MESSAGE, data: devnetRefusal }
      return id === undefined ? undefined : { jsonrpc: '2.0', id, error }
    }
    const legacy = isLegacy(v)
    // Own keys only: `constructor_keys` must not reach Object.keys through the tables' prototype.
    const table = Object.hasOwn(RPC_TABLES, prefix) ? RPC_TABLES[prefix]!(host, v) : undefined
    const method = name !== undefined && table && Object.hasOwn(table, name) ? table[name] : undefined
    if (!method || req.method !== `${prefix}_${name}`) throw new RpcError(RpcCode.METHOD_NOT_FOUND)
    // The dev methods answer as on 0.9 for 0.7/0.8 clients (devnet's own shapes, not the spec's).
    const result = method.run(host.chain, namedParams(req.params, method.names), legacy ? '0.9' : v)
    if (id === undefined) return undefined
    return { jsonrpc: '2.0', id, result }
  } catch (e) {
    return errorBody(id, e, v)
  }
}

/** Why a request's sender may not use `devnet_*` methods; undefined when it may. */
export type DevnetGate = (req: IncomingMessage) => string | undefined

/**
 * An express router answering JSON-RPC POSTs at its root for spec `version`; `devnetGate` decides per
 * request whether `devnet_*` methods run (default: always).
 * @example app.use('/rpc/v0_9', rpcRouter(host, '0.9', access.devRefusal))
 */
export function rpcRouter(host: DevHost, version: RpcVersion, devnetGate?: DevnetGate): Router {
  const router = express.Router()
  // Serialised here: res.json's failure would reach the error handler below and read as a parse error.
  // Written with writeHead and end rather than res.send: express would hash every answer for an ETag that no
  // POST uses and send headers and body in two writes (a fifth of a transaction's time on the node).
  const reply = (res: express.Response, answer: object) => {
    const text = answerText(answer, version)
    res.writeHead(res.statusCode, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
    })
    res.end(text)
  }
  router.post(
    '/',
    ...jsonBodyKeepingBigIntegers(MAX_BODY, (text) => (nestedDeeperThan(text) ? tooDeep() : undefined)),
    (req, res) => {
      const body: unknown = req.body
      const refusal = devnetGate?.(req)
      if (Array.isArray(body)) {
        if (body.length === 0) {
          reply(res, errorBody(null, new RpcError(RpcCode.INVALID_REQUEST), version))
          return
        }
        const tooLong = batchTooLong(body.length, version)
        if (tooLong) {
          reply(res, tooLong)
          return
        }
        const answers = body
          .map((r) => handleRpc(host, (r ?? {}) as Request, version, refusal))
          .filter((a) => a !== undefined)
        reply(res, answers)
        return
      }
      if (!body || typeof body !== 'object') {
        reply(res, errorBody(null, new RpcError(RpcCode.PARSE_ERROR), version))
        return
      }
      const answer = handleRpc(host, body as Request, version, refusal)
      if (answer === undefined) res.status(204).end()
      else reply(res, answer)
    },
  )
  // A body over the limit: 413 with Invalid Request saying so; any other body that is not JSON: JSON-RPC's
  // parse error rather than express's HTML page.
  router.use((err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    if (err instanceof RpcError) {
      res.json(errorBody(null, err, version))
      return
    }
    if (requestFault(err)?.status === 413) {
      const data = 'the body is over 20 MiB; split the batch'
      res.status(413).json(errorBody(null, new RpcError(RpcCode.INVALID_REQUEST, data), version))
      return
    }
    res.json(errorBody(null, new RpcError(RpcCode.PARSE_ERROR), version))
  })
  return router
}

/**
 * The last handler under `/rpc`: a node path (`served`) asked with another method than POST is 405 with
 * `Allow`, any other path 404, both as a JSON-RPC Invalid Request error (id null, why in `data`) instead of
 * express's HTML page: what a JSON-RPC client reads as an error.
 * @example app.use('/rpc', unknownRpcRoutes(['/rpc', '/rpc/v0_9', '/rpc/v0_10']))
 */
export function unknownRpcRoutes(served: readonly string[]): express.RequestHandler {
  return (req, res) => {
    const path = `${req.baseUrl}${req.path}`.replace(/(.)\/$/, '$1')
    let data = `No route ${req.method} ${path}: the node answers POST ${served.join(', ')}`
    if (served.includes(path)) {
      res.setHeader('Allow', 'OPTIONS, POST')
      res.status(405)
      data = `Method ${req.method} is not allowed on ${path}; use POST`
    } else res.status(404)
    res.json(errorBody(null, new RpcError(RpcCode.INVALID_REQUEST, data), '0.10'))
  }
}
