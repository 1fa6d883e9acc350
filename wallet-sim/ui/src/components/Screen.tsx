// The frame every screen shares: title, the requesting origin (marked when it is not a listed app), the
// body and the action buttons. The approve button works only after the clickjacking guard armed it.
import { type ReactNode, useRef } from 'react'
import { useIsListed } from './originList'
import { useApproveGuard } from './useApproveGuard'

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
  const listed = useIsListed()(props.origin)
  // The guard watches the footer: the buttons' own look changes with their state (disabled), the footer's never.
  const actions = useRef<HTMLElement>(null)
  const armed = useApproveGuard(actions, { active: props.onApprove !== undefined })
  return (
    <main className="screen">
      <header className="screen-header">
        <span className="brand">wallet-sim</span>
        <h1>{props.title}</h1>
        <p className={listed ? 'origin' : 'origin unlisted'} role="note" aria-label="Requesting origin">
          {props.origin}
        </p>
        {listed ? null : (
          <p className="warning" role="note" aria-label="Unlisted site">
            This site is not one of the wallet's listed apps. Go on only if you trust {props.origin}.
          </p>
        )}
      </header>
      <section className="screen-body">{props.children}</section>
      {props.error ? (
        <p className="error" role="alert">
          {props.error}
        </p>
      ) : null}
      {props.onApprove || props.onReject ? (
        <footer className="actions" ref={actions}>
          {props.onReject ? (
            <button type="button" className="secondary" onClick={props.onReject} disabled={props.busy}>
              {props.rejectLabel ?? 'Reject'}
            </button>
          ) : null}
          {props.onApprove ? (
            <button
              type="button"
              className="primary"
              onClick={() => {
                if (armed) props.onApprove?.()
              }}
              disabled={props.busy || !armed}
              data-armed={armed}
            >
              {props.approveLabel ?? 'Approve'}
            </button>
          ) : null}
        </footer>
      ) : null}
    </main>
  )
}
