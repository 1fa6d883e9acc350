import { TRPCError } from '@trpc/server'
import type { WebWalletError } from '../errors/base'
import { ConnectAndSignSessionError } from '../errors/connector'
import { parseError, procedureErrorCode, serializeError } from '../errors/parse'
import { ValidationError, type ValidationIssue } from '../errors/validation'

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
  // Rejected input: tRPC wraps the Standard Schema failure (matched by shape, as module copies differ).
  const issues = (cause as { issues?: unknown } | undefined)?.issues
  if (error.code === 'BAD_REQUEST' && Array.isArray(issues))
    return new ValidationError(toIssues(issues), { cause })
  return parseError(cause ?? error)
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
