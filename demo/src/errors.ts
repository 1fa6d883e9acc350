// Every error is shown with its exact text, and with the wallet's code when the wallet gave one.
export function describeError(error: unknown): { message: string; code?: string } {
  if (!(error instanceof Error)) return { message: String(error) }
  // The wallet's code comes in the answer's data; the connector's own errors (the user closed the modal) carry it.
  const { data, code: own } = error as { data?: { webwalletErrorCode?: unknown }; code?: unknown }
  const code =
    typeof data?.webwalletErrorCode === 'string'
      ? data.webwalletErrorCode
      : typeof own === 'string' && /^[A-Z_]+$/.test(own)
        ? own
        : undefined
  return code ? { message: error.message, code } : { message: error.message }
}
