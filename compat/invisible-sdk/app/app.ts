// An invisible-sdk app as its users write one (issue 24): it imports `@argent/invisible-sdk`, runs in the
// `dev` environment (the wallet at http://localhost:3005, the SDK's own default node: no `provider`) and
// does not know about wallet-sim. The tests
// type-check this same file against invisible-sdk 1.0.0's declarations and ours, and run it in Chromium
// bundled with either: for ours the import is the one line that changes (`@webwallet/shim/argent`).
import { ArgentWebWallet } from '@argent/invisible-sdk'

// The app's contract (wallet-sim's demo counter), its paymaster key and a spender it asks approval for.
const COUNTER = '0x00c0ffee000000000000000000000000000000000000000000000000000c0de2'
const STRK = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d' as const
const SPENDER = '0x0000000000000000000000000000000000000000000000000000000000abcdef'
const PAYMASTER_API_KEY = 'wallet-sim-sponsor'
// How the app pays its users' gas: sponsored by its paymaster key (AVNU's gasless API); or, on a page opened
// with `?fees=self`, by the account itself (a V3 invoke through the SDK's starknet.js); or with `?fees=strk`,
// in STRK through the paymaster (invisible-sdk's gas-token route).
const fees = new URLSearchParams(location.search).get('fees')
const paymasterParams =
  fees === 'self' ? {} : fees === 'strk' ? { tokenAddress: STRK } : { apiKey: PAYMASTER_API_KEY }

const argentWebWallet = ArgentWebWallet.init({
  appName: 'invisible-counter',
  environment: 'dev',
  sessionParams: { allowedMethods: [{ contract: COUNTER, selector: 'increment' }], validityDays: 1 },
  paymasterParams,
})

const view = (id: string) => document.getElementById(id) as HTMLElement

function show(id: string, text: string) {
  view(id).textContent = text
}

function report(error: unknown) {
  show('result', `error: ${error instanceof Error ? error.message : String(error)}`)
}

async function account() {
  const current = argentWebWallet.sessionAccount
  if (!current) throw new Error('not connected')
  return current
}

function showAccount(address: string) {
  show('address', address)
  const status: string = argentWebWallet.sessionAccount?.getSessionStatus() ?? 'none'
  show('status', status)
}

function button(label: string, id: string, action: () => Promise<void>) {
  const element = document.createElement('button')
  element.id = id
  element.textContent = label
  element.onclick = () => {
    show('result', 'working')
    action().catch(report)
  }
  document.body.append(element)
}

for (const id of ['address', 'status', 'result', 'exported']) {
  const line = document.createElement('output')
  line.id = id
  document.body.append(line, document.createElement('br'))
}

button('Connect', 'connect', async () => {
  const response = await argentWebWallet.requestConnection({
    callbackData: 'from-the-app',
    approvalRequests: [{ tokenAddress: STRK, spender: SPENDER, amount: '1000' }],
  })
  if (!response) throw new Error('no connection')
  showAccount(response.account.address)
  show(
    'result',
    `connected ${response.callbackData ?? ''} ${response.approvalTransactionHash ?? 'no approval'}`,
  )
})

button('Play', 'play', async () => {
  const { transaction_hash } = await (await account()).execute([
    { contractAddress: COUNTER, entrypoint: 'increment', calldata: [] },
  ])
  show('result', `sent ${transaction_hash}`)
})

button('Approve', 'approve', async () => {
  // A token approval outside the session: the wallet shows it to the user and sends it.
  const hash = await argentWebWallet.requestApprovals([
    { tokenAddress: STRK, spender: SPENDER, amount: '2000' },
  ])
  show('result', `approved ${hash}`)
})

button('Steal', 'steal', async () => {
  // Not in the session: the SDK must refuse it.
  const { transaction_hash } = await (await account()).execute([
    { contractAddress: STRK, entrypoint: 'approve', calldata: [SPENDER, '1000', '0'] },
  ])
  show('result', `sent ${transaction_hash}`)
})

button('Relay', 'relay', async () => {
  const call = await (await account()).getOutsideExecutionPayload({
    calls: [{ contractAddress: COUNTER, entrypoint: 'increment', calldata: [] }],
  })
  show('result', `outside ${call.entrypoint} ${Array.isArray(call.calldata) ? call.calldata.length : 0}`)
})

button('Export', 'export', async () => {
  const session = argentWebWallet.exportSignedSession()
  show('exported', session ? `${session.address} ${session.expiresAt}` : 'none')
  show('result', 'exported')
})

button('Disconnect', 'disconnect', async () => {
  await argentWebWallet.clearSession()
  show('address', '')
  show('status', 'none')
  show('result', 'disconnected')
})

// On load: the stored session, without the wallet.
argentWebWallet
  .connect()
  .then((restored) => {
    if (restored) showAccount(restored.account.address)
    show('result', restored ? 'restored' : 'ready')
  })
  .catch(report)
