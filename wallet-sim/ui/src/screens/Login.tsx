// /interstitialLogin: e-mail, then the one-time code from the inbox (or the server log).
import { type FormEvent, useState } from 'react'
import type { WalletApi } from '../api/client'
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

  const run = async (action: () => Promise<void>) => {
    setBusy(true)
    setError(undefined)
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

  return (
    <Screen
      title="Log in with e-mail"
      origin={origin}
      error={error}
      onReject={() => onDone(false)}
      rejectLabel="Cancel"
      busy={busy}
    >
      {step === 'email' ? (
        <form onSubmit={submitEmail} className="form">
          <label htmlFor="email">E-mail address</label>
          <input
            id="email"
            type="email"
            required
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <button type="submit" className="primary" disabled={busy}>
            Send code
          </button>
        </form>
      ) : (
        <form onSubmit={submitCode} className="form">
          <p>
            We sent a 6-digit code to <strong>{email}</strong>.
          </p>
          <label htmlFor="code">Code</label>
          <input
            id="code"
            inputMode="numeric"
            pattern="[0-9]{6}"
            required
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <button type="submit" className="primary" disabled={busy}>
            Log in
          </button>
        </form>
      )}
    </Screen>
  )
}
