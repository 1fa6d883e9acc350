// The wallet's Connected apps page (/apps): the apps the user connected or signed sessions for, each session's
// expiry, allowed methods and spending limits, a Revoke per live session, and Log out.

import { compactAddress } from '@webwallet/protocol'
import type { PageClient } from '@webwallet/wallet-sim/page'
import { useEffect, useState } from 'react'
import { formatAmount, formatDate } from '../components/format'

type Apps = Awaited<ReturnType<PageClient['apps']>>
type AppSession = Apps[number]['sessions'][number]

export interface ConnectedAppsProps {
  api: Pick<PageClient, 'apps' | 'revokeSession' | 'disconnect' | 'logout' | 'isLoggedIn'>
  onLogin: () => void
  /** Bumped by the app after a login, to reload the list. */
  version: number
}

const STATUS_TEXT: Record<AppSession['status'], string> = {
  active: 'active',
  expired: 'expired',
  revoked: 'revoked',
}

/** @example <ConnectedApps api={api} onLogin={login} version={0} /> */
export function ConnectedApps({ api, onLogin, version }: ConnectedAppsProps) {
  const [apps, setApps] = useState<Apps>()
  const [failure, setFailure] = useState<string>()
  const [note, setNote] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [reload, setReload] = useState(0)
  const loggedIn = api.isLoggedIn()
  // biome-ignore lint/correctness/useExhaustiveDependencies: version and reload are reload triggers
  useEffect(() => {
    setFailure(undefined)
    if (!loggedIn) return
    let live = true
    api.apps().then(
      (next) => live && setApps(next),
      (error: unknown) => live && setFailure(error instanceof Error ? error.message : String(error)),
    )
    return () => {
      live = false
    }
  }, [api, loggedIn, version, reload])

  const act = (task: () => Promise<string | undefined>) => {
    setBusy(true)
    setNote(undefined)
    task()
      .then(setNote, (error: unknown) => setNote(error instanceof Error ? error.message : String(error)))
      .finally(() => {
        setBusy(false)
        setReload((n) => n + 1)
      })
  }
  const revoke = (session: AppSession) =>
    act(async () => {
      const done = await api.revokeSession(session.sessionHash)
      if (done.transactionHash) return `Session revoked; on chain in ${compactAddress(done.transactionHash)}.`
      if (done.onChainError)
        return `Session revoked at the cosigner; on chain it failed: ${done.onChainError}`
      return 'Session revoked.'
    })

  if (!loggedIn) {
    return (
      <main className="screen home">
        <h1>Connected apps</h1>
        <p>Log in with your e-mail address to see the apps you connected.</p>
        <button type="button" className="primary" onClick={onLogin}>
          Log in
        </button>
      </main>
    )
  }
  return (
    <main className="screen home connected-apps">
      <h1>Connected apps</h1>
      {failure ? (
        <p className="error" role="alert">
          Could not load your apps: {failure}
        </p>
      ) : apps === undefined ? (
        <p className="loading" role="status">
          <span className="spinner" aria-hidden="true" /> Loading your apps…
        </p>
      ) : apps.length === 0 ? (
        <p className="note">No app is connected to your wallet.</p>
      ) : (
        <ul className="apps" aria-label="Connected apps">
          {apps.map((app) => (
            <li key={app.origin} className="app" data-origin={app.origin}>
              <h2>{app.origin}</h2>
              <p className="note">{app.connected ? 'Connected' : 'Not connected'}</p>
              {app.connected && (
                <button
                  type="button"
                  className="secondary"
                  disabled={busy}
                  onClick={() =>
                    act(async () => {
                      await api.disconnect(app.origin)
                      return `${app.origin} disconnected.`
                    })
                  }
                >
                  Disconnect
                </button>
              )}
              {app.sessions.map((session) => (
                <SessionItem key={session.sessionHash} session={session} busy={busy} onRevoke={revoke} />
              ))}
            </li>
          ))}
        </ul>
      )}
      {note && (
        <p className="note" role="status">
          {note}
        </p>
      )}
      <button
        type="button"
        className="secondary"
        onClick={() =>
          act(async () => {
            await api.logout()
            return 'Logged out.'
          })
        }
      >
        Log out
      </button>
    </main>
  )
}

function SessionItem(props: { session: AppSession; busy: boolean; onRevoke: (s: AppSession) => void }) {
  const { session } = props
  return (
    <dl className="fields session" data-session={session.sessionHash}>
      <dt>Session</dt>
      <dd title={session.sessionHash}>
        {compactAddress(session.sessionHash)} · <span className="status">{STATUS_TEXT[session.status]}</span>
      </dd>
      <dt>Expires</dt>
      <dd>{formatDate(new Date(session.expiresAt * 1000))}</dd>
      <dt>Allowed methods</dt>
      <dd>
        {session.allowedMethods
          .map((m) => `${m.selector} on ${compactAddress(m.contractAddress)}`)
          .join(', ')}
      </dd>
      <dt>Spending limit</dt>
      <dd>
        {session.txFees.length === 0
          ? 'none set'
          : session.txFees.map((fee) => formatAmount(fee.maxAmount, fee.tokenAddress)).join(', ')}
      </dd>
      {session.status === 'active' && (
        <dd>
          <button
            type="button"
            className="secondary"
            disabled={props.busy}
            onClick={() => props.onRevoke(session)}
          >
            Revoke
          </button>
        </dd>
      )}
    </dl>
  )
}
