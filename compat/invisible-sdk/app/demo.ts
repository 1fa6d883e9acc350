// The after-connect code of Argent's own invisible-sdk demo (github.com/argentlabs/invisible-sdk-demo,
// src/app/App.tsx: a Next.js page on starknet 6.23.1 and @argent/invisible-sdk ^1.1.0), the same calls in
// the same order, written here as a plain page (no React): issue 35 item 8. What differs from the demo is
// what the issue allows: its contract address (wallet-sim's counter, which answers the demo contract's
// `increase_number` / `get_number`) and its node URL (wallet-sim's JSON-RPC 0.7, what starknet 6 speaks).
// The tests bundle it on npm's invisible-sdk 1.0.0 and, with only the import line switched, on
// @webwallet/shim/argent (e2e/tests/compat/invisibleSdkDemo.test.ts), and type-check it against both.
import {
  ArgentWebWallet,
  deployAndExecuteWithPaymaster,
  type SessionAccountInterface,
} from '@argent/invisible-sdk'
import { constants, RpcProvider } from 'starknet'

const DUMMY_CONTRACT = '0x00c0ffee000000000000000000000000000000000000000000000000000c0de2'
const DUMMY_ENTRYPOINT = 'increase_number'
const NODE_URL = 'http://localhost:3005/rpc/v0_7'
const ETH = '0x049D36570D4e46f48e99674bd3fcc84644DdD6b96F7C741B1562B82f9e004dC7'
const DAPP_CONTRACT = '0x7e00d496e324876bbc8531f2d9a82bf154d1a04a50218ee74cdd372f75a551a'
// The demo reads its paymaster key from the environment; `?sponsor=0` runs it without one.
const query = new URLSearchParams(location.search)
const apiKey: string | undefined = query.get('sponsor') === '0' ? undefined : 'wallet-sim-sponsor'
const paymasterParams = apiKey ? { apiKey } : undefined
let withApproval = query.get('approval') !== '0'
let account: SessionAccountInterface | undefined

// Receipts polled every 100 ms: starknet.js waits its default 5 s before each poll, the first one included.
const provider = new RpcProvider({
  chainId: constants.StarknetChainId.SN_SEPOLIA,
  nodeUrl: NODE_URL,
  transactionRetryIntervalFallback: 100,
})
const argentWebWallet = ArgentWebWallet.init({
  appName: 'Test',
  environment: 'dev',
  sessionParams: {
    allowedMethods: [{ contract: DUMMY_CONTRACT, selector: DUMMY_ENTRYPOINT }],
    validityDays: Number(query.get('days')) || undefined,
  },
  paymasterParams,
})

const line = (id: string) => {
  const element = document.getElementById(id) ?? document.body.appendChild(document.createElement('output'))
  element.id = id
  return element
}
const log = (text: string) => {
  line('log').textContent += `${text}\n`
}
const show = (id: string, text: string) => {
  line(id).textContent = text
}

async function readCounter(of?: SessionAccountInterface): Promise<bigint> {
  if (!of) return 0n
  const [counter] = await provider.callContract({
    contractAddress: DUMMY_CONTRACT,
    entrypoint: 'get_number',
    calldata: [of.address],
  })
  return BigInt(counter ?? 0)
}

function adopt(next: SessionAccountInterface) {
  account = next
  show('account', next.address)
  readCounter(next).then((counter) => show('counter', counter.toString()))
}

// On load: the stored session, then the approval it may still be waiting for.
argentWebWallet
  .connect()
  .then(async (res) => {
    if (!res) return show('status', 'not connected')
    const { account: restored, approvalTransactionHash } = res
    if (restored.getSessionStatus() !== 'VALID') return show('status', 'session not valid')
    if (approvalTransactionHash && provider) await provider.waitForTransaction(approvalTransactionHash)
    adopt(restored)
    show('status', 'restored')
  })
  .catch((error: unknown) => show('status', `error: ${String(error)}`))

async function handleConnect() {
  const response = await argentWebWallet.requestConnection({
    callbackData: 'custom_callback_data',
    approvalRequests: withApproval
      ? [{ tokenAddress: ETH, amount: BigInt('100000000000000000').toString(), spender: DAPP_CONTRACT }]
      : undefined,
  })
  if (!response) return show('status', 'requestConnection response is undefined')
  const { account: sessionAccount } = response
  const isDeployed = await sessionAccount.isDeployed()
  if (response.deploymentPayload && !isDeployed && response.approvalRequestsCalls && paymasterParams) {
    log('deploying the account')
    const resp = await deployAndExecuteWithPaymaster(
      sessionAccount,
      paymasterParams,
      response.deploymentPayload,
      response.approvalRequestsCalls,
    )
    if (resp) await provider.waitForTransaction(resp.transaction_hash)
  } else if (response.approvalRequestsCalls) {
    log('sending the approvals')
    const { transaction_hash } = await sessionAccount.execute(response.approvalRequestsCalls)
    await provider.waitForTransaction(transaction_hash)
  }
  if (response.approvalTransactionHash) {
    log('waiting for the approval')
    await provider.waitForTransaction(response.approvalTransactionHash)
  }
  adopt(sessionAccount)
  show('status', `connected ${response.callbackData ?? ''}`)
}

async function handleSubmitTransaction() {
  if (!account) throw new Error('Account not connected')
  const call = { contractAddress: DUMMY_CONTRACT, entrypoint: DUMMY_ENTRYPOINT, calldata: ['0x1'] }
  const { resourceBounds: estimated } = await account.estimateInvokeFee(call, { version: '0x3' })
  // The demo caps L1 gas at 0x28, a hex string, as starknet.js allows.
  const resourceBounds = { ...estimated, l1_gas: { ...estimated.l1_gas, max_amount: '0x28' } }
  const { transaction_hash } = await account.execute(call, { version: '0x3', resourceBounds })
  show('tx', transaction_hash)
  await account.waitForTransaction(transaction_hash)
  show('counter', (await readCounter(account)).toString())
  show('status', 'sent')
}

function button(id: string, action: () => Promise<void>) {
  const element = document.body.appendChild(document.createElement('button'))
  element.id = id
  element.textContent = id
  element.onclick = () => {
    show('status', 'working')
    action().catch((error: unknown) =>
      show('status', `error: ${error instanceof Error ? error.message : String(error)}`),
    )
  }
}

button('connect', handleConnect)
button('send', handleSubmitTransaction)
button('toggle-approval', async () => {
  withApproval = !withApproval
  show('status', `approval ${withApproval}`)
})
