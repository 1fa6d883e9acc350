import type { SessionAccount } from '@webwallet/shim'
import { useCallback, useEffect, useMemo, useState } from 'react'
import {
  currentChain,
  forgetChain,
  rememberChain,
  sessionChainVanished,
  VANISHED_CHAIN_MESSAGE,
} from './chainIdentity'
import { syncChainClock } from './clock'
import { STRK_ADDRESS } from './config'
import { describeError } from './errors'
import { ActionsPanel } from './panels/ActionsPanel'
import { PortfolioPanel } from './panels/PortfolioPanel'
import { SessionPanel } from './panels/SessionPanel'
import { SettingsPanel } from './panels/SettingsPanel'
import { loadSettings, type Settings, saveSettings } from './settings'
import { createDemoWallet } from './wallet'

export interface Activity {
  readonly label: string
  readonly transactionHash: string
}

export function App() {
  const [settings, setSettings] = useState<Settings>(loadSettings)
  const { wallet, connector } = useMemo(() => createDemoWallet(settings.transport, settings.gas), [settings])
  const [account, setAccount] = useState<SessionAccount | undefined>()
  const [restored, setRestored] = useState(false)
  const [busy, setBusy] = useState<string | undefined>()
  const [error, setError] = useState<{ message: string; code?: string } | undefined>()
  const [activity, setActivity] = useState<Activity[]>([])
  // Finished tasks, so a test (or a user script) can wait for the task it started.
  const [finished, setFinished] = useState(0)
  const [, rerender] = useState(0)

  // A stored session comes back without any wallet round trip.
  useEffect(() => {
    let live = true
    syncChainClock()
      .then(() => wallet.connect())
      .then(async (result) => {
        // A session of a chain that is gone (wallet-sim restarted without --state) is dropped, and said so.
        if (result && (await sessionChainVanished()).vanished) {
          wallet.clearSession()
          forgetChain()
          if (live) setError({ message: VANISHED_CHAIN_MESSAGE, code: 'CHAIN_CHANGED' })
          return undefined
        }
        return result
      })
      .then(
        (result) => {
          if (!live) return
          setAccount(result?.account)
          setRestored(result !== undefined)
        },
        (e: unknown) => live && setError(describeError(e)),
      )
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
      setError(describeError(e))
    } finally {
      setBusy(undefined)
      setFinished((n) => n + 1)
      rerender((n) => n + 1)
    }
  }, [])

  const connect = () =>
    // No await before requestConnection: in popup mode the wallet window must open inside this click.
    run('connect', async () => {
      const approvalRequests = settings.approval
        ? [{ tokenAddress: STRK_ADDRESS, spender: settings.approvalSpender, amount: '1000000000000000000' }]
        : []
      const result = await wallet.requestConnection({ approvalRequests, callbackData: 'demo' })
      rememberChain(await currentChain())
      setAccount(result.account)
      setRestored(false)
      if (result.approvalTransactionHash) {
        setActivity((a) => [{ label: 'approve', transactionHash: result.approvalTransactionHash! }, ...a])
      }
    })

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
    <main data-finished={finished}>
      <header>
        <h1>webwallet demo</h1>
        <p>A host app on @webwallet/shim, against wallet-sim.</p>
      </header>
      <SettingsPanel settings={settings} onChange={changeSettings} disabled={busy !== undefined} />
      <SessionPanel
        wallet={wallet}
        account={account}
        restored={restored}
        busy={busy}
        onConnect={connect}
        onDisconnect={disconnect}
        onCheckStatus={checkStatus}
      />
      {error && (
        <section className="error" role="alert" data-testid="error">
          <span data-testid="error-message">{error.message}</span>
          {error.code && <code data-testid="error-code">{error.code}</code>}
        </section>
      )}
      {account && (
        <>
          <ActionsPanel
            account={account}
            connector={connector}
            gas={settings.gas}
            busy={busy}
            run={run}
            onActivity={(entry) => setActivity((a) => [entry, ...a])}
          />
          <PortfolioPanel
            wallet={wallet}
            address={account.address}
            run={run}
            busy={busy}
            onActivity={(entry) => setActivity((a) => [entry, ...a])}
          />
        </>
      )}
      {activity.length > 0 && (
        <section>
          <h2>Transactions</h2>
          <ol data-testid="activity">
            {activity.map((entry) => (
              <li key={entry.transactionHash}>
                {entry.label}: <code>{entry.transactionHash}</code>
              </li>
            ))}
          </ol>
        </section>
      )}
      {busy && (
        <p className="busy" data-testid="busy">
          {busy}…
        </p>
      )}
    </main>
  )
}
