import type { SessionAccount } from '@webwallet/shim'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { type Activity, forgetActivity, loadActivity, saveActivity } from './activity'
import { syncChainClock } from './clock'
import { STRK_ADDRESS, USER_CONTRACT, WALLET_URL } from './config'
import { mayBeUnreachable, UnreachableError, unreachable, unreachableService } from './connectivity'
import { ErrorNote, type ShownError, USER_REJECTED } from './ErrorNote'
import { describeError } from './errors'
import { ActionsPanel } from './panels/ActionsPanel'
import { ContractPanel } from './panels/ContractPanel'
import { PortfolioPanel } from './panels/PortfolioPanel'
import { SessionPanel } from './panels/SessionPanel'
import { SettingsPanel } from './panels/SettingsPanel'
import { Transactions } from './panels/Transactions'
import { restoreSession } from './restore'
import { loadSettings, type Settings, saveSettings } from './settings'
import { type Outcome, Toast } from './Toast'
import { createDemoWallet } from './wallet'

/** What a running task is doing, in the user's words, and how long it may take. */
const BUSY_TEXT: Record<string, string> = {
  connect: 'Waiting for you in the wallet…',
  disconnect: 'Disconnecting…',
  revoke: 'Revoking the session at the cosigner…',
  logout: 'Logging out of the wallet…',
  status: 'Checking the session against the chain…',
  increase: 'Calling your contract with the session key and waiting for the block…',
  increment:
    'Sending with the session key and waiting for the block (a few seconds; a first call also deploys the account)…',
  approve: 'Sending the call…',
  'sign message': 'Waiting for your signature in the wallet…',
  'wallet transaction': 'Waiting for you to confirm in the wallet, then for the block…',
  portfolio:
    'Loading the portfolio. A new account is indexed once by the backend: this first load can take a few seconds…',
  'register name': 'Registering the name on chain (deploys the account first if needed)…',
  'sample positions': "Setting up wallet-sim's sample DeFi positions and airdrops for this account…",
}

/** What a finished task did, in the user's words (the toast; the panel shows the details). */
const DONE_TEXT: Record<string, string> = {
  connect: 'Session signed: calls within it need no prompt.',
  disconnect: 'Disconnected: this app forgot the session. The wallet is still logged in.',
  revoke: 'Session revoked: its key can sign nothing more, wherever a copy of it is.',
  logout: 'Logged out of the wallet: the next sign-in asks for your e-mail again.',
  status: 'The node answers: the session status is up to date.',
  increase: 'Your contract was called.',
  increment: 'Done: the counter went up.',
  approve: 'The call went through.',
  'sign message': 'Message signed: the signature is under the buttons.',
  'wallet transaction': 'The wallet sent the transaction.',
  portfolio: 'Portfolio loaded.',
  'register name': 'Name registered.',
  'sample positions': 'Sample positions and an airdrop added.',
}

const CANCELLED_TEXT = 'Cancelled in the wallet: nothing was signed or sent.'
const WALLET_CHANGED_TEXT =
  "The wallet logged out or switched account: this app forgot that account's session. Log in and sign a new one."

export function App() {
  const [settings, setSettings] = useState<Settings>(loadSettings)
  const { wallet, connector } = useMemo(
    () => createDemoWallet(settings.transport, settings.gas, settings.sessionKey),
    [settings],
  )
  const [account, setAccount] = useState<SessionAccount | undefined>()
  const [restored, setRestored] = useState(false)
  // The stored session's restore has answered (a session, none, or why it was dropped).
  const [ready, setReady] = useState(false)
  const [busy, setBusy] = useState<string | undefined>()
  const [error, setError] = useState<ShownError | undefined>()
  const [activity, setActivity] = useState<Activity[]>([])
  // Transactions sent in this visit: the portfolio's balances reload after each.
  const [sent, setSent] = useState(0)
  const [outcome, setOutcome] = useState<Outcome | undefined>()
  // False once wallet-sim or its node did not answer; true again when a task succeeds.
  const [online, setOnline] = useState(true)
  const lastTransaction = useRef<string | undefined>(undefined)
  // The button that started the running task: focus goes back to it when the task ends.
  const trigger = useRef<HTMLElement | undefined>(undefined)
  // Finished tasks, so a test (or a user script) can wait for the task it started.
  const [finished, setFinished] = useState(0)
  const [, rerender] = useState(0)

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
  }, [wallet])

  // The wallet pushes its account changes (issue 26): a logout there, or another user, ends this app's
  // session of the old account, as the page must not keep showing (and using) an account the wallet left.
  useEffect(() => {
    const onAccounts = (accounts: string[] | undefined) => {
      const address = wallet.sessionAccount?.address
      if (address === undefined || accounts?.some((a) => BigInt(a) === BigInt(address))) return
      wallet.clearSession()
      setAccount(undefined)
      setActivity([])
      forgetActivity()
      setOutcome({ kind: 'done', text: WALLET_CHANGED_TEXT })
    }
    connector.on('accountsChanged', onAccounts)
    return () => connector.off('accountsChanged', onAccounts)
  }, [wallet, connector])

  // The list survives a reload: stored for the connected account, read back with its session.
  useEffect(() => {
    if (account) saveActivity(account.address, activity)
  }, [account, activity])

  // A task ended: focus goes back to the button that started it, unless the user has moved on (the wallet's
  // modal took focus, or the button was disabled while the task ran, and left it on the page's body).
  useEffect(() => {
    if (busy !== undefined || trigger.current === undefined) return
    const button = trigger.current
    trigger.current = undefined
    const lost = document.activeElement === null || document.activeElement === document.body
    if (lost && button.isConnected) button.focus()
  }, [busy])

  const addActivity = useCallback((entry: Activity) => {
    lastTransaction.current = entry.transactionHash
    setActivity((a) => [entry, ...a])
    setSent((n) => n + 1)
  }, [])

  const run = useCallback(async (label: string, task: () => Promise<void>) => {
    const active = document.activeElement
    trigger.current = active instanceof HTMLElement && active !== document.body ? active : undefined
    lastTransaction.current = undefined
    setBusy(label)
    setError(undefined)
    setOutcome(undefined)
    try {
      await task()
      setOnline(true)
      setOutcome({
        kind: 'done',
        text: DONE_TEXT[label] ?? `${label}: done.`,
        transactionHash: lastTransaction.current,
        // The wallet's own page lists every connected app and its sessions, to revoke them there.
        ...(label === 'disconnect' ? { link: { text: 'Connected apps', href: `${WALLET_URL}/apps` } } : {}),
      })
    } catch (e) {
      const shown: ShownError = { ...describeError(e), task: label }
      const service = unreachableService(e)
      if (e instanceof UnreachableError) setOnline(false)
      else if (service) {
        // The SDK names the service and URL itself: the status follows it, no probe needed.
        shown.hint = service
        setOnline(false)
      } else if (mayBeUnreachable(shown)) {
        // The SDK's words for "no answer" name nothing: ask wallet-sim and its node which one is gone.
        const down = await unreachable()
        if (down) {
          shown.hint = down
          setOnline(false)
        }
      }
      setError(shown)
      setOutcome(
        shown.code === USER_REJECTED
          ? { kind: 'cancelled', text: CANCELLED_TEXT }
          : {
              kind: 'error',
              text: shown.hint ? `${shown.message}. ${shown.hint}` : shown.message,
              code: shown.code,
            },
      )
    } finally {
      setBusy(undefined)
      setFinished((n) => n + 1)
      rerender((n) => n + 1)
    }
  }, [])

  // No await before requestConnection: in popup mode the wallet window must open inside this click.
  const connect = () => run('connect', signSession)

  // Renewing re-reads the stored session first. The SDK unsealed it at init, so this await does no
  // IndexedDB/WebCrypto work and WebKit still lets requestConnection open its popup in the same click.
  const renew = () =>
    run('connect', async () => {
      // A session of a chain that is gone was dropped (SESSION_INVALID): renewing signs a new one anyway.
      await wallet.connect().catch((error: { code?: string }) => {
        if (error.code !== 'SESSION_INVALID') throw error
      })
      await signSession()
    })

  async function signSession() {
    const approvalRequests = settings.approval
      ? [{ tokenAddress: STRK_ADDRESS, spender: settings.approvalSpender, amount: '1000000000000000000' }]
      : []
    const result = await wallet.requestConnection({ approvalRequests, callbackData: 'demo' })
    setAccount(result.account)
    setRestored(false)
    setActivity(loadActivity(result.account.address))
    if (result.approvalTransactionHash) {
      addActivity({
        label: 'approve 1 STRK',
        transactionHash: result.approvalTransactionHash,
        route: 'Sent by the wallet with the session',
      })
    }
  }

  const forgetAccount = () => {
    setAccount(undefined)
    setActivity([])
    forgetActivity()
  }
  const disconnect = () =>
    run('disconnect', async () => {
      wallet.clearSession()
      await connector.disconnect()
      forgetAccount()
    })
  // The session key signs its own revocation at the cosigner: no wallet screen.
  const revoke = () =>
    run('revoke', async () => {
      await wallet.revokeSession()
      forgetAccount()
    })
  const logout = () =>
    run('logout', async () => {
      await wallet.logout()
      forgetAccount()
    })

  // The node must answer: a status read from a chain that cannot be reached would be a stale one.
  const checkStatus = () =>
    run('status', async () => {
      if (await syncChainClock()) return
      throw new UnreachableError(
        (await unreachable()) ?? 'The Starknet node did not answer: the status shown may be out of date',
      )
    })

  const changeSettings = (next: Settings) => {
    saveSettings(next)
    setSettings(next)
  }

  return (
    <main data-finished={finished} data-ready={ready} className="app">
      <header className="app-header">
        <div>
          <h1>webwallet demo</h1>
          <p className="muted">A host app on @webwallet/shim, against wallet-sim.</p>
        </div>
        <span className={`pill ${account ? (online ? 'ok' : 'bad') : ''}`} data-testid="connection">
          {account ? (online ? 'Connected' : 'Connection lost') : 'Not connected'}
        </span>
      </header>
      {busy && (
        <p className="busy" role="status" data-testid="busy">
          <span className="spinner" aria-hidden="true" /> {BUSY_TEXT[busy] ?? `${busy}…`}
        </p>
      )}
      <Toast outcome={busy ? undefined : outcome} onDismiss={() => setOutcome(undefined)} />
      <ErrorNote error={error} />
      <div className="grid">
        <div className="column">
          <SessionPanel
            wallet={wallet}
            account={account}
            online={online}
            restored={restored}
            busy={busy}
            onConnect={connect}
            onRenew={renew}
            onDisconnect={disconnect}
            onRevoke={revoke}
            onLogout={logout}
            onCheckStatus={checkStatus}
            error={
              <ErrorNote error={error} tasks={['connect', 'disconnect', 'revoke', 'logout', 'status']} />
            }
          />
          {account && (
            <ActionsPanel
              account={account}
              connector={connector}
              gas={settings.gas}
              busy={busy}
              run={run}
              onActivity={addActivity}
              error={
                <ErrorNote
                  error={error}
                  tasks={['increment', 'approve', 'sign message', 'wallet transaction']}
                />
              }
            />
          )}
          {USER_CONTRACT && 'error' in USER_CONTRACT && (
            <ErrorNote error={{ message: USER_CONTRACT.error }} />
          )}
          {account && USER_CONTRACT && 'address' in USER_CONTRACT && (
            <ContractPanel
              contract={USER_CONTRACT}
              account={account}
              gas={settings.gas}
              busy={busy}
              run={run}
              onActivity={addActivity}
              error={<ErrorNote error={error} tasks={['increase']} />}
            />
          )}
          {activity.length > 0 && <Transactions activity={activity} />}
        </div>
        <div className="column">
          {account && (
            <PortfolioPanel
              wallet={wallet}
              address={account.address}
              run={run}
              busy={busy}
              onActivity={addActivity}
              sent={sent}
              error={error}
            />
          )}
          <SettingsPanel settings={settings} onChange={changeSettings} disabled={busy !== undefined} />
        </div>
      </div>
    </main>
  )
}
