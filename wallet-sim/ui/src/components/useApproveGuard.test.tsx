// @vitest-environment happy-dom
// The IntersectionObserver v2 side of the guard, with a stand-in observer (happy-dom has no v2): the button
// works only while the browser reports its footer really visible, and the delay restarts after each time it
// was not.
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { Connect } from '../screens/Connect'
import { Login } from '../screens/Login'
import { APPROVE_DELAY_MS, supportsVisibilityTracking } from './useApproveGuard'

let report: ((isVisible: boolean) => void) | undefined
let options: (IntersectionObserverInit & { trackVisibility?: boolean; delay?: number }) | undefined

beforeEach(() => {
  vi.useFakeTimers()
  // v2 browsers define isVisible on the prototype; that is what the guard looks for.
  class Entry {}
  Object.defineProperty(Entry.prototype, 'isVisible', { value: false, writable: true })
  class Observer {
    constructor(callback: IntersectionObserverCallback, init: IntersectionObserverInit) {
      options = init
      report = (isVisible) =>
        callback(
          [Object.assign(new Entry(), { isVisible })] as unknown as IntersectionObserverEntry[],
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
