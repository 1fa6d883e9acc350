// The SDK's default connector, loaded on first use: createConnector.ts, the transports and the dialogs are
// a chunk of their own (the app's bundler splits the dynamic import), fetched when the wallet is first
// needed, or at init in a page that has no stored session yet. A page that restores its session never loads
// it: ready(), disconnect() and the events need only the remembered connection.
import { CONNECTOR_VERSION } from '@webwallet/protocol/constants'
import { WalletNotAvailableError } from '@webwallet/protocol/errors'
import { type OpenerWindow, openPopupWindow } from '../dialog/popupWindow'
import type { PopupPlacement } from '../dialog/types'
import { lazyImport } from '../http/lazyImport'
import { browserInfo, isChromeLike } from '../transport/browser'
import type { Connector, ConnectorOptions } from './createConnector'
import { createEvents } from './events'
import { CONNECTOR_ICON, CONNECTOR_ID, CONNECTOR_NAME, connectorSetup } from './identity'
import { lastConnection } from './lastConnection'
import { popupPlacement } from './placement'
import { isQuiet, routeRequest, type WalletRequest } from './request'

const preloads = new WeakMap<object, () => void>()

/**
 * Starts loading a lazy connector's code (no-op for any other connector): the SDK calls it at init in a
 * page without a stored session, so that the sign-in's click opens its popup at once.
 *
 * @example
 * preloadConnector(connector)
 */
export function preloadConnector(connector: object): void {
  preloads.get(connector)?.()
}

/**
 * {@link createWindowConnector} whose code loads on first use; the same options and checks (at once, coded).
 * Where the popup is certain (`transport: 'popup'`, or `auto` outside Chrome-like browsers), a request before the
 * chunk loaded opens the popup blank inside the click and the connector takes it over by name; Chrome keeps the
 * click's activation while the chunk loads.
 *
 * @example
 * button.onclick = () => lazyWindowConnector({ environment: 'dev' }).connect()
 */
export function lazyWindowConnector(options: ConnectorOptions = {}): Connector {
  const { walletUrl, mode } = connectorSetup(options)
  const events = createEvents()
  const last = lastConnection(options.storage, CONNECTOR_ID)
  let real: Connector | undefined
  const load = lazyImport(
    () =>
      import('../firstUse').then(({ createWindowConnector }) => {
        real = createWindowConnector(options)
        real.on('accountsChanged', (accounts) => events.emit('accountsChanged', accounts))
        real.on('networkChanged', (chainId, accounts) => events.emit('networkChanged', chainId, accounts))
        return real
      }),
    (cause) => new WalletNotAvailableError({ cause }),
  )
  const popupCertain = () =>
    mode === 'popup' || (mode === 'auto' && !isChromeLike(options.choose?.browser ?? browserInfo()))
  /** Runs on the loaded connector; opens the popup blank first (in the click) when it must wait for it. */
  const using = <T>(run: (connector: Connector) => Promise<T>, placement?: PopupPlacement): Promise<T> => {
    if (real) return run(real)
    const opener = options.opener ?? (globalThis as { window?: OpenerWindow }).window
    let blank: Window | null = null
    try {
      if (placement && opener && popupCertain()) blank = openPopupWindow(opener, placement)
    } catch {} // blocked: the connector's own attempt says so, coded
    return load()
      .then(run)
      .catch((error: unknown) => {
        // Taken over, the window is the connector's and already closed; left blank, it is closed here.
        if (blank && !blank.closed) blank.close()
        throw error
      })
  }
  const connector: Connector = {
    id: CONNECTOR_ID,
    name: CONNECTOR_NAME,
    icon: CONNECTOR_ICON,
    version: CONNECTOR_VERSION,
    walletUrl,
    transport: () => real?.transport(),
    websocketState: () => real?.websocketState(),
    connect: (limits) => using((c) => c.connect(limits), popupPlacement('connectWebwallet')),
    async disconnect() {
      if (real) return real.disconnect()
      // Nothing was opened in this page: forgetting the remembered connection is all there is to do.
      const known = last.read()
      last.forget()
      if (known) events.emit('accountsChanged', undefined)
    },
    // Nothing opened in this page: nothing to close, and the remembered connection stays.
    close: async () => real?.close(),
    ready: async (limits) => (real ? real.ready(limits) : last.read() !== undefined),
    account: () => using((c) => c.account()),
    chainId: (limits) => using((c) => c.chainId(limits)),
    logout: (limits) => using((c) => c.logout(limits), popupPlacement('logout')),
    connectAndSignSession: (request, limits) =>
      using((c) => c.connectAndSignSession(request, limits), popupPlacement('connectAndSignSession')),
    request: (call, limits) => using((c) => c.request(call, limits), shownPlacement(call)),
    on: events.on,
    off: events.off,
  }
  preloads.set(connector, () => void load().catch(() => {}))
  return connector
}

/** Where a wallet request shows the popup; undefined when it shows nothing (or is refused before). */
function shownPlacement(call: WalletRequest): PopupPlacement | undefined {
  try {
    const route = routeRequest(call)
    return 'local' in route || isQuiet(route) ? undefined : popupPlacement(route.procedure, route.input)
  } catch {
    return undefined
  }
}
