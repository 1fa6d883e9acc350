// @vitest-environment happy-dom
// The approval window's page: what it says while it waits, once answered and when it has nothing to approve,
// and the handed-over prompt on the same screen the frame shows, read with the handed-over login.
import { act, cleanup, render, screen } from '@testing-library/react'
import { createPromptQueue } from '@webwallet/wallet-sim/core'
import type { Account, ApprovalWindowPhase, PageClient, StoredLogin } from '@webwallet/wallet-sim/page'
import { afterEach, expect, it, vi } from 'vitest'
import { ApprovalWindowScreen } from './ApprovalWindowScreen'

afterEach(cleanup)

const LOGIN = { token: 'ab'.repeat(32), email: 'ann@example.com' }
const ACCOUNT = { email: LOGIN.email, address: `0x07d5${'0'.repeat(56)}f72b` } as Account

/** A page store whose phase a test sets. */
function pageOf(initial: ApprovalWindowPhase) {
  let phase = initial
  const listeners = new Set<() => void>()
  return {
    current: () => phase,
    subscribe: (listener: () => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    set(next: ApprovalWindowPhase) {
      phase = next
      for (const listener of listeners) listener()
    },
  }
}

it('says it is opening the request, then what was answered, or that there is nothing to approve', () => {
  const page = pageOf({ phase: 'waiting' })
  render(<ApprovalWindowScreen page={page} selfOrigin="http://localhost:3005" isListed={() => true} />)
  expect(screen.getByRole('heading').textContent).toBe('Opening the request…')
  act(() => page.set({ phase: 'answered', approved: false }))
  expect(screen.getByRole('heading').textContent).toBe('Rejected')
  act(() => page.set({ phase: 'none' }))
  expect(screen.getByRole('heading').textContent).toBe('Nothing to approve here')
  expect(screen.queryAllByRole('button')).toEqual([])
})

it("shows the handed-over prompt as the frame does, for the frame's user, and answers it", async () => {
  const prompts = createPromptQueue()
  const answered = prompts.ask({ kind: 'connect' }, 'https://dapp.example')
  const createApi = vi.fn(
    (_login: StoredLogin) =>
      ({ isLoggedIn: () => true, account: vi.fn(async () => ACCOUNT) }) as unknown as PageClient,
  )
  render(
    <ApprovalWindowScreen
      page={pageOf({ phase: 'asking', login: LOGIN, prompts })}
      selfOrigin="http://localhost:3005"
      isListed={() => false}
      createApi={createApi}
    />,
  )
  expect(createApi).toHaveBeenCalledWith(LOGIN)
  expect(screen.getByRole('heading').textContent).toBe('Connect')
  // The origin is marked as the frame would mark it, and the window offers no window of its own.
  screen.getByRole('note', { name: 'Unlisted site' })
  expect(screen.queryByRole('button', { name: 'Open in a window' })).toBeNull()
  screen.getByRole('button', { name: 'Reject' }).click()
  await expect(answered).resolves.toBe(false)
})
