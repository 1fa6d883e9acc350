import type { WebWallet } from '@webwallet/shim'
import type { ReactNode } from 'react'
import type { Activity } from '../activity'
import { WALLET_URL } from '../config'
import { ErrorNote, type ShownError } from '../ErrorNote'
import { identicon } from '../identicon'
import { Airdrops, Balances, DefiPositions, tokenFormat } from './portfolioLists'
import { RegisterName } from './RegisterName'
import { type Profile, usePortfolio } from './usePortfolio'

/** What the wallet's backend reports for the account, its Starknet ID, and wallet-sim's dev API extras. */
export function PortfolioPanel(props: {
  wallet: WebWallet
  address: string
  busy: string | undefined
  run: (label: string, task: () => Promise<void>) => Promise<void>
  onActivity: (entry: Activity) => void
  /** Transactions sent so far: the balances shown reload after each. */
  sent: number
  error?: ShownError | undefined
}) {
  const { address, busy, run } = props
  const { loaded, load, addSample, registered } = usePortfolio(props)
  const format = loaded && tokenFormat(loaded)
  const errorOf = (task: string) => <ErrorNote error={props.error} tasks={[task]} />

  return (
    <section className="card" aria-labelledby="portfolio-title">
      <h2 id="portfolio-title">Portfolio</h2>
      <p className="muted">Tokens, balances, DeFi positions and airdrops from the wallet's backend.</p>
      <div className="buttons">
        <button
          type="button"
          className={loaded ? 'secondary' : 'primary'}
          data-testid="portfolio-load"
          disabled={busy !== undefined}
          onClick={load}
        >
          {loaded ? 'Reload portfolio' : 'Load portfolio'}
        </button>
      </div>
      {errorOf('portfolio')}
      {loaded && format && (
        <div data-testid="portfolio" className="portfolio">
          <Balances balances={loaded.balances} format={format} />
          <DefiPositions defi={loaded.defi} format={format} />
          <Airdrops airdrops={loaded.airdrops} format={format} />
          {loaded.devApi && (
            <div className="inline-form">
              <div className="buttons">
                <button
                  type="button"
                  className="secondary"
                  data-testid="portfolio-sample"
                  disabled={busy !== undefined}
                  onClick={addSample}
                >
                  Add sample DeFi positions and an airdrop
                </button>
              </div>
              {errorOf('sample positions')}
            </div>
          )}
          <StarknetIdProfile address={address} profile={loaded.profile} />
          {loaded.devApi && (
            <RegisterName
              address={address}
              busy={busy}
              run={run}
              onRegistered={registered}
              error={errorOf('register name')}
            />
          )}
          <p className="muted">{loaded.tokens.length} tokens known to the backend.</p>
        </div>
      )}
    </section>
  )
}

/** The account's Starknet ID name and picture (one drawn from its address when the profile has none here). */
function StarknetIdProfile({ address, profile }: { address: string; profile: Profile }): ReactNode {
  return (
    <>
      <h3>Starknet ID</h3>
      <div className="profile">
        <img
          src={localPicture(profile) ?? identicon(address)}
          alt=""
          width={40}
          height={40}
          className="avatar"
          data-testid="avatar"
        />
        <p data-testid="profile">{typeof profile === 'string' ? profile : (profile.name ?? 'no name')}</p>
      </div>
    </>
  )
}

/**
 * The profile's own picture when it is local (a data: URL, or served by wallet-sim); undefined for a picture
 * on the internet (Starknet ID's default identicon), which the demo replaces with one drawn here.
 */
function localPicture(profile: Profile): string | undefined {
  const picture = typeof profile === 'object' ? profile.profilePicture : undefined
  if (!picture) return undefined
  if (picture.startsWith('data:image/')) return picture
  return URL.canParse(picture) && new URL(picture).origin === WALLET_URL ? picture : undefined
}
