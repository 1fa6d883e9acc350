import { compactAddress } from '@webwallet/protocol/constants'
import type { SessionAccount, WebWallet } from '@webwallet/shim'
import type { ReactNode } from 'react'
import { WALLET_URL } from '../config'
import { formatDate } from '../format'

export function SessionPanel(props: {
  wallet: WebWallet
  account: SessionAccount | undefined
  /** False once a service could not be reached: the status cannot be checked, so it is not shown as VALID. */
  online: boolean
  restored: boolean
  busy: string | undefined
  onConnect: () => void
  /** `await connect()` then requestConnection in one click: the popup must still open on WebKit. */
  onRenew: () => void
  onDisconnect: () => void
  /** revokeSession(): the session key can sign nothing more, at the cosigner. */
  onRevoke: () => void
  /** logout(): the wallet's login ends. */
  onLogout: () => void
  onCheckStatus: () => void
  /** The error of this panel's tasks, shown under its buttons. */
  error?: ReactNode
}) {
  const { wallet, account, restored, busy } = props
  const session = wallet.exportSignedSession()
  return (
    <section className="card" aria-labelledby="session-title">
      <h2 id="session-title">Session</h2>
      {account ? (
        <dl className="facts">
          <dt>Account</dt>
          <dd>
            {/* The full address for copy and tests; shortened on screen by CSS where it does not fit. */}
            <code data-testid="address" className="address">
              {account.address}
            </code>
          </dd>
          <dt>Status</dt>
          <dd>
            {props.online ? (
              <span className="badge succeeded" data-testid="session-status">
                {wallet.getSessionStatus()}
              </span>
            ) : (
              <span
                className="badge pending"
                data-testid="session-status"
                title="A service could not be reached: the session cannot be checked until it answers (Check status)"
              >
                UNVERIFIED
              </span>
            )}
          </dd>
          <dt>Expires</dt>
          <dd data-testid="session-expiry">
            {session ? (
              <time dateTime={new Date(session.expiresAt * 1000).toISOString()}>
                {formatDate(session.expiresAt * 1000)}
              </time>
            ) : (
              '—'
            )}
          </dd>
          <dt>Source</dt>
          <dd data-testid="session-origin">{restored ? 'restored from storage' : 'signed in the wallet'}</dd>
        </dl>
      ) : (
        <p className="muted">
          <span data-testid="session-status">not connected</span>: log in with an e-mail and approve one
          session, then calls within it need no prompt.
        </p>
      )}
      <div className="buttons">
        <Action
          testId="connect"
          kind={account ? 'secondary' : 'primary'}
          busy={busy}
          onClick={props.onConnect}
        >
          {account ? 'Sign a new session' : 'Log in and sign a session'}
        </Action>
        {account && (
          <>
            <Action testId="renew" kind="secondary" busy={busy} onClick={props.onRenew}>
              Renew session
            </Action>
            <Action testId="check-status" kind="secondary" busy={busy} onClick={props.onCheckStatus}>
              Check status
            </Action>
            <Action
              testId="disconnect"
              kind="quiet"
              busy={busy}
              onClick={props.onDisconnect}
              title={`Forget the session of ${compactAddress(account.address)}`}
            >
              Disconnect
            </Action>
            <Action
              testId="revoke"
              kind="quiet"
              busy={busy}
              onClick={props.onRevoke}
              title="Revoke the session at the cosigner: its key can sign nothing more"
            >
              Revoke session
            </Action>
          </>
        )}
        <Action testId="wallet-logout" kind="quiet" busy={busy} onClick={props.onLogout}>
          Log out of wallet
        </Action>
      </div>
      <p className="muted small" data-testid="disconnect-note">
        Disconnect forgets this app's session on this device; Revoke session also makes its key useless at the
        cosigner; Log out of wallet ends the wallet's login, so the next sign-in asks for your e-mail.{' '}
        <a href={`${WALLET_URL}/apps`} target="_blank" rel="noreferrer" data-testid="connected-apps">
          Connected apps
        </a>{' '}
        in the wallet lists every app's sessions, to revoke any of them.
      </p>
      {props.error}
    </section>
  )
}

/** One of the panel's buttons: off while any action runs. */
function Action(props: {
  testId: string
  kind: 'primary' | 'secondary' | 'quiet'
  busy: unknown
  onClick: () => void
  title?: string
  children: ReactNode
}) {
  return (
    <button
      type="button"
      className={props.kind}
      data-testid={props.testId}
      disabled={props.busy !== undefined}
      onClick={props.onClick}
      title={props.title}
    >
      {props.children}
    </button>
  )
}
