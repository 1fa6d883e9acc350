// What a screen in the wallet's frame shows when the browser cannot prove the frame visible (the guard's
// `unproven`): its approve button stays off, and the approval can go on in a window of the wallet's own.
import type { MoveToWindow } from './approvalWindowContext'

/**
 * @example
 * {guard === 'unproven' && moveToWindow ? <ApprovalWindowOffer moveToWindow={moveToWindow} /> : null}
 */
export function ApprovalWindowOffer({ moveToWindow }: { moveToWindow: MoveToWindow }) {
  const { status, open } = moveToWindow
  return (
    <section className="window-offer" aria-label="Continue in the wallet's window">
      {status === 'open' ? (
        <p role="status">
          This request continues in the wallet's own window. Approve or reject it there; Reject here works
          too.
        </p>
      ) : (
        <p role="note">
          The app's page keeps the wallet from showing here in a way your browser can confirm, so approving
          here is off. Finish in a window of the wallet's own.
        </p>
      )}
      {status === 'blocked' ? (
        <p className="error" role="alert">
          Your browser blocked the window. Allow pop-ups for this site, then try again.
        </p>
      ) : null}
      <button type="button" className="secondary" onClick={open}>
        {status === 'open' ? 'Show the window' : 'Open in a window'}
      </button>
    </section>
  )
}
