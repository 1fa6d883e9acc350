// The top of the page: the app's name and connection pill, then the running task's banner, the last task's
// toast and an error that belongs to no panel.
import { ErrorNote, type ShownError } from './ErrorNote'
import { type Outcome, Toast } from './Toast'
import { BUSY_TEXT } from './taskTexts'

/** The app's name and whether it is connected (and the services answer). */
export function Header({ connected, online }: { connected: boolean; online: boolean }) {
  return (
    <header className="app-header">
      <div>
        <h1>webwallet demo</h1>
        <p className="muted">A host app on @webwallet/shim, against wallet-sim.</p>
      </div>
      <span className={`pill ${connected ? (online ? 'ok' : 'bad') : ''}`} data-testid="connection">
        {connected ? (online ? 'Connected' : 'Connection lost') : 'Not connected'}
      </span>
    </header>
  )
}

/** The running task's banner, or the last task's outcome; an error no panel owns. */
export function TaskStatus(props: {
  busy: string | undefined
  outcome: Outcome | undefined
  error: ShownError | undefined
  onDismiss: () => void
}) {
  const { busy } = props
  return (
    <>
      {busy && (
        <p className="busy" role="status" data-testid="busy">
          <span className="spinner" aria-hidden="true" /> {BUSY_TEXT[busy] ?? `${busy}…`}
        </p>
      )}
      <Toast outcome={busy ? undefined : props.outcome} onDismiss={props.onDismiss} />
      <ErrorNote error={props.error} />
    </>
  )
}
