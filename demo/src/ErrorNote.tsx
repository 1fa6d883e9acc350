// An error beside the control that caused it: the message, then the wallet's code as a separate badge.
export interface ShownError {
  message: string
  code?: string
  /** The task that failed (the busy label), so the panel that owns it shows the error. */
  task?: string
}

/** Renders `error` when it belongs to one of `tasks` (no tasks: any error without a task). */
export function ErrorNote({ error, tasks }: { error: ShownError | undefined; tasks?: string[] }) {
  if (!error) return null
  const mine = tasks ? error.task !== undefined && tasks.includes(error.task) : error.task === undefined
  if (!mine) return null
  return (
    <div className="error-note" role="alert" data-testid="error">
      <span data-testid="error-message">{error.message}</span>
      {error.code ? (
        <>
          {' '}
          <code className="code-badge" data-testid="error-code">
            {error.code}
          </code>
        </>
      ) : null}
    </div>
  )
}
