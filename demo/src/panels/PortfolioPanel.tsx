import { createRpc, createStarknetId, type WebWallet } from '@webwallet/shim'
import { useState } from 'react'
import type { Activity } from '../App'
import { URLS } from '../config'
import { canRegisterNames } from '../devApi'
import { RegisterName } from './RegisterName'

// Starknet ID reads go to the node (wallet-sim deploys the naming contracts at their Sepolia addresses).
const starknetIdOf = (chainId: string) =>
  createStarknetId(createRpc({ nodeUrl: URLS.providerDefaultUrl }), chainId)

type Portfolio = WebWallet['portfolio']
interface Loaded {
  tokens: Awaited<ReturnType<Portfolio['tokens']>>
  balances: Awaited<ReturnType<Portfolio['balances']>>
  defi: Awaited<ReturnType<Portfolio['defi']>>
  airdrops: Awaited<ReturnType<Portfolio['airdrops']>>
  profile: Profile
  /** wallet-sim's dev API answers this page: offer to register a name. */
  canRegisterNames: boolean
}
type Profile = { name?: string | undefined; profilePicture?: string | undefined } | string

export function PortfolioPanel(props: {
  wallet: WebWallet
  address: string
  busy: string | undefined
  run: (label: string, task: () => Promise<void>) => Promise<void>
  onActivity: (entry: Activity) => void
}) {
  const { wallet, address, busy, run, onActivity } = props
  const [loaded, setLoaded] = useState<Loaded | undefined>()

  // A profile error is shown in place (e.g. an account with no Starknet ID name), not as a failure.
  const readProfile = (): Promise<Profile> =>
    starknetIdOf(wallet.environment.chainId)
      .profile(address)
      .catch((e: unknown) => (e instanceof Error ? e.message : String(e)))

  const load = () =>
    run('portfolio', async () => {
      const p = wallet.portfolio
      const [tokens, balances, defi, airdrops, profile, names] = await Promise.all([
        p.tokens(),
        p.balances(address),
        p.defi(address),
        p.airdrops(address),
        readProfile(),
        canRegisterNames(address),
      ])
      setLoaded({ tokens, balances, defi, airdrops, profile, canRegisterNames: names })
    })

  const registered = async (transactionHash: string) => {
    onActivity({ label: 'register name', transactionHash })
    const profile = await readProfile()
    setLoaded((l) => l && { ...l, profile })
  }

  const symbolOf = (token: string) =>
    loaded?.tokens.find((t) => BigInt(t.address) === BigInt(token))?.symbol ?? token.slice(0, 10)
  const amountOf = (token: string, amount: string) => {
    const decimals = loaded?.tokens.find((t) => BigInt(t.address) === BigInt(token))?.decimals ?? 18
    const value = BigInt(amount)
    const unit = 10n ** BigInt(decimals)
    const fraction = (value % unit).toString().padStart(decimals, '0').slice(0, 4)
    return `${value / unit}.${fraction}`
  }

  return (
    <section>
      <h2>Portfolio</h2>
      <button type="button" data-testid="portfolio-load" disabled={busy !== undefined} onClick={load}>
        Load tokens, balances, DeFi positions and airdrops
      </button>
      {loaded && (
        <div data-testid="portfolio">
          <h3>Balances</h3>
          <table>
            <tbody>
              {loaded.balances.map((b) => (
                <tr key={b.address} data-testid="balance">
                  <td>{symbolOf(b.address)}</td>
                  <td>{amountOf(b.address, b.balance)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3>DeFi positions</h3>
          <ul>
            {loaded.defi.dapps.map((dapp) => (
              <li key={dapp.dappId} data-testid="dapp">
                {dapp.dappId}: {dapp.products.map((p) => `${p.name} (${p.type})`).join(', ')}
              </li>
            ))}
          </ul>
          <h3>Airdrops</h3>
          <ul>
            {loaded.airdrops.map((a) => (
              <li key={`${a.tokenAddress}-${a.claimStart}`} data-testid="airdrop">
                {a.name ?? symbolOf(a.tokenAddress)} {a.amount ?? ''}
              </li>
            ))}
          </ul>
          <h3>Starknet ID</h3>
          <p data-testid="profile">
            {typeof loaded.profile === 'string'
              ? loaded.profile
              : `${loaded.profile.name ?? 'no name'} · picture ${loaded.profile.profilePicture ?? 'none'}`}
          </p>
          {loaded.canRegisterNames && (
            <RegisterName address={address} busy={busy} run={run} onRegistered={registered} />
          )}
          <p>{loaded.tokens.length} tokens known to the backend.</p>
        </div>
      )}
    </section>
  )
}
