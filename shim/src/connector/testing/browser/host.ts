// The host page of the Chromium tests: exposes the connector and records every postMessage it makes to a
// window or a port, with its target origin (the tests assert there are some, all to the wallet's exact origin).
import { WebWallet } from '../../../sdk/WebWallet'
import { createStarknetWindowObject } from '../../../walletObject'
import { createConnector } from '../../createConnector'

type Recorded = { kind: string; targetOrigin: unknown }
const posts: Recorded[] = []

function record(kind: string, options: unknown) {
  // postMessage(message, targetOrigin) or postMessage(message, {targetOrigin}); '/' when none is given.
  const origin =
    typeof options === 'object' && options !== null
      ? ((options as { targetOrigin?: unknown }).targetOrigin ?? '/')
      : (options ?? '/')
  posts.push({ kind, targetOrigin: origin })
}

// Chromium keeps postMessage on each window object, not on Window.prototype, and a cross-origin window cannot
// be patched: so the windows the shim posts to are wrapped where it gets them (an iframe's contentWindow,
// window.open's result), and event.source hands back the wrapper, keeping `event.source === target` true.
const wrappers = new WeakMap<object, Window>()
function recorded(kind: string, win: Window | null): Window | null {
  if (win === null) return null
  const known = wrappers.get(win)
  if (known) return known
  const wrapper = new Proxy(win, {
    get(target, key) {
      if (key === 'postMessage') {
        return (message: unknown, ...rest: unknown[]) => {
          record(kind, rest[0])
          return (target.postMessage as (...a: unknown[]) => void)(message, ...rest)
        }
      }
      const value: unknown = Reflect.get(target, key)
      return typeof value === 'function' ? value.bind(target) : value
    },
    set: (target, key, value) => Reflect.set(target, key, value),
  })
  wrappers.set(win, wrapper)
  return wrapper
}
const patchGetter = <T>(proto: T, key: keyof T & string, wrap: (value: unknown) => unknown) => {
  const { get } = Object.getOwnPropertyDescriptor(proto, key)!
  Object.defineProperty(proto, key, {
    configurable: true,
    get(this: unknown) {
      return wrap(get!.call(this))
    },
  })
}
patchGetter(HTMLIFrameElement.prototype, 'contentWindow', (win) => recorded('iframe', win as Window | null))
patchGetter(MessageEvent.prototype, 'source', (source) => wrappers.get(source as object) ?? source)
const open = window.open.bind(window)
window.open = (...args) => recorded('popup', open(...args))
const ownPost = window.postMessage.bind(window)
window.postMessage = (message: unknown, ...rest: unknown[]) => {
  record('window', rest[0])
  return (ownPost as (...a: unknown[]) => void)(message, ...rest)
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
      /** Every post the page made to a window or port. */
      posts: Recorded[]
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
  posts,
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
