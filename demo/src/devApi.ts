// wallet-sim's dev API, for the demo's dev-only controls. It answers this page only when the wallet URL is a
// wallet-sim started with the demo's exact origin (`--allow-dapp http://localhost:5173`, as `npm start` does),
// so the controls appear against that wallet-sim alone.
import { WALLET_URL } from './config'

const nameUrl = (address: string) => `${WALLET_URL}/dev/accounts/${address}/name`

/** Whether wallet-sim's name route answers this page (false against any other wallet, or offline). */
export async function canRegisterNames(address: string): Promise<boolean> {
  try {
    return (await fetch(nameUrl(address))).ok
  } catch {
    return false
  }
}

/**
 * Gives the account a Starknet ID name through wallet-sim: a real `register` transaction signed with the
 * account's key (deploying the account first when needed). Throws the dev API's message, e.g.
 * `alice.stark is taken by 0x…`.
 *
 * @example
 * const { transactionHash } = await registerName(address, 'alice.stark')
 */
export async function registerName(address: string, name: string): Promise<{ transactionHash: string }> {
  const response = await fetch(nameUrl(address), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  })
  const body = (await response.json().catch(() => ({}))) as { message?: string; transactionHash?: string }
  if (!response.ok || body.transactionHash === undefined) {
    // The dev API names the field that failed ("body.name: …"): the user needs the reason only.
    const reason = body.message?.replace(/^body\.[\w.]+:\s*/, '')
    throw new Error(reason ?? `Registering ${name} failed with status ${response.status}`)
  }
  return { transactionHash: body.transactionHash }
}

/**
 * Gives the account wallet-sim's sample DeFi positions (one dapp per product type) and airdrops: a fresh
 * account has none, the backend reports only what the dev API set up. Throws the dev API's message.
 *
 * @example
 * await addSamplePortfolio(address)
 * await wallet.portfolio.defi(address) // five dapps now
 */
export async function addSamplePortfolio(address: string): Promise<void> {
  for (const kind of ['defi', 'airdrops']) {
    const response = await fetch(`${WALLET_URL}/dev/accounts/${address}/${kind}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ preset: 'sample' }),
    })
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { message?: string }
      throw new Error(body.message ?? `Adding sample ${kind} failed with status ${response.status}`)
    }
  }
}
