// The frame every screen shares: title, the requesting origin (marked when it is not a listed app), the
// body and the action buttons. The approve button works only after the clickjacking guard armed it.
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react'
import { ApprovalWindowOffer } from './ApprovalWindowOffer'
import { useApprovalWindow } from './approvalWindowContext'
import { useModalFit } from './modalFit'
import { useIsListed } from './originList'
import { useApproveGuardState } from './useApproveGuard'

export interface ScreenProps {
  title: string
  /** The dapp that asks; every screen shows it. */
  origin: string
  children: ReactNode
  onApprove?: () => void
  onReject?: () => void
  approveLabel?: string
  /** The approve button stays off whatever the guard says (a review whose transaction would fail). */
  approveBlocked?: boolean
  rejectLabel?: string
  busy?: boolean
  error?: string | undefined
  /**
   * The approve button stays off until the body was scrolled to its end (or fits): a consent the user must
   * have had on screen in full. Adds to the approve guard, never replaces it.
   */
  requireSeen?: boolean
}

/**
 * @example
 * <Screen title="Sign message" origin={origin} onApprove={approve} onReject={reject}>…</Screen>
 */
export function Screen(props: ScreenProps) {
  const listed = useIsListed()(props.origin)
  // The guard watches the footer: the buttons' own look changes with their state (disabled), the footer's never.
  const actions = useRef<HTMLElement>(null)
  const guard = useApproveGuardState(actions, { active: props.onApprove !== undefined })
  const armed = guard === 'armed'
  // In a frame the browser cannot prove visible, the approval goes on in the wallet's own window instead.
  const moveToWindow = useApprovalWindow()
  const body = useRef<HTMLElement>(null)
  useModalFit(body)
  const note = useRef<HTMLParagraphElement>(null)
  const { seen, overflows } = useSeenToEnd(body, note, props.requireSeen === true)
  const blocked = props.approveBlocked === true || !seen
  useEscape(props.busy ? undefined : props.onReject)
  const main = useRef<HTMLElement>(null)
  useFocusOnShow(main)
  useRejectWhenClosed(main, props.onReject)
  return (
    <main className="screen" ref={main}>
      <header className="screen-header">
        <span className="brand" aria-hidden="true">
          wallet-sim
        </span>
        <h1>{props.title}</h1>
        <p className="origin-line">
          <span className="origin-label">Request from</span>{' '}
          <span className={listed ? 'origin' : 'origin unlisted'} role="note" aria-label="Requesting origin">
            {props.origin}
          </span>
        </p>
        {listed ? null : (
          <p className="warning" role="note" aria-label="Unlisted site">
            This site is not one of the wallet's listed apps. Go on only if you trust {props.origin}.
          </p>
        )}
      </header>
      {/* Focusable so a keyboard user can scroll it when it overflows the display. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
      <section className="screen-body" ref={body} tabIndex={0} aria-label="Details">
        {props.children}
      </section>
      {props.error ? (
        <p className="error" role="alert">
          {props.error}
        </p>
      ) : null}
      {/* Only once the body was measured not to fit: the note itself takes room, and shown before the first
          measure it would shrink a body that fits into one that does not (a gate at 1280x800 for nothing). */}
      {seen || !overflows ? null : (
        <p className="unread" role="note" aria-label="Read to the end" ref={note}>
          Scroll to the end to read everything before you sign.
        </p>
      )}
      {guard === 'unproven' && moveToWindow && props.onApprove ? (
        <ApprovalWindowOffer moveToWindow={moveToWindow} />
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
                if (armed && !blocked) props.onApprove?.()
              }}
              disabled={props.busy || !armed || blocked}
              data-armed={armed}
              data-guard={guard}
              data-blocked={props.approveBlocked === true}
              data-seen={seen}
            >
              {props.approveLabel ?? 'Approve'}
            </button>
          ) : null}
        </footer>
      ) : null}
    </main>
  )
}

/**
 * Whether the scrolling body has been seen to its end: as soon as it is laid out when it fits, else once it was scrolled to
 * within 4 px of its bottom. Sticky: scrolling back up does not take it back. Always true when not required.
 * `overflows`: it was measured laid out and not fitting (the "read to the end" note shows only then).
 */
function useSeenToEnd(
  body: RefObject<HTMLElement | null>,
  note: RefObject<HTMLElement | null>,
  required: boolean,
): { seen: boolean; overflows: boolean } {
  const [seen, setSeen] = useState(!required)
  const [overflows, setOverflows] = useState(false)
  useEffect(() => {
    const element = body.current
    if (!required || seen || !element) return
    const check = () => {
      // Not laid out (a hidden frame measures 0): nothing was seen yet; the resize observer checks again.
      if (element.clientHeight === 0) return
      // The note's room counts as the body's: once seen, the note goes and the body gets that room back.
      const room = element.clientHeight + noteRoom(note.current)
      if (element.scrollTop + room >= element.scrollHeight - 4) setSeen(true)
      else setOverflows(true)
    }
    check()
    element.addEventListener('scroll', check, { passive: true })
    window.addEventListener('resize', check)
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(check)
    observer?.observe(element)
    // A frame the page shows later (the SDK's modal) may keep its size: showing it is the moment to measure.
    const shown = typeof IntersectionObserver === 'undefined' ? undefined : new IntersectionObserver(check)
    shown?.observe(element)
    return () => {
      element.removeEventListener('scroll', check)
      window.removeEventListener('resize', check)
      observer?.disconnect()
      shown?.disconnect()
    }
  }, [body, note, required, seen])
  return { seen, overflows }
}

/** The height the note takes from the body: its box and the column's gap before it (0 when not shown). */
function noteRoom(note: HTMLElement | null): number {
  if (!note) return 0
  const parent = note.parentElement
  const gap = parent ? Number.parseFloat(getComputedStyle(parent).rowGap) || 0 : 0
  return note.offsetHeight + gap
}

/** Escape answers like the reject (or cancel) button: the wallet's half of "Escape closes the modal". */
function useEscape(onEscape: (() => void) | undefined): void {
  useEffect(() => {
    if (!onEscape) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) {
        event.preventDefault()
        onEscape()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [onEscape])
}

/**
 * Focuses the screen's `[data-autofocus]` field when the page gets focus with nothing focused: inside the
 * iframe, React's autoFocus runs while the modal is still hidden (nothing can take focus then), and the
 * connector moves focus into the frame only once it shows it.
 */
function useFocusOnShow(main: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const focusFirst = () => {
      const active = document.activeElement
      if (active && active !== document.body) return
      main.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    }
    focusFirst()
    window.addEventListener('focus', focusFirst)
    return () => window.removeEventListener('focus', focusFirst)
  }, [main])
}

/**
 * In the iframe, the app's modal closing (its close button, Escape on the page, a click on the backdrop) hides
 * the frame without telling the wallet: the app's request is already rejected there. A screen that was shown
 * and then stops intersecting the viewport is that close, and rejects its prompt, so the next request gets a
 * fresh screen (and the modal shows again) instead of queueing behind an answer nobody waits for.
 */
function useRejectWhenClosed(main: RefObject<HTMLElement | null>, onReject: (() => void) | undefined): void {
  const reject = useRef(onReject)
  reject.current = onReject
  useEffect(() => {
    const element = main.current
    if (!element || window.parent === window || typeof IntersectionObserver === 'undefined') return
    let seen = false
    const observer = new IntersectionObserver((entries) => {
      const shown = entries.at(-1)?.isIntersecting === true
      if (shown) seen = true
      else if (seen) reject.current?.()
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [main])
}
