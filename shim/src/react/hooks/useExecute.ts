import { ConnectorNotConnectedError } from '@webwallet/protocol/errors'
import { useCallback, useRef, useState } from 'react'
import type { Call } from '../../account/context'
import type { ExecuteOptions, SessionAccount } from '../../account/SessionAccount'
import { type HookErrorOptions, report } from './errorOptions'

/** What {@link useExecute} answers. */
export interface UseExecuteResult {
  readonly status: 'idle' | 'pending' | 'success' | 'error'
  readonly transactionHash: string | undefined
  readonly error: unknown
  execute(calls: Call | readonly Call[], options?: ExecuteOptions): Promise<string | undefined>
  reset(): void
}

/**
 * Runs session calls with the account and tracks the last one. A failure is in `error`, goes to `onError`,
 * and with `throwOnError` makes `execute` reject (else it resolves undefined).
 *
 * @example
 * const { execute, status, error } = useExecute(account, { onError: (e) => toast(String(e)) })
 * <button disabled={status === 'pending'} onClick={() => execute({ contractAddress: GAME, entrypoint: 'play' })}>Play</button>
 */
export function useExecute(
  account: SessionAccount | undefined,
  options?: HookErrorOptions,
): UseExecuteResult {
  const [status, setStatus] = useState<UseExecuteResult['status']>('idle')
  const [transactionHash, setTransactionHash] = useState<string | undefined>(undefined)
  const [error, setError] = useState<unknown>(undefined)
  // The latest options, read when a failure happens: a new options object per render re-creates nothing.
  const errorOptions = useRef(options)
  errorOptions.current = options

  const execute = useCallback(
    async (calls: Call | readonly Call[], options?: ExecuteOptions) => {
      if (!account) {
        setStatus('error')
        report(new ConnectorNotConnectedError(), setError, errorOptions.current)
        return undefined
      }
      setStatus('pending')
      setError(undefined)
      try {
        const { transaction_hash } = await account.execute(calls, options)
        setTransactionHash(transaction_hash)
        setStatus('success')
        return transaction_hash
      } catch (e) {
        setStatus('error')
        report(e, setError, errorOptions.current)
        return undefined
      }
    },
    [account],
  )

  const reset = useCallback(() => {
    setStatus('idle')
    setTransactionHash(undefined)
    setError(undefined)
  }, [])

  return { status, transactionHash, error, execute, reset }
}
