// The portfolio's lists: balances, DeFi positions and airdrops, each amount in its token's units and symbol
// and, when the price service answered, in USD.
import { addressKey, compactAddress, sameAddress } from '@webwallet/protocol/constants'
import { formatDate, formatUnits, formatUsdValue } from '../format'
import type { Loaded } from './usePortfolio'

/** How the lists write a token's amount: its symbol, its units, and its USD value when priced. */
export interface TokenFormat {
  symbolOf: (token: string) => string
  amountOf: (token: string, amount: string) => string
  usdOf: (token: string, amount: string) => string | undefined
}

/** The token format of the backend's token list and prices (unknown tokens: a short address, 18 decimals). */
export function tokenFormat(loaded: Loaded): TokenFormat {
  const tokenOf = (token: string) => loaded.tokens.find((t) => sameAddress(t.address, token))
  return {
    symbolOf: (token) => tokenOf(token)?.symbol ?? compactAddress(token),
    amountOf: (token, amount) => formatUnits(amount, tokenOf(token)?.decimals ?? 18),
    usdOf: (token, amount) => {
      const info = tokenOf(token)
      const price = info?.pricingId === undefined ? undefined : loaded.prices.get(info.pricingId)
      return info ? formatUsdValue(amount, info.decimals, price) : undefined
    },
  }
}

export function Balances({ balances, format }: { balances: Loaded['balances']; format: TokenFormat }) {
  const { symbolOf, amountOf, usdOf } = format
  return (
    <>
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
          {balances.map((b) => (
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
    </>
  )
}

export function DefiPositions({ defi, format }: { defi: Loaded['defi']; format: TokenFormat }) {
  const { symbolOf, amountOf, usdOf } = format
  return (
    <>
      <h3>DeFi positions</h3>
      {defi.dapps.length === 0 ? <p className="muted">No positions.</p> : null}
      <ul className="plain">
        {defi.dapps.map((dapp) => (
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
    </>
  )
}

export function Airdrops({ airdrops, format }: { airdrops: Loaded['airdrops']; format: TokenFormat }) {
  const { symbolOf, amountOf } = format
  return (
    <>
      <h3>Airdrops</h3>
      {airdrops.length === 0 ? <p className="muted">No airdrops.</p> : null}
      <ul className="plain">
        {airdrops.map((a) => {
          const claim = claimDate(a.claimStart)
          return (
            <li key={`${a.tokenAddress}-${a.claimStart}`} data-testid="airdrop">
              <strong>{a.name ?? symbolOf(a.tokenAddress)}</strong>
              {a.amount ? ` ${amountOf(a.tokenAddress, a.amount)} ${symbolOf(a.tokenAddress)}` : ''}
              {claim ? <span className="muted"> · claim from {formatDate(claim)}</span> : null}
            </li>
          )
        })}
      </ul>
    </>
  )
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
      const key = addressKey(token)
      sums.set(key, (sums.get(key) ?? 0n) + BigInt(amount))
    }
  }
  return [...sums].map(([token, sum]) => [token, sum.toString()])
}
