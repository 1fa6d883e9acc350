// Which wallet-sim this page talks to: `?wallet=<origin>` (what `dapp.goto` adds for each test worker's
// simulator), else the one `npx wallet-sim` starts on http://localhost:3005. Every URL the SDK uses in the
// dev environment lives on that origin.
export function walletUrls(search: string) {
  const wallet = new URL(new URLSearchParams(search).get('wallet') ?? 'http://localhost:3005').origin
  return {
    webWalletUrl: wallet, // the wallet page (iframe or popup) and the default connector
    providerBaseUrl: wallet, // the provider's API base
    providerDefaultUrl: `${wallet}/rpc`, // the Starknet JSON-RPC node
    cosignerUrl: `${wallet}/cosigner`, // co-signs the session's transactions
    backendUrl: `${wallet}/v1`, // portfolio: tokens, balances, DeFi, airdrops
    paymasterUrl: `${wallet}/paymaster`, // gasless and sponsored transactions
    allowListUrl: `${wallet}/allowlist/sepolia.json`, // dapps that may embed the wallet in an iframe
  }
}
