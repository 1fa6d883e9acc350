import type { SessionAccount, WebWallet } from '@webwallet/shim'

export function SessionPanel(props: {
  wallet: WebWallet
  account: SessionAccount | undefined
  restored: boolean
  busy: string | undefined
  onConnect: () => void
  onDisconnect: () => void
  onCheckStatus: () => void
}) {
  const { wallet, account, restored, busy } = props
  const session = wallet.exportSignedSession()
  return (
    <section>
      <h2>Session</h2>
      {account ? (
        <dl>
          <dt>Account</dt>
          <dd>
            <code data-testid="address">{account.address}</code>
          </dd>
          <dt>Status</dt>
          <dd data-testid="session-status">{wallet.getSessionStatus()}</dd>
          <dt>Expires</dt>
          <dd data-testid="session-expiry">
            {session ? new Date(session.expiresAt * 1000).toISOString() : '—'}
          </dd>
          <dt>Origin</dt>
          <dd data-testid="session-origin">{restored ? 'restored from storage' : 'signed in the wallet'}</dd>
        </dl>
      ) : (
        <p data-testid="session-status">not connected</p>
      )}
      <div className="buttons">
        <button type="button" data-testid="connect" disabled={busy !== undefined} onClick={props.onConnect}>
          {account ? 'Sign a new session' : 'Log in and sign a session'}
        </button>
        {account && (
          <button
            type="button"
            data-testid="check-status"
            disabled={busy !== undefined}
            onClick={props.onCheckStatus}
          >
            Check status
          </button>
        )}
        {account && (
          <button
            type="button"
            data-testid="disconnect"
            disabled={busy !== undefined}
            onClick={props.onDisconnect}
          >
            Disconnect
          </button>
        )}
      </div>
    </section>
  )
}
