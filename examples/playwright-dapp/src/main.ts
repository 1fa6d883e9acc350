// A dapp on @webwallet/shim: Connect signs a session for the counter's `increment`, Increment calls it with
// the session key (no wallet prompt), then reads `get_counter(address)` from the node.
import { type SessionAccount, WebWallet } from '@webwallet/shim'
import { RpcProvider } from 'starknet'
import { walletUrls } from './wallet'

/** wallet-sim's demo counter: `increment()`, `get_counter(address)`. */
const COUNTER = '0x00c0ffee000000000000000000000000000000000000000000000000000c0de2'

const urls = walletUrls(location.search)
const wallet = WebWallet.init({
  appName: 'playwright-dapp',
  environment: 'dev',
  urls,
  sessionParams: { allowedMethods: [{ contract: COUNTER, selector: 'increment' }], validityDays: 1 },
})
const provider = new RpcProvider({ nodeUrl: urls.providerDefaultUrl })
let account: SessionAccount | undefined

const show = (id: string, text: string) => {
  document.getElementById(id)!.textContent = text
}

/** The wallet's code (USER_REJECTED, …) when the wallet refused, else the SDK's own code. */
function codeOf(error: unknown): string {
  const { code, data } = error as { code?: unknown; data?: { webwalletErrorCode?: unknown } }
  return String(data?.webwalletErrorCode ?? code ?? 'ERROR')
}

async function guarded(task: () => Promise<void>) {
  show('error', '')
  try {
    await task()
  } catch (error) {
    show('error', `${codeOf(error)}: ${(error as Error).message}`)
  }
}

async function readCounter(address: string) {
  const [value] = await provider.callContract({
    contractAddress: COUNTER,
    entrypoint: 'get_counter',
    calldata: [address],
  })
  show('counter', BigInt(value ?? 0).toString())
}

document.getElementById('connect')!.onclick = () =>
  guarded(async () => {
    // No await before requestConnection: a popup must open inside the click.
    account = (await wallet.requestConnection({ approvalRequests: [] })).account
    show('address', account.address)
    await readCounter(account.address)
  })

document.getElementById('increment')!.onclick = () =>
  guarded(async () => {
    if (!account) throw new Error('Connect first')
    const { transaction_hash } = await account.execute([
      { contractAddress: COUNTER, entrypoint: 'increment', calldata: [] },
    ])
    await account.waitForTransaction(transaction_hash)
    await readCounter(account.address)
  })
