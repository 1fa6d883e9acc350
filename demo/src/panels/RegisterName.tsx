import { type ReactNode, useState } from 'react'
import { registerName } from '../devApi'

/** A name every account can take at once: 'demo-' and the start of its address. */
const suggestedName = (address: string) => `demo-${BigInt(address).toString(16).slice(0, 8)}.stark`

/**
 * wallet-sim only: registers a Starknet ID name for the account through the dev API, then lets the panel
 * read the profile again.
 */
export function RegisterName(props: {
  address: string
  busy: string | undefined
  run: (label: string, task: () => Promise<void>) => Promise<void>
  onRegistered: (transactionHash: string) => Promise<void>
  /** The error of the registration, shown right under the field. */
  error?: ReactNode
}) {
  const { address, busy, run, onRegistered } = props
  const [name, setName] = useState(() => suggestedName(address))
  const register = () =>
    run('register name', async () => {
      const { transactionHash } = await registerName(address, name.trim())
      await onRegistered(transactionHash)
    })
  return (
    <form
      className="inline-form"
      onSubmit={(event) => {
        event.preventDefault()
        void register()
      }}
    >
      <label htmlFor="name-input">Register a name (wallet-sim)</label>
      <div className="buttons">
        <input
          id="name-input"
          data-testid="name-input"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit" className="secondary" data-testid="name-register" disabled={busy !== undefined}>
          Register name
        </button>
      </div>
      {props.error}
    </form>
  )
}
