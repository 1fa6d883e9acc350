// The outcome of the last task, pinned to the bottom of the viewport: the result or the error is in view
// whatever the page's scroll, on a phone too (the panel that owns the task shows it in place as well).
import { compactAddress } from '@webwallet/protocol/constants'

export interface Outcome {
  readonly kind: 'done' | 'error' | 'cancelled'
  readonly text: string
  readonly code?: string | undefined
  /** The transaction the task sent, if any. */
  readonly transactionHash?: string | undefined
  /** A next step, opened in a new tab (e.g. the wallet's page to log out there). */
  readonly link?: { readonly text: string; readonly href: string } | undefined
}

export function Toast({ outcome, onDismiss }: { outcome: Outcome | undefined; onDismiss: () => void }) {
  if (!outcome) return null
  return (
    <div className={`toast ${outcome.kind}`} role="status" data-testid="toast" data-kind={outcome.kind}>
      <span data-testid="toast-text">
        {outcome.text}
        {outcome.transactionHash ? (
          <>
            {' '}
            <code title={outcome.transactionHash}>{compactAddress(outcome.transactionHash)}</code>
          </>
        ) : null}
        {outcome.code ? (
          <>
            {' '}
            <code className="code-badge">{outcome.code}</code>
          </>
        ) : null}
        {outcome.link ? (
          <>
            {' '}
            <a href={outcome.link.href} target="_blank" rel="noreferrer" data-testid="toast-link">
              {outcome.link.text}
            </a>
          </>
        ) : null}
      </span>
      <button type="button" className="toast-close" aria-label="Dismiss" onClick={onDismiss}>
        ×
      </button>
    </div>
  )
}
