// @vitest-environment happy-dom

import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { SessionSignRequest, TypedData } from '@webwallet/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Connect } from './Connect'
import { Login } from './Login'
import { Review } from './Review'
import { SignMessage } from './SignMessage'
import { SignSession } from './SignSession'

afterEach(cleanup)

const DAPP = 'https://dapp.example'
const STRK = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
const ETH = '0x049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7'

const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }))

describe('Login', () => {
  it('sends a code to the e-mail, then logs in with it', async () => {
    const api = { startLogin: vi.fn(async () => ({ expiresAt: 0 })), verifyLogin: vi.fn(async () => {}) }
    const onDone = vi.fn()
    render(<Login api={api} origin={DAPP} onDone={onDone} />)
    expect(screen.getByLabelText('Requesting origin').textContent).toBe(DAPP)
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'ann@example.com' } })
    click('Send code')
    await screen.findByLabelText('Code')
    expect(api.startLogin).toHaveBeenCalledWith('ann@example.com')
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '123456' } })
    click('Log in')
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true))
    expect(api.verifyLogin).toHaveBeenCalledWith('ann@example.com', '123456')
  })

  it('shows the server message for a wrong code and lets the user cancel', async () => {
    const api = {
      startLogin: vi.fn(async () => ({ expiresAt: 0 })),
      verifyLogin: vi.fn(async () => {
        throw new Error('Wrong code; 4 tries left')
      }),
    }
    const onDone = vi.fn()
    render(<Login api={api} origin={DAPP} onDone={onDone} />)
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'ann@example.com' } })
    click('Send code')
    fireEvent.change(await screen.findByLabelText('Code'), { target: { value: '000000' } })
    click('Log in')
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong code; 4 tries left')
    expect(onDone).not.toHaveBeenCalled()
    click('Cancel')
    expect(onDone).toHaveBeenCalledWith(false)
  })
})

describe('Connect', () => {
  it('shows the origin and the account, and answers', () => {
    const onAnswer = vi.fn()
    render(<Connect origin={DAPP} address="0x0123456789abcdef0123456789abcdef" onAnswer={onAnswer} />)
    expect(screen.getByLabelText('Requesting origin').textContent).toBe(DAPP)
    expect(screen.getByText('0x0123…cdef')).toBeTruthy()
    click('Connect')
    click('Reject')
    expect(onAnswer.mock.calls).toEqual([[true], [false]])
  })
})

describe('SignMessage', () => {
  const typedData: TypedData = {
    types: { StarknetDomain: [], Mail: [{ name: 'contents', type: 'shortstring' }] },
    primaryType: 'Mail',
    domain: { name: 'Demo', version: '1', chainId: 'SN_SEPOLIA', revision: '1' },
    message: { contents: 'hello wallet' },
  }
  it('shows the domain, the type and the message', () => {
    const onAnswer = vi.fn()
    render(<SignMessage origin={DAPP} typedData={typedData} onAnswer={onAnswer} />)
    expect(screen.getByText('Demo')).toBeTruthy()
    expect(screen.getByText('Mail')).toBeTruthy()
    expect(screen.getByLabelText('Message').textContent).toContain('hello wallet')
    expect(screen.getByLabelText('Requesting origin').textContent).toBe(DAPP)
    click('Sign')
    click('Reject')
    expect(onAnswer.mock.calls).toEqual([[true], [false]])
  })
})

describe('SignSession', () => {
  const request: SessionSignRequest = {
    approvalRequests: [
      {
        tokenAddress: STRK,
        spender: '0x5bd1e5000000000000000000000000000000000000000000000000000000abcd',
        amount: '2500000000000000000',
      },
    ],
    sessionTypedData: {
      types: {},
      primaryType: 'Session',
      domain: { name: 'SessionAccount.session' },
      message: {
        'Expires At': 1767229200,
        'Allowed Methods': [
          { 'Contract Address': STRK, selector: 'transfer' },
          {
            'Contract Address': '0x0000000000000000000000000000000000000000000000000000000000c0de',
            selector: 'increase_counter',
          },
        ],
        Metadata: JSON.stringify({
          projectID: 'demo-app',
          txFees: [{ tokenAddress: ETH, maxAmount: '100000000000000000' }],
        }),
        'Session Key': '0x5e55',
      },
    },
  }
  it('lists each allowed contract and selector, the expiry, the fee caps and the approvals', () => {
    const onAnswer = vi.fn()
    render(<SignSession origin={DAPP} request={request} onAnswer={onAnswer} />)
    const allowed = screen.getByLabelText('Allowed calls').textContent
    expect(allowed).toContain('STRK · transfer')
    expect(allowed).toContain('0x0000…c0de · increase_counter')
    expect(screen.getByLabelText('Expiry').textContent).toBe('2026-01-01 01:00 UTC')
    expect(screen.getByLabelText('Fee limits').textContent).toBe('up to 0.1 ETH')
    expect(screen.getByLabelText('Approvals').textContent).toBe('2.5 STRK to 0x5bd1…abcd')
    expect(screen.getByText('demo-app')).toBeTruthy()
    expect(screen.getByLabelText('Requesting origin').textContent).toBe(DAPP)
    click('Sign session')
    click('Reject')
    expect(onAnswer.mock.calls).toEqual([[true], [false]])
  })
})

describe('Review', () => {
  it('decodes token transfers and approvals and shows raw calldata of other calls', () => {
    const onAnswer = vi.fn()
    const calls = [
      {
        contractAddress: STRK,
        entrypoint: 'transfer',
        calldata: ['0x1234567890abcdef', '1500000000000000000', '0'],
      },
      { contractAddress: ETH, entrypoint: 'approve', calldata: ['0xabcdef1234567890', 10n ** 17n, 0] },
      {
        contractAddress: '0xc0de00000000000000000000000000000000000000000000000000000000c0de',
        entrypoint: 'increase_counter',
        calldata: ['0x2a'],
      },
    ]
    render(<Review origin={DAPP} calls={calls} deploysFirst onAnswer={onAnswer} />)
    expect(screen.getByText('Send 1.5 STRK to 0x1234…cdef')).toBeTruthy()
    expect(screen.getByText('Allow 0xabcd…7890 to spend 0.1 ETH')).toBeTruthy()
    expect(screen.getByText('increase_counter')).toBeTruthy()
    expect(screen.getByLabelText('Calldata of call 3').textContent).toBe('0x2a')
    expect(screen.getByText(/deployed first/)).toBeTruthy()
    expect(screen.getByLabelText('Requesting origin').textContent).toBe(DAPP)
    click('Confirm')
    click('Reject')
    expect(onAnswer.mock.calls).toEqual([[true], [false]])
  })
})
