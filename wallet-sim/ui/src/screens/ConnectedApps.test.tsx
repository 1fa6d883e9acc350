// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { PageClient } from '@webwallet/wallet-sim/page'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConnectedApps } from './ConnectedApps'

afterEach(cleanup)

const STRK = '0x4718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
type Apps = Awaited<ReturnType<PageClient['apps']>>

function fakeApi(apps: Apps, loggedIn = true) {
  let state = structuredClone(apps)
  return {
    isLoggedIn: () => loggedIn,
    apps: vi.fn(async () => structuredClone(state)),
    revokeSession: vi.fn(async (sessionHash: string) => {
      state = state.map((app) => ({
        ...app,
        sessions: app.sessions.map((s) =>
          s.sessionHash === sessionHash ? { ...s, status: 'revoked' as const } : s,
        ),
      }))
      return { sessionHash, transactionHash: '0xabc123' }
    }),
    disconnect: vi.fn(async () => {}),
    logout: vi.fn(async () => {
      loggedIn = false
    }),
  }
}

const APPS: Apps = [
  {
    origin: 'https://game.example',
    connected: true,
    sessions: [
      {
        sessionHash: '0x1234567890abcdef',
        expiresAt: 1_900_000_000,
        status: 'active',
        allowedMethods: [{ contractAddress: '0xc0ffee', selector: 'increment' }],
        txFees: [{ tokenAddress: STRK, maxAmount: '10000000000000000000' }],
      },
    ],
  },
]

describe('ConnectedApps', () => {
  it('lists each app with its sessions: expiry, methods, spending limit; Revoke marks it revoked', async () => {
    const api = fakeApi(APPS)
    render(<ConnectedApps api={api} onLogin={vi.fn()} version={0} />)
    await screen.findByRole('heading', { name: 'https://game.example' })
    expect(screen.getByText(/increment on 0xc0ffee/)).toBeTruthy()
    expect(screen.getByText('10 STRK')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Revoke' }))
    await waitFor(() => expect(screen.getByText('revoked')).toBeTruthy())
    expect(api.revokeSession).toHaveBeenCalledWith('0x1234567890abcdef')
    expect(screen.queryByRole('button', { name: 'Revoke' })).toBeNull()
    expect(screen.getByRole('status').textContent).toMatch(/Session revoked; on chain in 0xabc/)
  })

  it('logs out, then offers the login; logged out it asks nothing of the server', async () => {
    const api = fakeApi(APPS)
    const onLogin = vi.fn()
    render(<ConnectedApps api={api} onLogin={onLogin} version={0} />)
    await screen.findByRole('heading', { name: 'https://game.example' })
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }))
    expect(onLogin).toHaveBeenCalledOnce()
    cleanup()
    const loggedOut = fakeApi([], false)
    render(<ConnectedApps api={loggedOut} onLogin={vi.fn()} version={0} />)
    await screen.findByRole('button', { name: 'Log in' })
    expect(loggedOut.apps).not.toHaveBeenCalled()
  })
})
