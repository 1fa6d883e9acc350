// The portfolio panel's data: what the wallet's backend reports for the account (tokens, prices, balances,
// DeFi positions, airdrops), its Starknet ID profile, and whether wallet-sim's dev API serves this page.
import { createRpc, type WebWallet } from '@webwallet/shim'
import { createStarknetId } from '@webwallet/shim/starknet-id'
import { useEffect, useState } from 'react'
import type { Activity } from '../activity'
import { URLS } from '../config'
import { addSamplePortfolio, canRegisterNames } from '../devApi'
import type { Run } from '../useTasks'

type Portfolio = WebWallet['portfolio']
export interface Loaded {
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
/** A Starknet ID profile, or why there is none (e.g. an account with no name). */
export type Profile = { name?: string | undefined; profilePicture?: string | undefined } | string

/** The Starknet ID profile of `address`; an error is shown in place, not as a failure. */
function readProfile(wallet: WebWallet, address: string): Promise<Profile> {
  // Starknet ID reads go to the node (wallet-sim deploys the naming contracts at their Sepolia addresses).
  return createStarknetId(createRpc({ nodeUrl: URLS.providerDefaultUrl }), wallet.environment.chainId)
    .profile(address)
    .catch((e: unknown) => (e instanceof Error ? e.message : String(e)))
}

/** Everything the panel shows, read at once. */
async function loadPortfolio(wallet: WebWallet, address: string): Promise<Loaded> {
  const p = wallet.portfolio
  const [tokens, balances, defi, airdrops, profile, devApi, priceList] = await Promise.all([
    p.tokens(),
    p.balances(address),
    p.defi(address),
    p.airdrops(address),
    readProfile(wallet, address),
    canRegisterNames(address),
    // Prices only add the USD column: without them the amounts still show.
    p.prices().catch(() => []),
  ])
  const prices = new Map(priceList.map((price) => [price.pricingId, price.ccyValue]))
  return { tokens, prices, balances, defi, airdrops, profile, devApi }
}

/** The portfolio once loaded, its tasks (load, sample positions), and the profile's re-read after a name. */
export function usePortfolio(props: {
  wallet: WebWallet
  address: string
  run: Run
  onActivity: (entry: Activity) => void
  /** Transactions sent so far: the balances shown reload after each. */
  sent: number
}) {
  const { wallet, address, run, onActivity, sent } = props
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

  const load = () => run('portfolio', async () => setLoaded(await loadPortfolio(wallet, address)))
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
  const registered = async (transactionHash: string) => {
    onActivity({
      label: 'register name',
      transactionHash,
      route: 'Gas paid by the account (wallet-sim dev API)',
    })
    const profile = await readProfile(wallet, address)
    setLoaded((l) => l && { ...l, profile })
  }
  return { loaded, load, addSample, registered }
}
