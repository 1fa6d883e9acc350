// @vitest-environment happy-dom
// The login screen's ways out of a stuck code: resend, change the e-mail, the error beside the field.

import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Login } from './Login'

afterEach(cleanup)

const DAPP = 'https://dapp.example'
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }))

async function toCodeStep(api: Parameters<typeof Login>[0]['api'], onDone = vi.fn()) {
  render(<Login api={api} origin={DAPP} onDone={onDone} />)
  fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'ann@example.com' } })
  click('Send code')
  await screen.findByLabelText('Code')
  return onDone
}

describe('Login', () => {
  it('titles each step, resends the code, and goes back to change the e-mail', async () => {
    const api = { startLogin: vi.fn(async () => ({ expiresAt: 0 })), verifyLogin: vi.fn(async () => {}) }
    expect(api.startLogin).not.toHaveBeenCalled()
    await toCodeStep(api)
    expect(screen.getByRole('heading').textContent).toBe('Enter your code')
    click('Resend code')
    expect((await screen.findByRole('status')).textContent).toBe('We sent a new code to ann@example.com.')
    expect(api.startLogin).toHaveBeenCalledTimes(2)
    click('Change e-mail')
    expect(screen.getByRole('heading').textContent).toBe('Log in with e-mail')
    expect((screen.getByLabelText('E-mail address') as HTMLInputElement).value).toBe('ann@example.com')
  })

  it('puts a wrong code error under the field, before the Log in button, tied to the field', async () => {
    const api = {
      startLogin: vi.fn(async () => ({ expiresAt: 0 })),
      verifyLogin: vi.fn(async () => {
        throw new Error('Wrong code; 4 tries left')
      }),
    }
    await toCodeStep(api)
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '000000' } })
    click('Log in')
    const alert = await screen.findByRole('alert')
    const field = screen.getByLabelText('Code')
    const logIn = screen.getByRole('button', { name: 'Log in' })
    expect(field.getAttribute('aria-describedby')).toBe(alert.id)
    expect(field.getAttribute('aria-invalid')).toBe('true')
    // Document order: field, error, button — the error never takes the button's place.
    expect(field.compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(alert.compareDocumentPosition(logIn) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('Escape cancels the login like the Cancel button', async () => {
    const api = { startLogin: vi.fn(async () => ({ expiresAt: 0 })), verifyLogin: vi.fn(async () => {}) }
    const onDone = await toCodeStep(api)
    fireEvent.keyDown(document, { key: 'Escape' })
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(false))
  })
})
