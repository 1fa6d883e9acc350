import type { ErrorRequestHandler } from 'express'

/**
 * An error with an HTTP status that the services' error handler turns into a JSON answer.
 *
 * @example
 * throw new HttpError(404, 'NOT_FOUND', 'Unknown token 0x1234')
 */
export class HttpError extends Error {
  override readonly name = 'HttpError'
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly messages: readonly string[] = [message],
    /** Extra fields of the answer body, e.g. the cosigner's `status` that the SDK reads. */
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message)
  }
}

/** The JSON body of every error answer of the services. `messages` mirrors the AVNU-style `{messages}` body. */
export interface ErrorBody {
  code: string
  message: string
  messages: string[]
}

/**
 * Express error handler for the services' routers: `HttpError` keeps its status, a body the JSON parser
 * refused becomes 400, anything else is a 500 without internals.
 *
 * @example
 * router.use(handleErrors)
 */
export const handleErrors: ErrorRequestHandler = (error: unknown, _req, res, _next) => {
  const body = toErrorBody(error)
  const details = error instanceof HttpError ? error.details : {}
  res
    .status(body.status)
    .json({ ...details, code: body.code, message: body.message, messages: body.messages })
}

function toErrorBody(error: unknown): ErrorBody & { status: number } {
  if (error instanceof HttpError) {
    return { status: error.status, code: error.code, message: error.message, messages: [...error.messages] }
  }
  const fault = requestFault(error)
  if (fault)
    return { status: fault.status, code: 'BAD_REQUEST', message: fault.message, messages: [fault.message] }
  return {
    status: 500,
    code: 'INTERNAL_SERVER_ERROR',
    message: 'Internal error',
    messages: ['Internal error'],
  }
}

/**
 * The status and message of a fault in the request itself, as body-parser (a body that is no JSON, too
 * large, ...) and express (a path parameter that is no valid percent-encoding) report them with a 4xx
 * `status`; undefined for any other error.
 * @example requestFault(error) // { status: 400, message: 'Malformed JSON body' }
 */
export function requestFault(error: unknown): { status: number; message: string } | undefined {
  if (!isClientError(error)) return undefined
  const { type } = error as { type?: unknown }
  return {
    status: error.status,
    message: type === 'entity.parse.failed' ? 'Malformed JSON body' : error.message,
  }
}

function isClientError(error: unknown): error is { status: number; message: string } {
  if (!(error instanceof Error)) return false
  const { status } = error as { status?: unknown }
  return typeof status === 'number' && status >= 400 && status < 500
}
