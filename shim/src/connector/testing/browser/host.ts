// The host page of the Chromium tests: exposes the connector and records every in-realm postMessage
// whose target origin is '*' (the tests assert there are none).
import { WebWallet } from '../../../sdk/WebWallet'
import { createStarknetWindowObject } from '../../../wallet-object'
import { createConnector } from '../../createConnector'

type Recorded = { kind: string; targetOrigin: unknown }
const wildcardPosts: Recorded[] = []

function record(kind: string, targetOrigin: unknown) {
  const origin =
    typeof targetOrigin === 'object' && targetOrigin !== null
      ? (targetOrigin as { targetOrigin?: unknown }).targetOrigin
      : targetOrigin
  if (origin === '*' || origin === undefined) wildcardPosts.push({ kind, targetOrigin: origin })
}
const windowPost = Window.prototype.postMessage
Window.prototype.postMessage = function (this: Window, message: unknown, ...rest: unknown[]) {
  record('window', rest[0])
  return (windowPost as (...a: unknown[]) => void).call(this, message, ...rest)
}
const portPost = MessagePort.prototype.postMessage
MessagePort.prototype.postMessage = function (this: MessagePort, ...args: unknown[]) {
  record('port', '*') // a port is never used by the connector: any use is a finding
  return (portPost as (...a: unknown[]) => void).apply(this, args)
}

declare global {
  interface Window {
    hostTest: {
      createConnector: typeof createConnector
      createStarknetWindowObject: typeof createStarknetWindowObject
      /** The session SDK with the real connector (popup) on the test wallet. */
      webWallet(walletUrl: string): WebWallet
      wildcardPosts: Recorded[]
      connector?: ReturnType<typeof createConnector>
      outcome?: Promise<unknown>
    }
  }
}

window.hostTest = {
  createConnector,
  createStarknetWindowObject,
  webWallet: (walletUrl) =>
    WebWallet.init({
      appName: 'host-test',
      environment: 'dev',
      urls: { webWalletUrl: walletUrl },
      sessionParams: { allowedMethods: [{ contract: '0x1234', selector: 'play' }] },
      connector: createConnector({ url: walletUrl, transport: 'popup' }),
    }),
  wildcardPosts,
}

// `?connect=popup|iframe&wallet=URL` connects on load, outside any user gesture (popup blockers act).
const params = new URLSearchParams(location.search)
const wallet = params.get('wallet')
const transport = params.get('connect')
if (wallet && (transport === 'popup' || transport === 'iframe')) {
  const connector = createConnector({ url: wallet, transport })
  window.hostTest.connector = connector
  window.hostTest.outcome = connector.connect().then(
    (result) => ({ ok: result }),
    (error: { code?: string; message?: string }) => ({ error: { code: error.code, message: error.message } }),
  )
}
