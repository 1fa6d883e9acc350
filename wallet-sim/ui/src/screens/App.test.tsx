// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createPromptQueue } from '@webwallet/wallet-sim/core'
import type { Account, PageClient } from '@webwallet/wallet-sim/page'
import { createRefusal } from '@webwallet/wallet-sim/page'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { APPROVE_DELAY_MS } from '../components/useApproveGuard'
import { App } from './App'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const ACCOUNT: Account = {
  email: 'ann@example.com',
  address: '0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
  chainId: '0x534e5f5345504f4c4941',
  deployed: true,
  balances: { STRK: '1000000000000000000000', ETH: '1000000000000000000' },
}

function fakeApi(loggedIn: boolean) {
  let state = loggedIn
  return {
    isLoggedIn: () => state,
    account: vi.fn(async () => ACCOUNT),
    logout: vi.fn(async () => {
      state = false
    }),
    startLogin: vi.fn(async () => ({ expiresAt: 0 })),
    verifyLogin: vi.fn(async () => {
      state = true
    }),
    review: vi.fn(async () => ({
      feeToken: '0x1',
      fee: { amount: '1', maxAmount: '2' },
      balance: '10',
      deploysFirst: false,
      contracts: {},
    })),
    market: vi.fn(async () => new Map()),
  } as unknown as PageClient & { logout: ReturnType<typeof vi.fn> }
}

describe('App', () => {
  it('shows nothing in the iframe while idle, then the screen of each prompt with its origin', async () => {
    vi.useFakeTimers()
    const prompts = createPromptQueue()
    render(<App api={fakeApi(true)} prompts={prompts} route="/iframes/comms" selfOrigin="http://wallet" />)
    expect(screen.getByRole('status', { name: 'Waiting for the app' })).toBeTruthy()
    let answered: Promise<boolean> | undefined
    act(() => {
      answered = prompts.ask({ kind: 'connect' }, 'https://dapp.example')
    })
    expect(screen.getByRole('heading', { name: 'Connect' })).toBeTruthy()
    expect(screen.getByRole('note', { name: 'Requesting origin' }).textContent).toBe('https://dapp.example')
    await act(() => vi.advanceTimersByTimeAsync(APPROVE_DELAY_MS))
    expect(screen.getByText('0x0123…cdef')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }))
    expect(await answered).toBe(true)
    expect(screen.getByRole('status', { name: 'Waiting for the app' })).toBeTruthy()
    act(() => {
      answered = prompts.ask(
        { kind: 'execute', calls: [{ contractAddress: '0x1', entrypoint: 'go' }] },
        'https://b.example',
      )
    })
    expect(screen.getByRole('heading', { name: 'Confirm transaction' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }))
    expect(await answered).toBe(false)
  })

  it('on its own page shows the account and logs out; logged out it offers the login', async () => {
    const api = fakeApi(true)
    render(
      <App api={api} prompts={createPromptQueue()} route="/interstitialLogin" selfOrigin="http://wallet" />,
    )
    expect(await screen.findByText('ann@example.com')).toBeTruthy()
    expect(screen.getByText('1000 STRK, 1 ETH')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy())
    expect(api.logout).toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }))
    expect(screen.getByRole('note', { name: 'Requesting origin' }).textContent).toBe('http://wallet')
    expect(screen.queryByLabelText('Unlisted site')).toBeNull()
  })

  it('a new prompt is a new screen: its approve delay starts over, even for the same kind', async () => {
    vi.useFakeTimers()
    const prompts = createPromptQueue()
    render(<App api={fakeApi(true)} prompts={prompts} route="/iframes/comms" selfOrigin="http://wallet" />)
    const calls = [{ contractAddress: '0x1', entrypoint: 'go' }]
    let first: Promise<boolean> | undefined
    act(() => {
      first = prompts.ask({ kind: 'execute', calls }, 'https://dapp.example')
      void prompts.ask({ kind: 'execute', calls }, 'https://dapp.example')
    })
    await act(() => vi.advanceTimersByTimeAsync(APPROVE_DELAY_MS))
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    expect(await first).toBe(true)
    const confirm = screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement
    expect(confirm.disabled).toBe(true)
  })

  it("judges each prompt's expiry by the chain time of that prompt's account answer, not the device clock", async () => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2031-06-01T00:00:00Z'))
    const api = fakeApi(true)
    const chainTime = Date.parse('2025-12-02T01:00:00Z') / 1000
    const expiresAt = Date.parse('2026-01-01T01:00:00Z') / 1000
    const account = api.account as unknown as ReturnType<typeof vi.fn>
    account.mockResolvedValueOnce({ ...ACCOUNT, chainTime })
    // The chain's clock was moved past the expiry (POST /dev/time) before the second prompt.
    account.mockResolvedValueOnce({ ...ACCOUNT, chainTime: expiresAt + 60 })
    account.mockResolvedValueOnce(ACCOUNT)
    const prompts = createPromptQueue()
    render(<App api={api} prompts={prompts} route="/iframes/comms" selfOrigin="http://wallet" />)
    const request = {
      approvalRequests: [],
      sessionTypedData: {
        types: {},
        primaryType: 'Session',
        domain: { name: 'SessionAccount.session' },
        message: { 'Expires At': expiresAt, 'Allowed Methods': [], 'Session Key': '0x5e55' },
      },
    }
    const summary = () => screen.getByLabelText('Session summary').textContent ?? ''
    for (const expected of [
      /^For 30 days, until/,
      /^Until .+ \(already past by the chain's clock\)/,
      /^Until [^(]+, without asking you again/,
    ]) {
      act(() => {
        void prompts.ask({ kind: 'signSession', request }, 'https://dapp.example')
      })
      await act(() => vi.advanceTimersByTimeAsync(0))
      expect(summary()).toMatch(expected)
      if (!expected.source.includes('For')) expect(summary()).not.toMatch(/\d+ days/)
      act(() => prompts.current()?.answer(false))
    }
    expect(account).toHaveBeenCalledTimes(3)
  })

  it('marks unlisted requesting origins, and shows only the refusal when the embedder is not listed', () => {
    const prompts = createPromptQueue()
    const isListed = (origin: string) => origin === 'https://dapp.example'
    const refusal = createRefusal()
    render(
      <App
        api={fakeApi(true)}
        prompts={prompts}
        route="/iframes/comms"
        selfOrigin="http://wallet"
        isListed={isListed}
        refusal={refusal}
      />,
    )
    act(() => {
      void prompts.ask({ kind: 'connect' }, 'https://dapp.example')
    })
    expect(screen.queryByLabelText('Unlisted site')).toBeNull()
    act(() => refusal.refuse('http://127.0.0.2:8000'))
    expect(screen.getByRole('heading', { name: 'This site may not embed the wallet' })).toBeTruthy()
    expect(screen.getByRole('alert', { name: 'Embedding refused' }).textContent).toContain(
      'http://127.0.0.2:8000',
    )
    expect(screen.queryByRole('button', { name: 'Connect' })).toBeNull()
  })
})
