import * as z from 'zod/mini'
import { nonEmpty, number, oneOf, oneOfValues } from './schemas/util'
import './schemas/genericMessages'

// The postMessage wire envelope of trpc-browser, which starknetkit's web-wallet connector speaks, as
// schemas. Both sides parse every incoming message with `parseEnvelope` and ignore what does not parse.

/** Sent by the wallet window once its handler listens, to its opener/parent (cross-origin popups have no load event). */
export const POPUP_LOADED_MESSAGE = 'TRPC_BROWSER::POPUP_LOADED'
export const PopupLoadedSchema = oneOfValues([POPUP_LOADED_MESSAGE])

/** tRPC request ids are numbers or strings; ours are random strings. */
export const EnvelopeIdSchema = oneOf([z.string(), number()])
const JsonRpcSchema = z.optional(oneOfValues(['2.0']))

export const ProcedureTypeSchema = oneOfValues(['query', 'mutation', 'subscription'])
/** A value {@link ProcedureTypeSchema} accepts, as it parses it. */
export type ProcedureType = z.infer<typeof ProcedureTypeSchema>

/**
 * A call of one procedure: `{trpc:{id, jsonrpc?, method, params:{path, input}}}`.
 *
 * @example
 * EnvelopeRequestSchema.parse({ trpc: { id: 'a1', method: 'mutation', params: { path: 'enable', input: undefined } } })
 */
export const EnvelopeRequestSchema = z.object({
  trpc: z.object({
    id: EnvelopeIdSchema,
    jsonrpc: JsonRpcSchema,
    method: ProcedureTypeSchema,
    params: z.object({
      path: z.string().check(nonEmpty('Path must not be empty')),
      input: z.optional(z.custom()),
    }),
  }),
})
/** A value {@link EnvelopeRequestSchema} accepts, as it parses it. */
export type EnvelopeRequest = z.infer<typeof EnvelopeRequestSchema>

/** Ends a subscription: `{trpc:{id, jsonrpc?, method:'subscription.stop'}}`. */
export const EnvelopeStopSchema = z.object({
  trpc: z.object({
    id: EnvelopeIdSchema,
    jsonrpc: JsonRpcSchema,
    method: oneOfValues(['subscription.stop']),
  }),
})
/** A value {@link EnvelopeStopSchema} accepts, as it parses it. */
export type EnvelopeStop = z.infer<typeof EnvelopeStopSchema>

/** A result: `type` is 'data' (or absent) for values, 'started'/'stopped' for subscription lifecycle. */
export const EnvelopeResultSchema = z.object({
  trpc: z.object({
    id: EnvelopeIdSchema,
    jsonrpc: JsonRpcSchema,
    result: z.object({
      type: z.optional(oneOfValues(['started', 'stopped', 'data'])),
      data: z.optional(z.custom()),
    }),
  }),
})
/** A value {@link EnvelopeResultSchema} accepts, as it parses it. */
export type EnvelopeResult = z.infer<typeof EnvelopeResultSchema>

/**
 * The `data` of a tRPC error shape as our router formats it. `webwalletErrorCode` /
 * `webwalletErrorMessage` are what starknetkit reads; `webwalletError` is our full `{code, message, data}`.
 */
export const ErrorShapeDataSchema = z.object({
  code: z.optional(z.string()),
  httpStatus: z.optional(number()),
  path: z.optional(z.string()),
  webwalletErrorCode: z.optional(z.string()),
  webwalletErrorMessage: z.optional(z.string()),
  webwalletError: z.optional(
    z.object({ code: z.string(), message: z.string(), data: z.optional(z.custom()) }),
  ),
})

export const EnvelopeErrorSchema = z.object({
  trpc: z.object({
    id: EnvelopeIdSchema,
    jsonrpc: JsonRpcSchema,
    error: z.object({ code: number(), message: z.string(), data: z.optional(ErrorShapeDataSchema) }),
  }),
})
/** A value {@link EnvelopeErrorSchema} accepts, as it parses it. */
export type EnvelopeError = z.infer<typeof EnvelopeErrorSchema>

/** JSON-RPC numbers of the tRPC error codes the router uses (as tRPC defines them). */
export const TRPC_ERROR_NUMBERS = {
  BAD_REQUEST: -32600,
  NOT_FOUND: -32004,
  INTERNAL_SERVER_ERROR: -32603,
} as const

/** Every incoming message, classified. */
export type Envelope =
  | { kind: 'request'; message: EnvelopeRequest }
  | { kind: 'stop'; message: EnvelopeStop }
  | { kind: 'result'; message: EnvelopeResult }
  | { kind: 'error'; message: EnvelopeError }
  | { kind: 'loaded' }

/**
 * Classifies a `MessageEvent.data` or a parsed WebSocket frame; `undefined` for anything not ours (ignore it).
 *
 * @example
 * const envelope = parseEnvelope(event.data)
 * if (envelope?.kind === 'result' && envelope.message.trpc.id === pendingId) resolve(envelope.message.trpc.result.data)
 */
export function parseEnvelope(data: unknown): Envelope | undefined {
  if (data === POPUP_LOADED_MESSAGE) return { kind: 'loaded' }
  if (typeof data !== 'object' || data === null || !('trpc' in data)) return undefined
  const request = EnvelopeRequestSchema.safeParse(data)
  if (request.success) return { kind: 'request', message: request.data }
  const stop = EnvelopeStopSchema.safeParse(data)
  if (stop.success) return { kind: 'stop', message: stop.data }
  const error = EnvelopeErrorSchema.safeParse(data)
  if (error.success) return { kind: 'error', message: error.data }
  const result = EnvelopeResultSchema.safeParse(data)
  if (result.success) return { kind: 'result', message: result.data }
  return undefined
}

type Id = string | number

/**
 * Builds a request envelope.
 *
 * @example
 * requestEnvelope('k3', 'mutation', 'requestAccounts', { silent_mode: true })
 */
export function requestEnvelope(
  id: Id,
  method: ProcedureType,
  path: string,
  input?: unknown,
): EnvelopeRequest {
  return { trpc: { id, jsonrpc: '2.0', method, params: { path, input } } }
}

/** Builds the stop message of a subscription. */
export function stopEnvelope(id: Id): EnvelopeStop {
  return { trpc: { id, jsonrpc: '2.0', method: 'subscription.stop' } }
}

/** Builds a result envelope (`type` defaults to 'data'). */
export function resultEnvelope(
  id: Id,
  data?: unknown,
  type: 'started' | 'stopped' | 'data' = 'data',
): EnvelopeResult {
  return { trpc: { id, jsonrpc: '2.0', result: type === 'data' ? { type, data } : { type } } }
}

/** Builds an error envelope from a tRPC error shape. */
export function errorEnvelope(id: Id, error: EnvelopeError['trpc']['error']): EnvelopeError {
  return { trpc: { id, jsonrpc: '2.0', error } }
}
