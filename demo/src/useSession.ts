// The app's session and its account's transaction list: restored at load, taken from a signed connection,
// dropped when the wallet leaves its account (a logout there, or another user) or the app forgets it.
import { sameAddress } from '@webwallet/protocol/constants'
import type { SessionAccount, WebWallet } from '@webwallet/shim'
import type { Connector } from '@webwallet/shim/connector'
import { useCallback, useEffect, useState } from 'react'
import { type Activity, forgetActivity, loadActivity, saveActivity } from './activity'
import { restoreSession } from './restore'
import { WALLET_CHANGED_TEXT } from './taskTexts'
import type { Tasks } from './useTasks'

/** The session's account, whether it was restored, and its transactions (`sent`: how many in this visit). */
export function useSession(wallet: WebWallet, connector: Connector, tasks: Tasks) {
  const [account, setAccount] = useState<SessionAccount | undefined>()
  const [restored, setRestored] = useState(false)
  // The stored session's restore has answered (a session, none, or why it was dropped).
  const [ready, setReady] = useState(false)
  const [activity, setActivity] = useState<Activity[]>([])
  // Transactions sent in this visit: the portfolio's balances reload after each.
  const [sent, setSent] = useState(0)
  const { setOnline, setError, setOutcome, noteTransaction } = tasks

  // A stored session comes back without any wallet round trip. One restore per wallet, however many times
  // this effect runs (StrictMode runs it twice in dev mode): see restore.ts.
  useEffect(() => {
    let live = true
    restoreSession(wallet).then((restored) => {
      if (!live) return
      setReady(true)
      setOnline(restored.reachable)
      setAccount(restored.account)
      if (restored.account) setActivity(loadActivity(restored.account.address))
      setRestored(restored.account !== undefined)
      if (restored.error) setError(restored.error)
    })
    return () => {
      live = false
    }
  }, [wallet, setOnline, setError])

  const forget = useCallback(() => {
    setAccount(undefined)
    setActivity([])
    forgetActivity()
  }, [])

  // The wallet pushes its account changes (issue 26): a logout there, or another user, ends this app's
  // session of the old account, as the page must not keep showing (and using) an account the wallet left.
  useEffect(() => {
    const onAccounts = (accounts: string[] | undefined) => {
      const address = wallet.sessionAccount?.address
      if (address === undefined || accounts?.some((a) => sameAddress(a, address))) return
      wallet.clearSession()
      forget()
      setOutcome({ kind: 'done', text: WALLET_CHANGED_TEXT })
    }
    connector.on('accountsChanged', onAccounts)
    return () => connector.off('accountsChanged', onAccounts)
  }, [wallet, connector, forget, setOutcome])

  // The list survives a reload: stored for the connected account, read back with its session.
  useEffect(() => {
    if (account) saveActivity(account.address, activity)
  }, [account, activity])

  const addActivity = useCallback(
    (entry: Activity) => {
      noteTransaction(entry.transactionHash)
      setActivity((a) => [entry, ...a])
      setSent((n) => n + 1)
    },
    [noteTransaction],
  )

  /** A session the user just signed: its account's list is read back. */
  const signed = useCallback((next: SessionAccount) => {
    setAccount(next)
    setRestored(false)
    setActivity(loadActivity(next.address))
  }, [])

  return { account, restored, ready, activity, sent, addActivity, signed, forget }
}

export type Session = ReturnType<typeof useSession>
