// An error beside the control that caused it: the message, then the wallet's code as a separate badge. A
// user's own cancel (USER_REJECTED) is no failure: it is shown quietly, as what happened.
export interface ShownError {
  message: string
  code?: string
  /** The task that failed (the busy label), so the panel that owns it shows the error. */
  task?: string
  /** What the demo found out about the failure (e.g. which service is unreachable, at which URL). */
  hint?: string
}

/** The code a wallet answers when the user cancels (Reject, Close, Escape, a closed popup). */
export const USER_REJECTED = 'USER_REJECTED'

/** Renders `error` when it belongs to one of `tasks` (no tasks: any error without a task). */
export function ErrorNote({ error, tasks }: { error: ShownError | undefined; tasks?: string[] }) {
  if (!error) return null
  const mine = tasks ? error.task !== undefined && tasks.includes(error.task) : error.task === undefined
  if (!mine) return null
  const cancelled = error.code === USER_REJECTED
  return (
    <div
      className={cancelled ? 'cancel-note' : 'error-note'}
      role={cancelled ? 'status' : 'alert'}
      data-testid="error"
      data-kind={cancelled ? 'cancelled' : 'error'}
    >
      {cancelled ? 'Cancelled in the wallet: nothing was signed or sent. ' : null}
      <span data-testid="error-message">{error.message}</span>
      {error.code ? (
        <>
          {' '}
          <code className="code-badge" data-testid="error-code">
            {error.code}
          </code>
        </>
      ) : null}
      {error.hint ? (
        <span className="error-hint" data-testid="error-hint">
          {error.hint}
        </span>
      ) : null}
    </div>
  )
}
