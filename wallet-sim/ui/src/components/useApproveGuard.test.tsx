// @vitest-environment happy-dom
// The IntersectionObserver side of the guard, with stand-in observers (happy-dom has no v2, and its v1 never
// reports): the button works only while the browser reports its footer really visible (v2) or in the viewport
// (v1), and the delay restarts after each time it was not.
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { Connect } from '../screens/Connect'
import { Login } from '../screens/Login'
import { ApprovalWindowContext, type MoveToWindow } from './approvalWindowContext'
import {
  APPROVE_DELAY_MS,
  PROOF_WAIT_MS,
  supportsVisibilityTracking,
  visibilitySignal,
} from './useApproveGuard'

// A v2 report: visible (and so intersecting), or not visible and, unless told, not intersecting either.
let report: ((isVisible: boolean, isIntersecting?: boolean) => void) | undefined
let options: (IntersectionObserverInit & { trackVisibility?: boolean; delay?: number }) | undefined

beforeEach(() => {
  vi.useFakeTimers()
  // v2 browsers define isVisible on the prototype; that is what the guard looks for.
  class Entry {}
  Object.defineProperty(Entry.prototype, 'isVisible', { value: false, writable: true })
  class Observer {
    constructor(callback: IntersectionObserverCallback, init: IntersectionObserverInit) {
      options = init
      report = (isVisible, isIntersecting = isVisible) =>
        callback(
          [
            Object.assign(new Entry(), { isVisible, isIntersecting }),
          ] as unknown as IntersectionObserverEntry[],
          this as never,
        )
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserverEntry', Entry)
  vi.stubGlobal('IntersectionObserver', Observer)
})
afterEach(() => {
  options = undefined
  cleanup()
  vi.unstubAllGlobals()
  vi.useRealTimers()
  report = undefined
})

it('asks the browser to track visibility, and arms only while the prompt is really visible', () => {
  expect(supportsVisibilityTracking()).toBe(true)
  const onAnswer = vi.fn()
  render(<Connect origin="https://dapp.example" address="0x01" onAnswer={onAnswer} />)
  expect(options).toMatchObject({ trackVisibility: true, delay: 100 })
  const connect = screen.getByRole('button', { name: 'Connect' }) as HTMLButtonElement
  // Shown but never reported visible (an opacity-0.0001 frame over a decoy): never armed.
  act(() => vi.advanceTimersByTime(APPROVE_DELAY_MS * 10))
  expect(connect.disabled).toBe(true)
  act(() => report?.(true))
  act(() => vi.advanceTimersByTime(APPROVE_DELAY_MS))
  expect(connect.disabled).toBe(false)
  // Faded or covered again: disarmed at once, and the full delay again once visible.
  act(() => report?.(false))
  expect(connect.disabled).toBe(true)
  act(() => report?.(true))
  act(() => vi.advanceTimersByTime(APPROVE_DELAY_MS - 1))
  expect(connect.disabled).toBe(true)
  act(() => vi.advanceTimersByTime(1))
  expect(connect.disabled).toBe(false)
  screen.getByRole('button', { name: 'Connect' }).click()
  expect(onAnswer).toHaveBeenCalledWith(true)
})

it('does not track visibility on a screen with nothing to approve (Chromium would drop its clicks after a move)', () => {
  const api = { startLogin: vi.fn(), verifyLogin: vi.fn() }
  render(<Login api={api} origin="https://dapp.example" onDone={vi.fn()} />)
  expect(options).toBeUndefined()
})

it('without v2 (Firefox, Safari), arms only once the footer was reported inside the viewport', () => {
  // A v1-only browser: isIntersecting on the entry's prototype, no isVisible.
  class Entry {}
  Object.defineProperty(Entry.prototype, 'isIntersecting', { value: false, writable: true })
  let inView: ((isIntersecting: boolean) => void) | undefined
  class Observer {
    constructor(callback: IntersectionObserverCallback, init: IntersectionObserverInit) {
      options = init
      inView = (isIntersecting) =>
        callback(
          [Object.assign(new Entry(), { isIntersecting })] as unknown as IntersectionObserverEntry[],
          this as never,
        )
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserverEntry', Entry)
  vi.stubGlobal('IntersectionObserver', Observer)
  expect(supportsVisibilityTracking()).toBe(false)
  expect(visibilitySignal()).toBe('in-viewport')
  render(<Connect origin="https://dapp.example" address="0x01" onAnswer={vi.fn()} />)
  expect(options).not.toHaveProperty('trackVisibility')
  const connect = screen.getByRole('button', { name: 'Connect' }) as HTMLButtonElement
  // Mounted in a frame the browser has not rendered in view yet (display:none, off screen): the delay waits.
  act(() => vi.advanceTimersByTime(APPROVE_DELAY_MS * 10))
  expect(connect.disabled).toBe(true)
  act(() => inView?.(true))
  act(() => vi.advanceTimersByTime(APPROVE_DELAY_MS - 1))
  expect(connect.disabled).toBe(true)
  act(() => vi.advanceTimersByTime(1))
  expect(connect.disabled).toBe(false)
  // Moved out of view and back (a frame slid under the pointer): off, and the full delay again.
  act(() => inView?.(false))
  expect(connect.disabled).toBe(true)
  act(() => inView?.(true))
  act(() => vi.advanceTimersByTime(APPROVE_DELAY_MS - 1))
  expect(connect.disabled).toBe(true)
  act(() => vi.advanceTimersByTime(1))
  expect(connect.disabled).toBe(false)
})

it('with a DOM whose observer never reports (no real IntersectionObserver), the delay alone applies', () => {
  vi.stubGlobal('IntersectionObserver', undefined)
  vi.stubGlobal('IntersectionObserverEntry', undefined)
  expect(visibilitySignal()).toBe('none')
  render(<Connect origin="https://dapp.example" address="0x01" onAnswer={vi.fn()} />)
  const connect = screen.getByRole('button', { name: 'Connect' }) as HTMLButtonElement
  act(() => vi.advanceTimersByTime(APPROVE_DELAY_MS - 1))
  expect(connect.disabled).toBe(true)
  act(() => vi.advanceTimersByTime(1))
  expect(connect.disabled).toBe(false)
})

const guardOf = () => screen.getByRole('button', { name: 'Connect' }).dataset.guard

it('says unproven at once when v2 reports the footer in the viewport but not visible (a filtered ancestor)', () => {
  render(<Connect origin="https://dapp.example" address="0x01" onAnswer={vi.fn()} />)
  expect(guardOf()).toBe('waiting')
  // starknetkit 2.8.0's modal: the frame intersects, but its ancestor's backdrop-filter makes it "not visible".
  act(() => report?.(false, true))
  expect(guardOf()).toBe('unproven')
  const connect = screen.getByRole('button', { name: 'Connect' }) as HTMLButtonElement
  act(() => vi.advanceTimersByTime(APPROVE_DELAY_MS * 10))
  expect(connect.disabled).toBe(true)
  // Shown for real later (the host dropped the filter): the full delay, then armed.
  act(() => report?.(true))
  expect(guardOf()).toBe('waiting')
  act(() => vi.advanceTimersByTime(APPROVE_DELAY_MS))
  expect(guardOf()).toBe('armed')
  expect(connect.disabled).toBe(false)
  // Filtered again: off at once, unproven at once.
  act(() => report?.(false, true))
  expect(guardOf()).toBe('unproven')
  expect(connect.disabled).toBe(true)
})

it('says unproven after PROOF_WAIT_MS without any proof, and only then', () => {
  render(<Connect origin="https://dapp.example" address="0x01" onAnswer={vi.fn()} />)
  // Not intersecting (a hidden frame): no proof yet, but nothing that says the page hides it on purpose.
  act(() => report?.(false))
  act(() => vi.advanceTimersByTime(PROOF_WAIT_MS - 1))
  expect(guardOf()).toBe('waiting')
  act(() => vi.advanceTimersByTime(1))
  expect(guardOf()).toBe('unproven')
  act(() => report?.(true))
  act(() => vi.advanceTimersByTime(APPROVE_DELAY_MS))
  expect(guardOf()).toBe('armed')
})

it('never says unproven once proven in time, nor where the DOM has no observer', () => {
  render(<Connect origin="https://dapp.example" address="0x01" onAnswer={vi.fn()} />)
  act(() => report?.(true))
  act(() => vi.advanceTimersByTime(PROOF_WAIT_MS * 2))
  expect(guardOf()).toBe('armed')
  cleanup()
  vi.stubGlobal('IntersectionObserver', undefined)
  vi.stubGlobal('IntersectionObserverEntry', undefined)
  render(<Connect origin="https://dapp.example" address="0x01" onAnswer={vi.fn()} />)
  act(() => vi.advanceTimersByTime(PROOF_WAIT_MS * 2))
  expect(guardOf()).toBe('armed')
})

it("offers the wallet's own window only while unproven, only in a frame that provides one, and the frame's approve stays off", () => {
  const moveToWindow: MoveToWindow = { status: 'offered', open: vi.fn() }
  const onAnswer = vi.fn()
  const { rerender } = render(
    <ApprovalWindowContext.Provider value={moveToWindow}>
      <Connect origin="https://dapp.example" address="0x01" onAnswer={onAnswer} />
    </ApprovalWindowContext.Provider>,
  )
  expect(screen.queryByRole('button', { name: 'Open in a window' })).toBeNull()
  act(() => report?.(false, true))
  screen.getByRole('button', { name: 'Open in a window' }).click()
  expect(moveToWindow.open).toHaveBeenCalledTimes(1)
  // Moved: the frame says so, offers to bring the window forward, and its Reject still works.
  rerender(
    <ApprovalWindowContext.Provider value={{ ...moveToWindow, status: 'open' }}>
      <Connect origin="https://dapp.example" address="0x01" onAnswer={onAnswer} />
    </ApprovalWindowContext.Provider>,
  )
  screen.getByText(/continues in the wallet's own window/)
  screen.getByRole('button', { name: 'Show the window' })
  screen.getByRole('button', { name: 'Connect' }).click()
  expect(onAnswer).not.toHaveBeenCalled()
  rerender(
    <ApprovalWindowContext.Provider value={{ ...moveToWindow, status: 'blocked' }}>
      <Connect origin="https://dapp.example" address="0x01" onAnswer={onAnswer} />
    </ApprovalWindowContext.Provider>,
  )
  expect(screen.getByRole('alert').textContent).toMatch(/blocked the window/)
  screen.getByRole('button', { name: 'Reject' }).click()
  expect(onAnswer).toHaveBeenCalledWith(false)
  // Proven after all: the offer goes, the frame's own button arms after the delay.
  act(() => report?.(true))
  expect(screen.queryByRole('button', { name: 'Open in a window' })).toBeNull()
})

it('offers no window where none is provided (a popup, the approval window itself)', () => {
  render(<Connect origin="https://dapp.example" address="0x01" onAnswer={vi.fn()} />)
  act(() => report?.(false, true))
  expect(guardOf()).toBe('unproven')
  expect(screen.queryByRole('button', { name: 'Open in a window' })).toBeNull()
})
