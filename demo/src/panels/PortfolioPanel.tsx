import { createRpc, type WebWallet } from '@webwallet/shim'
import { createStarknetId } from '@webwallet/shim/starknet-id'
import { useEffect, useState } from 'react'
import type { Activity } from '../activity'
import { URLS, WALLET_URL } from '../config'
import { addSamplePortfolio, canRegisterNames } from '../devApi'
import { ErrorNote, type ShownError } from '../ErrorNote'
import { formatDate, formatUnits, formatUsdValue } from '../format'
import { identicon } from '../identicon'
import { RegisterName } from './RegisterName'

// Starknet ID reads go to the node (wallet-sim deploys the naming contracts at their Sepolia addresses).
const starknetIdOf = (chainId: string) =>
  createStarknetId(createRpc({ nodeUrl: URLS.providerDefaultUrl }), chainId)

type Portfolio = WebWallet['portfolio']
interface Loaded {
  tokens: Awaited<ReturnType<Portfolio['tokens']>>
  /** USD per whole token by pricingId (empty when the price service did not answer). */
  prices: ReadonlyMap<number, string>
  balances: Awaited<ReturnType<Portfolio['balances']>>
  defi: Awaited<ReturnType<Portfolio['defi']>>
  airdrops: Awaited<ReturnType<Portfolio['airdrops']>>
  profile: Profile
  /** wallet-sim's dev API answers this page: offer sample positions and to register a name. */
  devApi: boolean
}
type Profile = { name?: string | undefined; profilePicture?: string | undefined } | string

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
  const { wallet, address, busy, run, onActivity, sent } = props
  const [loaded, setLoaded] = useState<Loaded | undefined>()
  const shown = loaded !== undefined

  // A transaction moved tokens (or paid gas): the balances shown are re-read, without a busy banner.
  useEffect(() => {
    if (sent === 0 || !shown) return
    let live = true
    wallet.portfolio.balances(address).then(
      (balances) => live && setLoaded((l) => l && { ...l, balances }),
      () => {},
    )
    return () => {
      live = false
    }
  }, [sent, shown, wallet, address])

  // A profile error is shown in place (e.g. an account with no Starknet ID name), not as a failure.
  const readProfile = (): Promise<Profile> =>
    starknetIdOf(wallet.environment.chainId)
      .profile(address)
      .catch((e: unknown) => (e instanceof Error ? e.message : String(e)))

  const load = () =>
    run('portfolio', async () => {
      const p = wallet.portfolio
      const [tokens, balances, defi, airdrops, profile, names, priceList] = await Promise.all([
        p.tokens(),
        p.balances(address),
        p.defi(address),
        p.airdrops(address),
        readProfile(),
        canRegisterNames(address),
        // Prices only add the USD column: without them the amounts still show.
        p.prices().catch(() => []),
      ])
      const prices = new Map(priceList.map((price) => [price.pricingId, price.ccyValue]))
      setLoaded({ tokens, prices, balances, defi, airdrops, profile, devApi: names })
    })

  const registered = async (transactionHash: string) => {
    onActivity({
      label: 'register name',
      transactionHash,
      route: 'Gas paid by the account (wallet-sim dev API)',
    })
    const profile = await readProfile()
    setLoaded((l) => l && { ...l, profile })
  }

  // wallet-sim reports DeFi positions and airdrops only for accounts set up through its dev API.
  const addSample = () =>
    run('sample positions', async () => {
      await addSamplePortfolio(address)
      const [defi, airdrops] = await Promise.all([
        wallet.portfolio.defi(address),
        wallet.portfolio.airdrops(address),
      ])
      setLoaded((l) => l && { ...l, defi, airdrops })
    })

  const tokenOf = (token: string) => loaded?.tokens.find((t) => BigInt(t.address) === BigInt(token))
  const symbolOf = (token: string) => tokenOf(token)?.symbol ?? token.slice(0, 10)
  const amountOf = (token: string, amount: string) => formatUnits(amount, tokenOf(token)?.decimals ?? 18)
  const usdOf = (token: string, amount: string) => {
    const info = tokenOf(token)
    const price = info?.pricingId === undefined ? undefined : loaded?.prices.get(info.pricingId)
    return info ? formatUsdValue(amount, info.decimals, price) : undefined
  }
  const profile = loaded?.profile

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
      <ErrorNote error={props.error} tasks={['portfolio']} />
      {loaded && (
        <div data-testid="portfolio" className="portfolio">
          <h3>Balances</h3>
          <table className="balances">
            <thead>
              <tr>
                <th scope="col">Token</th>
                <th scope="col">Balance</th>
                <th scope="col">Value</th>
              </tr>
            </thead>
            <tbody>
              {loaded.balances.map((b) => (
                <tr key={b.address} data-testid="balance">
                  <td>{symbolOf(b.address)}</td>
                  <td className="num">{amountOf(b.address, b.balance)}</td>
                  <td className="num" data-testid="balance-usd">
                    {usdOf(b.address, b.balance) ?? <span className="muted">no price</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3>DeFi positions</h3>
          {loaded.defi.dapps.length === 0 ? <p className="muted">No positions.</p> : null}
          <ul className="plain">
            {loaded.defi.dapps.map((dapp) => (
              <li key={dapp.dappId} data-testid="dapp">
                <strong>{dapp.dappId}</strong>
                <ul className="plain positions">
                  {dapp.products.map((product) => (
                    <li key={`${product.productId ?? ''}${product.name}`} data-testid="product">
                      {product.name} <span className="muted">({product.type})</span>:{' '}
                      {amountsOf(product.positions).map(([token, amount], index) => (
                        <span key={token} data-testid="position-amount">
                          {index > 0 ? ', ' : ''}
                          {amountOf(token, amount)} {symbolOf(token)}
                          {usdOf(token, amount) ? ` (${usdOf(token, amount)})` : ''}
                        </span>
                      ))}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          <h3>Airdrops</h3>
          {loaded.airdrops.length === 0 ? <p className="muted">No airdrops.</p> : null}
          <ul className="plain">
            {loaded.airdrops.map((a) => (
              <li key={`${a.tokenAddress}-${a.claimStart}`} data-testid="airdrop">
                <strong>{a.name ?? symbolOf(a.tokenAddress)}</strong>
                {a.amount ? ` ${amountOf(a.tokenAddress, a.amount)} ${symbolOf(a.tokenAddress)}` : ''}
                {claimDate(a.claimStart) ? (
                  <span className="muted"> · claim from {formatDate(claimDate(a.claimStart)!)}</span>
                ) : null}
              </li>
            ))}
          </ul>
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
              <ErrorNote error={props.error} tasks={['sample positions']} />
            </div>
          )}
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
            <p data-testid="profile">
              {typeof profile === 'string' ? profile : (profile?.name ?? 'no name')}
            </p>
          </div>
          {loaded.devApi && (
            <RegisterName
              address={address}
              busy={busy}
              run={run}
              onRegistered={registered}
              error={<ErrorNote error={props.error} tasks={['register name']} />}
            />
          )}
          <p className="muted">{loaded.tokens.length} tokens known to the backend.</p>
        </div>
      )}
    </section>
  )
}

/**
 * The profile's own picture when it is local (a data: URL, or served by wallet-sim); undefined for a picture
 * on the internet (Starknet ID's default identicon), which the demo replaces with one drawn here.
 */
function localPicture(profile: Profile | undefined): string | undefined {
  const picture = typeof profile === 'object' ? profile.profilePicture : undefined
  if (!picture) return undefined
  if (picture.startsWith('data:image/')) return picture
  return URL.canParse(picture) && new URL(picture).origin === WALLET_URL ? picture : undefined
}

/** The claim start as a date: an ISO string or seconds since the epoch; undefined when unreadable. */
function claimDate(value: string): Date | undefined {
  const date = /^\d+$/.test(value) ? new Date(Number(value) * 1000) : new Date(value)
  return Number.isNaN(date.getTime()) ? undefined : date
}

/** A product's amounts per token, summed over its positions (a debt counts negative, as the backend sends it). */
function amountsOf(
  positions: readonly { totalBalances: Readonly<Record<string, string>> }[],
): [string, string][] {
  const sums = new Map<string, bigint>()
  for (const position of positions) {
    for (const [token, amount] of Object.entries(position.totalBalances)) {
      if (!/^-?\d+$/.test(amount) || !/^0x[0-9a-f]+$/i.test(token)) continue
      const key = `0x${BigInt(token).toString(16)}`
      sums.set(key, (sums.get(key) ?? 0n) + BigInt(amount))
    }
  }
  return [...sums].map(([token, sum]) => [token, sum.toString()])
}
