// A server component: it imports the SDK on the server (as server code of an app does, for its constants
// and types) and renders the client page on the server first. Any `window` access at import would fail here.
import { ENVIRONMENTS } from '@webwallet/protocol'
import { WebWallet } from '@webwallet/shim'
import { Wallet } from './Wallet'

export const dynamic = 'force-dynamic'

export default function Page() {
  return (
    <>
      <p data-testid="server">
        rendered on the server with WebWallet.{typeof WebWallet.init} and the {ENVIRONMENTS.sepolia.name}{' '}
        defaults
      </p>
      <Wallet />
    </>
  )
}
