import { useMemo, useState } from 'react'
import { USER_CONTRACT } from './config'
import { ErrorNote } from './ErrorNote'
import { Header, TaskStatus } from './Header'
import { ActionsPanel } from './panels/ActionsPanel'
import { ContractPanel } from './panels/ContractPanel'
import { PortfolioPanel } from './panels/PortfolioPanel'
import { SessionPanel } from './panels/SessionPanel'
import { SettingsPanel } from './panels/SettingsPanel'
import { Transactions } from './panels/Transactions'
import { sessionActions } from './sessionActions'
import { loadSettings, type Settings, saveSettings } from './settings'
import { useSession } from './useSession'
import { useTasks } from './useTasks'
import { createDemoWallet } from './wallet'

/** The demo: its session, the calls it makes with it, the portfolio, and the settings to build the SDK with. */
export function App() {
  const [settings, setSettings] = useState<Settings>(loadSettings)
  const { wallet, connector } = useMemo(
    () => createDemoWallet(settings.transport, settings.gas, settings.sessionKey),
    [settings],
  )
  const tasks = useTasks()
  const session = useSession(wallet, connector, tasks)
  const actions = sessionActions(wallet, connector, settings, session, tasks.run)
  const { busy, error, run } = tasks
  const { account, addActivity } = session
  const changeSettings = (next: Settings) => {
    saveSettings(next)
    setSettings(next)
  }

  return (
    <main data-finished={tasks.finished} data-ready={session.ready} className="app">
      <Header connected={account !== undefined} online={tasks.online} />
      <TaskStatus
        busy={busy}
        outcome={tasks.outcome}
        error={error}
        onDismiss={() => tasks.setOutcome(undefined)}
      />
      <div className="grid">
        <div className="column">
          <SessionPanel
            wallet={wallet}
            account={account}
            online={tasks.online}
            restored={session.restored}
            busy={busy}
            onConnect={actions.connect}
            onRenew={actions.renew}
            onDisconnect={actions.disconnect}
            onRevoke={actions.revoke}
            onLogout={actions.logout}
            onCheckStatus={actions.checkStatus}
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
          {session.activity.length > 0 && <Transactions activity={session.activity} />}
        </div>
        <div className="column">
          {account && (
            <PortfolioPanel
              wallet={wallet}
              address={account.address}
              run={run}
              busy={busy}
              onActivity={addActivity}
              sent={session.sent}
              error={error}
            />
          )}
          <SettingsPanel settings={settings} onChange={changeSettings} disabled={busy !== undefined} />
        </div>
      </div>
    </main>
  )
}
