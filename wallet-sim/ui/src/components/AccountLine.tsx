// Which network and which account a prompt signs for: the chain id the wallet server reports for the
// logged-in account (the one that signs), never anything the app sent.
import { CHAIN_IDS, compactAddress } from '@webwallet/protocol'

/** `Starknet Sepolia`, `Starknet Mainnet` (from the hex felt or the short string), else the chain id as given. */
export function chainName(chainId: string): string {
  const id = chainId.toLowerCase()
  if (id === CHAIN_IDS.SN_SEPOLIA || chainId === 'SN_SEPOLIA') return 'Starknet Sepolia'
  if (id === CHAIN_IDS.SN_MAIN || chainId === 'SN_MAIN') return 'Starknet Mainnet'
  return `chain ${chainId}`
}

/** @example <AccountLine account={{ address, email, chainId }} /> */
export function AccountLine({ account }: { account: { address: string; email: string; chainId?: string } }) {
  return (
    <p className="context">
      From{' '}
      <span role="note" aria-label="From account">
        {account.email} (<span title={account.address}>{compactAddress(account.address)}</span>)
      </span>
      {account.chainId ? (
        <>
          {' '}
          on{' '}
          <span role="note" aria-label="Network">
            {chainName(account.chainId)}
          </span>
        </>
      ) : null}
    </p>
  )
}
