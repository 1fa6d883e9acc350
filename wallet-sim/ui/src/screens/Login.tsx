// /interstitialLogin: e-mail, then the one-time code from the inbox (or the server log).

import type { PageClient } from '@webwallet/wallet-sim/page'
import { type FormEvent, useState } from 'react'
import { Screen } from '../components/Screen'

export interface LoginProps {
  api: Pick<PageClient, 'startLogin' | 'verifyLogin'>
  origin: string
  onDone: (loggedIn: boolean) => void
}

/** The login's state and what each button does: one request at a time, its error or notice shown. */
function useLoginSteps({ api, onDone }: Omit<LoginProps, 'origin'>) {
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
  const submit = (action: () => Promise<void>) => (event: FormEvent) => {
    event.preventDefault()
    void run(action)
  }
  return {
    email,
    code,
    step,
    busy,
    error,
    notice,
    setEmail,
    setCode,
    submitEmail: submit(async () => {
      await api.startLogin(email.trim())
      setStep('code')
    }),
    submitCode: submit(async () => {
      await api.verifyLogin(email.trim(), code.trim())
      onDone(true)
    }),
    resend: () =>
      void run(async () => {
        await api.startLogin(email.trim())
        setCode('')
        setNotice(`We sent a new code to ${email.trim()}.`)
      }),
    changeEmail: () => {
      setStep('email')
      setCode('')
      setError(undefined)
      setNotice(undefined)
    },
  }
}

type LoginSteps = ReturnType<typeof useLoginSteps>

/** The error sits under the field it is about, above the button, and is read out with the field. */
function ErrorLine({ error }: { error: string | undefined }) {
  return error ? (
    <p className="error" role="alert" id="login-error">
      {error}
    </p>
  ) : null
}

/** The aria attributes that tie a field to the error under it. */
const describedBy = (error: string | undefined) => ({
  'aria-describedby': error ? 'login-error' : undefined,
  'aria-invalid': error ? true : undefined,
})

function EmailStep({ login }: { login: LoginSteps }) {
  return (
    <form onSubmit={login.submitEmail} className="form" aria-busy={login.busy}>
      <label htmlFor="email">E-mail address</label>
      <input
        id="email"
        type="email"
        required
        // biome-ignore lint/a11y/noAutofocus: the only field of a dialog the user just opened
        autoFocus
        data-autofocus
        autoComplete="email"
        value={login.email}
        {...describedBy(login.error)}
        onChange={(e) => login.setEmail(e.target.value)}
      />
      <ErrorLine error={login.error} />
      <button type="submit" className="primary" disabled={login.busy}>
        {login.busy ? 'Sending…' : 'Send code'}
      </button>
    </form>
  )
}

function CodeStep({ login }: { login: LoginSteps }) {
  return (
    <form onSubmit={login.submitCode} className="form" aria-busy={login.busy}>
      <p className="note">
        We sent a 6-digit code to <strong>{login.email.trim()}</strong>.
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
        value={login.code}
        {...describedBy(login.error)}
        onChange={(e) => login.setCode(e.target.value)}
      />
      <ErrorLine error={login.error} />
      {login.notice ? (
        <p className="notice" role="status">
          {login.notice}
        </p>
      ) : null}
      <button type="submit" className="primary" disabled={login.busy}>
        Log in
      </button>
      <div className="links">
        <button type="button" className="link" onClick={login.resend} disabled={login.busy}>
          Resend code
        </button>
        <button type="button" className="link" onClick={login.changeEmail} disabled={login.busy}>
          Change e-mail
        </button>
      </div>
    </form>
  )
}

/**
 * @example
 * <Login api={api} origin={prompt.origin} onDone={prompt.answer} />
 */
export function Login({ api, origin, onDone }: LoginProps) {
  const login = useLoginSteps({ api, onDone })
  return (
    <Screen
      title={login.step === 'email' ? 'Log in with e-mail' : 'Enter your code'}
      origin={origin}
      onReject={() => onDone(false)}
      rejectLabel="Cancel"
      busy={login.busy}
    >
      {login.step === 'email' ? <EmailStep login={login} /> : <CodeStep login={login} />}
    </Screen>
  )
}
