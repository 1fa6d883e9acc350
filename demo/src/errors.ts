// Every error is shown with its exact text, and with the wallet's code when the wallet gave one.
export function describeError(error: unknown): { message: string; code?: string } {
  if (!(error instanceof Error)) return { message: String(error) }
  const data = (error as { data?: { webwalletErrorCode?: unknown } }).data
  const code = typeof data?.webwalletErrorCode === 'string' ? data.webwalletErrorCode : undefined
  return code ? { message: error.message, code } : { message: error.message }
}
