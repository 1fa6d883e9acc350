// A TypeScript starknet-react 5 dapp (create-starknet's template style) with both of the shim's connectors in
// StarknetConfig's `connectors`, written without a cast: e2e/tests/compat/starknetReactTypes.test.ts
// type-checks it against @starknet-react/core 5's own declarations and the shim's built ones.
import { sepolia } from '@starknet-react/chains'
import { type Connector, publicProvider, StarknetConfig, useConnect } from '@starknet-react/core'
import { WebWallet } from '@webwallet/shim'
import { WebWalletConnector, WebWalletSessionConnector } from '@webwallet/shim/react'

const wallet = WebWallet.init({
  appName: 'my-game',
  sessionParams: { allowedMethods: [{ contract: '0xc0de', selector: 'play' }] },
})
const connectors = [
  new WebWalletConnector({ url: 'http://localhost:3005' }),
  new WebWalletSessionConnector(wallet),
]
const asStarknetReact: Connector[] = connectors
// The check can fail: something that is not a connector is refused.
// @ts-expect-error an object with only an id is no starknet-react Connector
const notAConnector: Connector[] = [{ id: 'x' }]

function Connect() {
  const { connect, connectors: available } = useConnect()
  return (
    <button type="button" onClick={() => connect({ connector: available[0] })}>
      Connect
    </button>
  )
}

export const App = () => (
  <StarknetConfig chains={[sepolia]} provider={publicProvider()} connectors={connectors}>
    <Connect />
    {asStarknetReact.length + notAConnector.length}
  </StarknetConfig>
)
