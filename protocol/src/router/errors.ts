import { TRPCError } from '@trpc/server'
import type { WebWalletError } from '../errors/base'
import type { ProcedureErrorCode } from '../errors/codes'
import { ConnectAndSignSessionError } from '../errors/connector'
import { parseError, serializeError } from '../errors/parse'
import { ValidationError, type ValidationIssue } from '../errors/validation'

// Lives with the router (not the main entry): only the tRPC side needs it.
const BAD_REQUEST_CODES = new Set([
  'VALIDATION',
  'INVALID_APPROVAL_REQUEST',
  'INVALID_ARGUMENT_COUNT',
  'CALLDATA_CONVERSION',
  'INVALID_STORAGE_KEY',
  'INVALID_STORAGE_VALUE',
  'INVALID_ADDRESS_FORMAT',
  'UNKNOWN_EVENT',
  'OUTSIDE_EXECUTION_ONLY',
  'TYPED_DATA_MISMATCH',
])
const NOT_FOUND_CODES = new Set(['CONNECTOR_NOT_FOUND', 'NO_ACCOUNT_ADDRESS', 'NO_ACCOUNT_CONTRACT'])

/**
 * Which tRPC procedure code an error travels under: invalid input is BAD_REQUEST, missing things
 * NOT_FOUND, everything else INTERNAL_SERVER_ERROR (the precise code travels in the error data).
 *
 * @example
 * procedureErrorCode(new ValidationError([])) // 'BAD_REQUEST'
 */
export function procedureErrorCode(error: WebWalletError): ProcedureErrorCode {
  if (BAD_REQUEST_CODES.has(error.code)) return 'BAD_REQUEST'
  if (NOT_FOUND_CODES.has(error.code)) return 'NOT_FOUND'
  return 'INTERNAL_SERVER_ERROR'
}

type PathSegment = PropertyKey | { key: PropertyKey }

function toIssues(
  issues: readonly { message: string; path?: readonly PathSegment[] | undefined }[],
): ValidationIssue[] {
  return issues.map((issue) => ({
    message: issue.message,
    path: (issue.path ?? []).map((segment) => {
      const key = typeof segment === 'object' ? segment.key : segment
      return typeof key === 'number' ? key : String(key)
    }),
  }))
}

/**
 * The WebWalletError behind a tRPC error: the handler's own error, a ValidationError for rejected
 * input, or UnknownError for anything else.
 */
export function webWalletErrorOf(error: TRPCError): WebWalletError {
  const cause = error.cause
  const issues = rejectedInputIssues(error)
  if (issues) return new ValidationError(toIssues(issues), { cause })
  return parseError(cause ?? error)
}

/** Rejected input: tRPC wraps the Standard Schema failure (matched by shape, as module copies differ). */
function rejectedInputIssues(error: TRPCError) {
  const issues = (error.cause as { issues?: unknown } | undefined)?.issues
  return error.code === 'BAD_REQUEST' && Array.isArray(issues)
    ? (issues as { message: string; path?: readonly PathSegment[] }[])
    : undefined
}

/**
 * The tRPC error shape's message: for rejected input the first issue's sentence (tRPC's own is the issues
 * as JSON), otherwise tRPC's.
 *
 * @example
 * errorFormatter: ({ shape, error }) => ({ ...shape, message: shapeMessage(shape.message, error) })
 */
export function shapeMessage(message: string, error: TRPCError): string {
  return rejectedInputIssues(error) ? webWalletErrorOf(error).message : message
}

/** Wraps what a handler threw so tRPC answers with the matching procedure code. */
export function toTRPCError(thrown: unknown): TRPCError {
  if (thrown instanceof TRPCError) return thrown
  const error = parseError(thrown)
  return new TRPCError({ code: procedureErrorCode(error), message: error.message, cause: error })
}

/**
 * Adds our error to the tRPC error shape's data: `webwalletError` ({code, message, data}) for our
 * clients, `webwalletErrorCode` / `webwalletErrorMessage` for starknetkit. Server stacks are dropped.
 */
export function formatErrorData(data: Record<string, unknown>, error: TRPCError): Record<string, unknown> {
  const webwallet = webWalletErrorOf(error)
  const { stack: _stack, ...rest } = data
  return {
    ...rest,
    webwalletError: serializeError(webwallet),
    webwalletErrorCode:
      webwallet instanceof ConnectAndSignSessionError ? webwallet.data.webwalletErrorCode : webwallet.code,
    webwalletErrorMessage: webwallet.message,
  }
}
