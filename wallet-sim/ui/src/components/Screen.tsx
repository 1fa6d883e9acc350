// The frame every screen shares: title, the requesting origin, the body and the action buttons.
import type { ReactNode } from 'react'

export interface ScreenProps {
  title: string
  /** The dapp that asks; every screen shows it. */
  origin: string
  children: ReactNode
  onApprove?: () => void
  onReject?: () => void
  approveLabel?: string
  rejectLabel?: string
  busy?: boolean
  error?: string | undefined
}

/**
 * @example
 * <Screen title="Sign message" origin={origin} onApprove={approve} onReject={reject}>…</Screen>
 */
export function Screen(props: ScreenProps) {
  return (
    <main className="screen">
      <header className="screen-header">
        <span className="brand">wallet-sim</span>
        <h1>{props.title}</h1>
        <p className="origin" role="note" aria-label="Requesting origin">
          {props.origin}
        </p>
      </header>
      <section className="screen-body">{props.children}</section>
      {props.error ? (
        <p className="error" role="alert">
          {props.error}
        </p>
      ) : null}
      {props.onApprove || props.onReject ? (
        <footer className="actions">
          {props.onReject ? (
            <button type="button" className="secondary" onClick={props.onReject} disabled={props.busy}>
              {props.rejectLabel ?? 'Reject'}
            </button>
          ) : null}
          {props.onApprove ? (
            <button type="button" className="primary" onClick={props.onApprove} disabled={props.busy}>
              {props.approveLabel ?? 'Approve'}
            </button>
          ) : null}
        </footer>
      ) : null}
    </main>
  )
}
