// Clickjacking guard of the approve buttons: a button works only once its prompt has been on screen for
// APPROVE_DELAY_MS without interruption, and only while the browser says it is: really visible with
// IntersectionObserver v2 (Chromium: not covered, faded, filtered or transformed), else intersecting by v1
// (Firefox computes it against a cross-origin frame's own viewport: it cannot tell a hidden frame).
// starknetkit 3.x's and the SDK's modals pass (their blur is a sibling layer under the frame); one that filters an
// ancestor (starknetkit 2.8.0's, pinned by invisible-sdk 1.0.0) is `unproven`, and the screen offers a window.
import { type RefObject, useEffect, useState } from 'react'

/** How long a prompt must have been visible before its approve button works. */
export const APPROVE_DELAY_MS = 700

// A focus that follows the user's own pointer press in this window is the click itself (an iframe gets
// focus on its first click): it must not restart the delay. Any other focus (window.focus() from the page
// that opened us, or keyboard) does.
const POINTER_FOCUS_MS = 250

/** IntersectionObserver v2 (`trackVisibility`, `entry.isVisible`): Chromium has it, others not yet. */
export function supportsVisibilityTracking(): boolean {
  return typeof IntersectionObserver === 'function' && typeof IntersectionObserverEntry === 'function'
    ? 'isVisible' in IntersectionObserverEntry.prototype
    : false
}

/**
 * IntersectionObserver v1 as browsers implement it (`isIntersecting` an attribute of the entry's prototype):
 * every engine the wallet supports. A test DOM's stand-in that never reports (happy-dom) is not one.
 */
export function supportsIntersection(): boolean {
  return typeof IntersectionObserver === 'function' && typeof IntersectionObserverEntry === 'function'
    ? 'isIntersecting' in IntersectionObserverEntry.prototype
    : false
}

/** How the guard learns the element is on screen: really visible (v2), intersecting (v1), or not at all. */
export type VisibilitySignal = 'visible' | 'in-viewport' | 'none'

/** The strongest signal this browser gives. */
export function visibilitySignal(): VisibilitySignal {
  if (supportsVisibilityTracking()) return 'visible'
  return supportsIntersection() ? 'in-viewport' : 'none'
}

/**
 * How long a screen with an approve button waits for the browser's proof that it is shown before it offers to
 * finish the approval in a window of the wallet's own (components/ApprovalWindowOffer): a frame whose
 * observer never reports it visible in that time (a host page that blurs or fades an ancestor of the frame,
 * as starknetkit 2.8.0's modal does) would otherwise keep its approve button off for good.
 */
export const PROOF_WAIT_MS = 1500

/**
 * Where the guard stands: `armed` (visible for the whole delay: the approve button works), `waiting` (not
 * yet: the delay runs, or the browser has not reported yet), `unproven` (the browser reports the element in
 * the viewport but not visible, or gave no proof within {@link PROOF_WAIT_MS}: the approve button stays off,
 * and a framed page offers its own window).
 */
export type GuardState = 'armed' | 'waiting' | 'unproven'

/**
 * The guard's state for `target`'s element, observed while `active`. The delay counts from the browser's first
 * report of it shown (v2 `isVisible` in Chromium, v1 `isIntersecting` elsewhere) and restarts when it is shown
 * again, the page becomes visible again, or the window is focused other than by a click in it. Chromium also gives
 * a cross-origin frame that tracks visibility no clicks within 500 ms of moving 30 px or more in its host page.
 *
 * @example
 * const state = useApproveGuardState(footerRef)
 * <button disabled={state !== 'armed'}>Confirm</button>
 */
export function useApproveGuardState(
  target: RefObject<HTMLElement | null>,
  { active = true, delayMs = APPROVE_DELAY_MS }: { active?: boolean; delayMs?: number } = {},
): GuardState {
  const [state, setState] = useState<GuardState>('waiting')
  useEffect(() => {
    const element = target.current
    // Only while something can be approved: a frame that tracks its visibility also makes Chromium drop
    // clicks for 500 ms after the frame moves (its own clickjacking intervention), which a login form need not.
    const signal = active && element !== null ? visibilitySignal() : 'none'
    let visible = signal === 'none'
    // v2 said "in the viewport, yet not visible" (an ancestor's filter or opacity, a layer above): no wait.
    let hiddenInView = false
    let waited = false
    let timer: ReturnType<typeof setTimeout> | undefined
    let lastPointerDown = Number.NEGATIVE_INFINITY
    const unproven = () => !visible && (hiddenInView || waited)
    const restart = () => {
      clearTimeout(timer)
      timer = undefined
      setState(unproven() ? 'unproven' : 'waiting')
      if (document.visibilityState === 'hidden' || !visible) return
      timer = setTimeout(() => setState('armed'), delayMs)
    }
    const proofTimer = setTimeout(() => {
      waited = true
      if (unproven()) setState('unproven')
    }, PROOF_WAIT_MS)
    const onPointerDown = () => {
      lastPointerDown = Date.now()
    }
    const onFocus = () => {
      if (Date.now() - lastPointerDown > POINTER_FOCUS_MS) restart()
    }
    document.addEventListener('visibilitychange', restart)
    window.addEventListener('pointerdown', onPointerDown, true)
    window.addEventListener('focus', onFocus)
    let observer: IntersectionObserver | undefined
    if (signal !== 'none' && element) {
      // trackVisibility needs a delay of at least 100 ms between notifications.
      const options =
        signal === 'visible'
          ? ({ threshold: [0, 1], trackVisibility: true, delay: 100 } as IntersectionObserverInit)
          : { threshold: [0, 1] }
      observer = new IntersectionObserver((entries) => {
        const last = entries.at(-1) as (IntersectionObserverEntry & { isVisible?: boolean }) | undefined
        const now = signal === 'visible' ? last?.isVisible === true : last?.isIntersecting === true
        const nowHiddenInView = signal === 'visible' && !now && last?.isIntersecting === true
        if (now === visible && nowHiddenInView === hiddenInView) return
        visible = now
        hiddenInView = nowHiddenInView
        restart()
      }, options)
      observer.observe(element)
    }
    restart()
    return () => {
      clearTimeout(timer)
      clearTimeout(proofTimer)
      observer?.disconnect()
      document.removeEventListener('visibilitychange', restart)
      window.removeEventListener('pointerdown', onPointerDown, true)
      window.removeEventListener('focus', onFocus)
    }
  }, [target, active, delayMs])
  return state
}
