// A starknet-react v5 dapp on the session SDK: its only connector is the shim's WebWalletSessionConnector, so
// after the user signs one session, the hooks run the session's calls with its key and no wallet prompt.
// Bundled by e2e/tests/compat/starknetReact.test.ts (esbuild, this folder's React 18 and starknet.js v8),
// which clicks its buttons and reads what the hooks render.
// Query: wallet (wallet-sim's URL), transport (popup | iframe), counter (the counter contract).
import { sepolia } from '@starknet-react/chains'
import {
  jsonRpcProvider,
  StarknetConfig,
  useAccount,
  useConnect,
  useContract,
  useDisconnect,
  useEstimateFees,
  useReadContract,
  useSendTransaction,
  useTransactionReceipt,
} from '@starknet-react/core'
import { WebWallet } from '@webwallet/shim'
import { createConnector } from '@webwallet/shim/connector'
import { WebWalletSessionConnector } from '@webwallet/shim/react'
import { useState } from 'react'
import { createRoot } from 'react-dom/client'

const params = new URLSearchParams(location.search)
const wallet = params.get('wallet')
const counter = params.get('counter')
// The session SDK on wallet-sim: the wallet, its node (JSON-RPC 0.9 for starknet.js v8), cosigner and paymaster.
const webWallet = WebWallet.init({
  appName: 'starknet-react-session',
  environment: 'dev',
  sessionParams: { allowedMethods: [{ contract: counter, selector: 'increment' }] },
  urls: {
    webWalletUrl: wallet,
    providerDefaultUrl: `${wallet}/rpc/v0_9`,
    providerBaseUrl: wallet,
    backendUrl: `${wallet}/v1`,
    paymasterUrl: wallet,
  },
  connector: createConnector({ url: wallet, transport: params.get('transport') }),
})
const connectors = [new WebWalletSessionConnector(webWallet)]
const provider = jsonRpcProvider({ rpc: () => ({ nodeUrl: `${wallet}/rpc/v0_9` }) })
const COUNTER_ABI = [
  {
    type: 'function',
    name: 'increment',
    inputs: [],
    outputs: [{ type: 'core::felt252' }],
    state_mutability: 'external',
  },
  {
    type: 'function',
    name: 'set_value',
    inputs: [{ name: 'value', type: 'core::felt252' }],
    outputs: [],
    state_mutability: 'external',
  },
  {
    type: 'function',
    name: 'get_counter',
    inputs: [{ name: 'user', type: 'core::starknet::contract_address::ContractAddress' }],
    outputs: [{ type: 'core::felt252' }],
    state_mutability: 'view',
  },
]
const increment = [{ contractAddress: counter, entrypoint: 'increment', calldata: [] }]

/** One labelled value the test reads (an output is role status; found by its name). */
function Out({ name, children }) {
  return <output aria-label={name}>{children ?? ''}</output>
}

/** What a hook's error says: its code (the SDK's coded errors) and message. */
const errorText = (error) => (error ? `error: ${error.code ?? ''} ${error.message}` : undefined)

function Wallet() {
  const {
    connectAsync,
    connectors: [connector],
  } = useConnect()
  const { disconnectAsync } = useDisconnect()
  const { account, address, status } = useAccount()
  const [failure, setFailure] = useState()
  const attempt = (run) => () => run().catch((error) => setFailure(error.message))
  return (
    <section>
      <button type="button" onClick={attempt(() => connectAsync({ connector }))}>
        Start session
      </button>
      <button type="button" onClick={attempt(() => disconnectAsync())}>
        Disconnect
      </button>
      <Out name="status">{status}</Out>
      <Out name="address">{address}</Out>
      {/* The connector's account(): the session's SessionAccount, the SDK's own object. */}
      <Out name="account">{account && (account === webWallet.sessionAccount ? 'session' : 'other')}</Out>
      <Out name="failure">{failure}</Out>
      {address && account && <Counter address={address} />}
    </section>
  )
}

function Counter({ address }) {
  const { contract } = useContract({ abi: COUNTER_ABI, address: counter })
  const direct = useSendTransaction({ calls: increment })
  const directReceipt = useTransactionReceipt({ hash: direct.data?.transaction_hash, watch: true })
  const populated = useSendTransaction({
    calls: contract ? [contract.populate('increment', [])] : undefined,
  })
  const populatedReceipt = useTransactionReceipt({ hash: populated.data?.transaction_hash, watch: true })
  const outside = useSendTransaction({
    calls: contract ? [contract.populate('set_value', [7])] : undefined,
  })
  const fees = useEstimateFees({ calls: increment })
  const read = useReadContract({
    abi: COUNTER_ABI,
    address: counter,
    functionName: 'get_counter',
    args: [address],
    // `watch` refetches on a new block, but v5 polls the block number only on window focus: poll the read.
    refetchInterval: 500,
  })
  return (
    <section>
      <button type="button" onClick={() => direct.send()}>
        Increment
      </button>
      <Out name="transaction">{direct.data?.transaction_hash ?? errorText(direct.error)}</Out>
      <Out name="receipt">{directReceipt.data?.statusReceipt}</Out>
      <button type="button" onClick={() => populated.send()}>
        Increment through the contract
      </button>
      <Out name="contract transaction">{populated.data?.transaction_hash ?? errorText(populated.error)}</Out>
      <Out name="contract receipt">{populatedReceipt.data?.statusReceipt}</Out>
      <button type="button" onClick={() => outside.send()}>
        Set value
      </button>
      <Out name="outside transaction">{outside.data?.transaction_hash ?? errorText(outside.error)}</Out>
      <Out name="fee">{fees.data ? String(fees.data.overall_fee) : errorText(fees.error)}</Out>
      <Out name="counter">{read.data === undefined ? undefined : String(read.data)}</Out>
    </section>
  )
}

createRoot(document.getElementById('root')).render(
  // autoConnect: on a reload, the connector's ready() says whether the stored session is still valid.
  <StarknetConfig chains={[sepolia]} provider={provider} connectors={connectors} autoConnect>
    <Wallet />
  </StarknetConfig>,
)
