import type { SessionStatus } from '@webwallet/protocol'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { SessionAccount } from '../../account/SessionAccount'
import type { WebWallet } from '../../sdk/WebWallet'
import { type HookErrorOptions, report } from './errorOptions'

/** What {@link useSession} answers. */
export interface UseSessionResult {
  readonly account: SessionAccount | undefined
  readonly status: SessionStatus | undefined
  /** True while restoring on mount or while the wallet is asked. */
  readonly pending: boolean
  readonly error: unknown
  requestConnection(parameters?: Parameters<WebWallet['requestConnection']>[0]): Promise<void>
  clearSession(): void
}

/**
 * The wallet's session: restores a stored one on mount (no request), asks for one on demand, clears it. A
 * failure (e.g. USER_REJECTED) is in `error` and `onError`; `throwOnError` makes `requestConnection` reject.
 *
 * @example
 * const { account, status, error, requestConnection } = useSession(wallet, { onError: console.warn })
 * return account ? <Game account={account} /> : <button onClick={() => requestConnection()}>Connect</button>
 */
export function useSession(wallet: WebWallet, options?: HookErrorOptions): UseSessionResult {
  const [account, setAccount] = useState<SessionAccount | undefined>(wallet.sessionAccount)
  const [status, setStatus] = useState<SessionStatus | undefined>(wallet.getSessionStatus())
  const [pending, setPending] = useState(true)
  const [error, setError] = useState<unknown>(undefined)
  // The latest options, read when a failure happens: a new options object per render re-creates nothing.
  const errorOptions = useRef(options)
  errorOptions.current = options

  useEffect(() => {
    let live = true
    wallet
      .connect()
      .then((result) => {
        if (!live) return
        setAccount(result?.account)
        setStatus(wallet.getSessionStatus())
      })
      .catch((e: unknown) => live && report(e, setError, errorOptions.current, false))
      .finally(() => live && setPending(false))
    return () => {
      live = false
    }
  }, [wallet])

  const requestConnection = useCallback(
    async (parameters?: Parameters<WebWallet['requestConnection']>[0]) => {
      setPending(true)
      setError(undefined)
      try {
        const result = await wallet.requestConnection(parameters)
        setAccount(result.account)
      } catch (e) {
        // A failed new session leaves the working one in place (WebWallet keeps it until the new one is stored).
        setAccount(wallet.sessionAccount)
        report(e, setError, errorOptions.current)
      } finally {
        setStatus(wallet.getSessionStatus())
        setPending(false)
      }
    },
    [wallet],
  )

  const clearSession = useCallback(() => {
    wallet.clearSession()
    setAccount(undefined)
    setStatus(undefined)
  }, [wallet])

  return { account, status, pending, error, requestConnection, clearSession }
}
