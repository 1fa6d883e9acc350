// The page of lazyChunks.test.ts, bundled from the built package with code splitting as an app's bundler
// does. `?mode=sign` signs a session with an in-page signer (no wallet); `?mode=restore` restores it with
// the SDK's default connector and offers a sign-in button; no mode is a page with no stored session.
import type { SessionSignRequest } from '@webwallet/protocol'
import { serializeSignerSignatures, signHash, toHex } from '@webwallet/protocol/session'
import { WebWallet } from '@webwallet/shim'
import { typedData } from 'starknet'

const ACCOUNT = '0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'
const GAME = '0x00000000000000000000000000000000000000000000000000000000000a11ce'
const origin = location.origin
const mode = new URLSearchParams(location.search).get('mode')
const out = document.querySelector('#out') as HTMLElement

/** Signs the session typed data as the account's owner and guardian would. */
const signer = {
  ready: async () => true,
  connectAndSignSession: async (request: SessionSignRequest) => {
    const hash = typedData.getMessageHash(request.sessionTypedData as never, ACCOUNT)
    const signature = serializeSignerSignatures([signHash(hash, '0x5a5a5a'), signHash(hash, '0x6b6b6b')])
    return { account: [ACCOUNT], chainId: wallet.environment.chainId, signature: signature.map(toHex) }
  },
}

// Every service is this page's own server: nothing answers there but the page and its chunks.
const wallet = WebWallet.init({
  appName: 'lazy-chunks',
  environment: 'dev',
  urls: {
    webWalletUrl: origin,
    providerBaseUrl: origin,
    providerDefaultUrl: `${origin}/rpc`,
    backendUrl: `${origin}/v1`,
    paymasterUrl: `${origin}/paymaster`,
    allowListUrl: `${origin}/allowlist.json`,
  },
  sessionParams: { allowedMethods: [{ contract: GAME, selector: 'play' }] },
  ...(mode === 'sign' ? { connector: signer } : {}),
})

const say = (text: string) => {
  out.textContent = text
}
if (mode === 'sign') {
  wallet.requestConnection().then(
    ({ account }) => say(`signed ${account.address}`),
    (error: { code?: string }) => say(`error ${error.code}`),
  )
}
if (mode === 'restore') {
  wallet.connect().then(async (restored) => {
    const connected = await wallet.isConnected()
    say(`restored ${restored?.account.address} ${wallet.getSessionStatus()} ${connected}`)
  })
}
;(document.querySelector('#sign') as HTMLElement).onclick = () => {
  wallet.requestConnection().catch((error: { code?: string }) => say(`error ${error.code}`))
}
