import type { SessionAccount } from '@webwallet/shim'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { currentChain, forgetChain, rememberChain } from './chainIdentity'
import { syncChainClock } from './clock'
import { STRK_ADDRESS, USER_CONTRACT } from './config'
import { ErrorNote, type ShownError } from './ErrorNote'
import { describeError } from './errors'
import { ActionsPanel } from './panels/ActionsPanel'
import { ContractPanel } from './panels/ContractPanel'
import { PortfolioPanel } from './panels/PortfolioPanel'
import { SessionPanel } from './panels/SessionPanel'
import { SettingsPanel } from './panels/SettingsPanel'
import { Transactions } from './panels/Transactions'
import { restoreSession } from './restore'
import { loadSettings, type Settings, saveSettings } from './settings'
import { createDemoWallet } from './wallet'

export interface Activity {
  readonly label: string
  readonly transactionHash: string
  /** How the transaction's gas was paid, in the user's words. */
  readonly route: string
}

/** What a running task is doing, in the user's words, and how long it may take. */
const BUSY_TEXT: Record<string, string> = {
  connect: 'Waiting for you in the wallet…',
  disconnect: 'Disconnecting…',
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
      setAccount(restored.account)
      setRestored(restored.account !== undefined)
      if (restored.error) setError(restored.error)
    })
    return () => {
      live = false
    }
  }, [wallet])

  const run = useCallback(async (label: string, task: () => Promise<void>) => {
    setBusy(label)
    setError(undefined)
    try {
      await task()
    } catch (e) {
      setError({ ...describeError(e), task: label })
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
      await wallet.connect()
      await signSession()
    })

  async function signSession() {
    const approvalRequests = settings.approval
      ? [{ tokenAddress: STRK_ADDRESS, spender: settings.approvalSpender, amount: '1000000000000000000' }]
      : []
    const result = await wallet.requestConnection({ approvalRequests, callbackData: 'demo' })
    rememberChain(await currentChain())
    setAccount(result.account)
    setRestored(false)
    if (result.approvalTransactionHash) {
      setActivity((a) => [
        {
          label: 'approve 1 STRK',
          transactionHash: result.approvalTransactionHash!,
          route: 'Sent by the wallet with the session',
        },
        ...a,
      ])
    }
  }

  const disconnect = () =>
    run('disconnect', async () => {
      wallet.clearSession()
      forgetChain()
      await connector.disconnect()
      setAccount(undefined)
      setActivity([])
    })

  const checkStatus = () => run('status', syncChainClock)

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
        <span className={`pill ${account ? 'ok' : ''}`}>{account ? 'Connected' : 'Not connected'}</span>
      </header>
      {busy && (
        <p className="busy" role="status" data-testid="busy">
          <span className="spinner" aria-hidden="true" /> {BUSY_TEXT[busy] ?? `${busy}…`}
        </p>
      )}
      <ErrorNote error={error} />
      <div className="grid">
        <div className="column">
          <SessionPanel
            wallet={wallet}
            account={account}
            restored={restored}
            busy={busy}
            onConnect={connect}
            onRenew={renew}
            onDisconnect={disconnect}
            onCheckStatus={checkStatus}
            error={<ErrorNote error={error} tasks={['connect', 'disconnect', 'status']} />}
          />
          {account && (
            <ActionsPanel
              account={account}
              connector={connector}
              gas={settings.gas}
              busy={busy}
              run={run}
              onActivity={(entry) => setActivity((a) => [entry, ...a])}
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
              onActivity={(entry) => setActivity((a) => [entry, ...a])}
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
              onActivity={(entry) => setActivity((a) => [entry, ...a])}
              error={error}
            />
          )}
          <SettingsPanel settings={settings} onChange={changeSettings} disabled={busy !== undefined} />
        </div>
      </div>
    </main>
  )
}
