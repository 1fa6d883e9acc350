import { ConnectorNotConnectedError } from '@webwallet/protocol/errors'
import { useCallback, useState } from 'react'
import type { Call } from '../../account/context'
import type { ExecuteOptions, SessionAccount } from '../../account/SessionAccount'

/** What {@link useExecute} answers. */
export interface UseExecuteResult {
  readonly status: 'idle' | 'pending' | 'success' | 'error'
  readonly transactionHash: string | undefined
  readonly error: unknown
  execute(calls: Call | readonly Call[], options?: ExecuteOptions): Promise<string | undefined>
  reset(): void
}

/**
 * Runs session calls with the account and tracks the last one.
 *
 * @example
 * const { execute, status } = useExecute(account)
 * <button disabled={status === 'pending'} onClick={() => execute({ contractAddress: GAME, entrypoint: 'play' })}>Play</button>
 */
export function useExecute(account: SessionAccount | undefined): UseExecuteResult {
  const [status, setStatus] = useState<UseExecuteResult['status']>('idle')
  const [transactionHash, setTransactionHash] = useState<string | undefined>(undefined)
  const [error, setError] = useState<unknown>(undefined)

  const execute = useCallback(
    async (calls: Call | readonly Call[], options?: ExecuteOptions) => {
      if (!account) {
        setStatus('error')
        setError(new ConnectorNotConnectedError())
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
        setError(e)
        setStatus('error')
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
