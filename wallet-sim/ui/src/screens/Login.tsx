// /interstitialLogin: e-mail, then the one-time code from the inbox (or the server log).

import type { WalletApi } from '@webwallet/wallet-sim/page'
import { type FormEvent, useState } from 'react'
import { Screen } from '../components/Screen'

export interface LoginProps {
  api: Pick<WalletApi, 'startLogin' | 'verifyLogin'>
  origin: string
  onDone: (loggedIn: boolean) => void
}

/**
 * @example
 * <Login api={api} origin={prompt.origin} onDone={prompt.answer} />
 */
export function Login({ api, origin, onDone }: LoginProps) {
  const [email, setEmail] = useState('')
  const [code, setCode] = useState('')
  const [step, setStep] = useState<'email' | 'code'>('email')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const [notice, setNotice] = useState<string>()

  const run = async (action: () => Promise<void>) => {
    setBusy(true)
    setError(undefined)
    setNotice(undefined)
    try {
      await action()
    } catch (thrown) {
      setError(thrown instanceof Error ? thrown.message : String(thrown))
    } finally {
      setBusy(false)
    }
  }
  const submitEmail = (event: FormEvent) => {
    event.preventDefault()
    void run(async () => {
      await api.startLogin(email.trim())
      setStep('code')
    })
  }
  const submitCode = (event: FormEvent) => {
    event.preventDefault()
    void run(async () => {
      await api.verifyLogin(email.trim(), code.trim())
      onDone(true)
    })
  }
  const resend = () =>
    void run(async () => {
      await api.startLogin(email.trim())
      setCode('')
      setNotice(`We sent a new code to ${email.trim()}.`)
    })
  const changeEmail = () => {
    setStep('email')
    setCode('')
    setError(undefined)
    setNotice(undefined)
  }
  // The error sits under the field it is about, above the button, and is read out with the field.
  const errorLine = error ? (
    <p className="error" role="alert" id="login-error">
      {error}
    </p>
  ) : null

  return (
    <Screen
      title={step === 'email' ? 'Log in with e-mail' : 'Enter your code'}
      origin={origin}
      onReject={() => onDone(false)}
      rejectLabel="Cancel"
      busy={busy}
    >
      {step === 'email' ? (
        <form onSubmit={submitEmail} className="form" aria-busy={busy}>
          <label htmlFor="email">E-mail address</label>
          <input
            id="email"
            type="email"
            required
            // biome-ignore lint/a11y/noAutofocus: the only field of a dialog the user just opened
            autoFocus
            data-autofocus
            autoComplete="email"
            value={email}
            aria-describedby={error ? 'login-error' : undefined}
            aria-invalid={error ? true : undefined}
            onChange={(e) => setEmail(e.target.value)}
          />
          {errorLine}
          <button type="submit" className="primary" disabled={busy}>
            {busy ? 'Sending…' : 'Send code'}
          </button>
        </form>
      ) : (
        <form onSubmit={submitCode} className="form" aria-busy={busy}>
          <p className="note">
            We sent a 6-digit code to <strong>{email.trim()}</strong>.
          </p>
          <label htmlFor="code">Code</label>
          <input
            id="code"
            inputMode="numeric"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            // biome-ignore lint/a11y/noAutofocus: the field the user came to this step for
            autoFocus
            data-autofocus
            autoComplete="one-time-code"
            value={code}
            aria-describedby={error ? 'login-error' : undefined}
            aria-invalid={error ? true : undefined}
            onChange={(e) => setCode(e.target.value)}
          />
          {errorLine}
          {notice ? (
            <p className="notice" role="status">
              {notice}
            </p>
          ) : null}
          <button type="submit" className="primary" disabled={busy}>
            Log in
          </button>
          <div className="links">
            <button type="button" className="link" onClick={resend} disabled={busy}>
              Resend code
            </button>
            <button type="button" className="link" onClick={changeEmail} disabled={busy}>
              Change e-mail
            </button>
          </div>
        </form>
      )}
    </Screen>
  )
}
