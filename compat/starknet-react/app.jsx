// A starknet-react v5 dapp, as its docs write one, with the shim's WebWalletConnector as its only connector and
// wallet-sim's SNIP-29 endpoint as its paymaster. Bundled by e2e/tests/compat/starknetReact.test.ts (esbuild,
// this folder's React 18 and starknet.js v8), which clicks its buttons and reads what the hooks render.
// Query: wallet (wallet-sim's URL), transport (popup | iframe), counter (the counter contract), gasToken.
import { sepolia } from '@starknet-react/chains'
import {
  jsonRpcProvider,
  paymasterRpcProvider,
  StarknetConfig,
  useAccount,
  useConnect,
  useDisconnect,
  usePaymasterEstimateFees,
  usePaymasterGasTokens,
  usePaymasterSendTransaction,
  useReadContract,
  useSendTransaction,
  useTransactionReceipt,
} from '@starknet-react/core'
import { WebWalletConnector } from '@webwallet/shim/react'
import { useState } from 'react'
import { createRoot } from 'react-dom/client'

const params = new URLSearchParams(location.search)
const wallet = params.get('wallet')
const counter = params.get('counter')
const gasToken = params.get('gasToken')
const connectors = [new WebWalletConnector({ url: wallet, transport: params.get('transport') })]
// wallet-sim's node speaks JSON-RPC 0.9 at /rpc/v0_9, what starknet.js v8 asks for.
const provider = jsonRpcProvider({ rpc: () => ({ nodeUrl: `${wallet}/rpc/v0_9` }) })
// The sponsor's api key is the dapp's (wallet-sim's default sponsor key): sponsored calls need it.
const paymasterProvider = paymasterRpcProvider({
  rpc: () => ({ nodeUrl: `${wallet}/paymaster`, headers: { 'x-paymaster-api-key': 'wallet-sim-sponsor' } }),
})
const COUNTER_ABI = [
  {
    type: 'function',
    name: 'get_counter',
    inputs: [{ name: 'user', type: 'core::starknet::contract_address::ContractAddress' }],
    outputs: [{ type: 'core::felt252' }],
    state_mutability: 'view',
  },
]
const increment = [{ contractAddress: counter, entrypoint: 'increment', calldata: [] }]
const gasTokenMode = { feeMode: { mode: 'default', gasToken } }

/** One labelled value the test reads (an output is role status; found by its name). */
function Out({ name, children }) {
  return <output aria-label={name}>{children ?? ''}</output>
}

const errorText = (error) => (error ? `error: ${error.message}` : undefined)

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
        Connect wallet
      </button>
      <button type="button" onClick={attempt(() => disconnectAsync())}>
        Disconnect
      </button>
      <Out name="status">{status}</Out>
      <Out name="address">{address}</Out>
      {/* The connector's account(): a starknet.js WalletAccount over the shim's wallet object. */}
      <Out name="account">{account?.address}</Out>
      <Out name="failure">{failure}</Out>
      {address && <Counter address={address} />}
    </section>
  )
}

function Counter({ address }) {
  const { account } = useAccount()
  const { send, data, error } = useSendTransaction({ calls: increment })
  const receipt = useTransactionReceipt({ hash: data?.transaction_hash, watch: true })
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
      <button type="button" onClick={() => send()}>
        Increment
      </button>
      <Out name="transaction">{data?.transaction_hash ?? errorText(error)}</Out>
      <Out name="receipt">{receipt.data?.statusReceipt}</Out>
      <Out name="counter">{read.data === undefined ? undefined : String(read.data)}</Out>
      {/* The paymaster builds outside executions (SNIP-9): for a deployed account, so after the first send. */}
      {account && receipt.data?.statusReceipt === 'SUCCEEDED' && <Paymaster />}
    </section>
  )
}

function Paymaster() {
  const tokens = usePaymasterGasTokens()
  const estimate = usePaymasterEstimateFees({ calls: increment, options: gasTokenMode })
  const maxFee = estimate.data?.suggested_max_fee_in_gas_token
  const sponsored = usePaymasterSendTransaction({
    calls: increment,
    options: { feeMode: { mode: 'sponsored' } },
  })
  const paid = usePaymasterSendTransaction({
    calls: increment,
    options: gasTokenMode,
    maxFeeInGasToken: maxFee,
  })
  const listed = tokens.data?.some((token) => BigInt(token.token_address) === BigInt(gasToken))
  return (
    <section>
      <Out name="gas token listed">{tokens.data && String(listed)}</Out>
      <Out name="fee in gas token">{maxFee === undefined ? errorText(estimate.error) : String(maxFee)}</Out>
      <button type="button" onClick={() => sponsored.send()}>
        Increment, sponsored
      </button>
      <Out name="sponsored transaction">{sponsored.data?.transaction_hash ?? errorText(sponsored.error)}</Out>
      <button type="button" disabled={maxFee === undefined} onClick={() => paid.send()}>
        Increment, fee in gas token
      </button>
      <Out name="paid transaction">{paid.data?.transaction_hash ?? errorText(paid.error)}</Out>
    </section>
  )
}

createRoot(document.getElementById('root')).render(
  <StarknetConfig
    chains={[sepolia]}
    provider={provider}
    paymasterProvider={paymasterProvider}
    connectors={connectors}
  >
    <Wallet />
  </StarknetConfig>,
)
