import { useState } from 'react'
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
      className="buttons"
      onSubmit={(event) => {
        event.preventDefault()
        void register()
      }}
    >
      <label>
        Name (wallet-sim){' '}
        <input data-testid="name-input" value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <button type="submit" data-testid="name-register" disabled={busy !== undefined}>
        Register name
      </button>
    </form>
  )
}
