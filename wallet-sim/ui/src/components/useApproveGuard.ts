// Clickjacking guard of the approve buttons: a button works only once its prompt has been on screen for
// APPROVE_DELAY_MS without interruption, and, where the browser can tell (IntersectionObserver v2), only
// while it is really visible: not covered, not faded (an opacity-0.0001 frame over a decoy), not transformed.
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
 * True once the element of `target` may be approved. The delay restarts whenever the page becomes visible
 * again (visibilitychange), the window is focused other than by a click in it, or the element becomes
 * visible again (IntersectionObserver v2, observed only while `active`). In Chromium, a cross-origin frame
 * that tracks visibility also gets no clicks within 500 ms of moving (by 30 px or more) in its host page.
 *
 * @example
 * const armed = useApproveGuard(buttonRef)
 * <button ref={buttonRef} disabled={!armed}>Confirm</button>
 */
export function useApproveGuard(
  target: RefObject<HTMLElement | null>,
  { active = true, delayMs = APPROVE_DELAY_MS }: { active?: boolean; delayMs?: number } = {},
): boolean {
  const [armed, setArmed] = useState(false)
  useEffect(() => {
    const element = target.current
    // Only while something can be approved: a frame that tracks its visibility also makes Chromium drop
    // clicks for 500 ms after the frame moves (its own clickjacking intervention), which a login form need not.
    const tracking = active && supportsVisibilityTracking() && element !== null
    let visible = !tracking
    let timer: ReturnType<typeof setTimeout> | undefined
    let lastPointerDown = Number.NEGATIVE_INFINITY
    const restart = () => {
      clearTimeout(timer)
      timer = undefined
      setArmed(false)
      if (document.visibilityState === 'hidden' || !visible) return
      timer = setTimeout(() => setArmed(true), delayMs)
    }
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
    if (tracking) {
      // trackVisibility needs a delay of at least 100 ms between notifications.
      const options = { threshold: [0, 1], trackVisibility: true, delay: 100 } as IntersectionObserverInit
      observer = new IntersectionObserver((entries) => {
        const last = entries.at(-1) as (IntersectionObserverEntry & { isVisible?: boolean }) | undefined
        const now = last?.isVisible === true
        if (now === visible) return
        visible = now
        restart()
      }, options)
      observer.observe(element)
    }
    restart()
    return () => {
      clearTimeout(timer)
      observer?.disconnect()
      document.removeEventListener('visibilitychange', restart)
      window.removeEventListener('pointerdown', onPointerDown, true)
      window.removeEventListener('focus', onFocus)
    }
  }, [target, active, delayMs])
  return armed
}
