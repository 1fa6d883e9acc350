// The injected wallet's script as a page loads it: the page function of pageScript.ts as source text, called
// with its config. Which wallet it presents itself as (its own id, or the ids, names and icons dapps with a
// fixed connector list look for) is decided here, once.
import { IFRAME_ALLOW, IFRAME_MODAL, IFRAME_SANDBOX, toHex } from '@webwallet/protocol'
import { ERROR_CLASSES } from '@webwallet/protocol/errors'
import { envelopeChannel, frameElements, openWalletFrame, walletError } from './pageFrame'
import {
  type InjectedConfig,
  type InjectedParts,
  installInjectedWallet,
  legacyAccount,
  walletRequest,
} from './pageScript'
import { registerStandardWallet } from './pageStandard'

/** The wallets the injected wallet can present itself as. */
export const INJECTED_IDENTITIES = ['walletsim', 'argentX', 'braavos'] as const
/** Which wallet the injected script presents itself as. @example await addInjectedWallet(context, sim.url, 'argentX') */
export type InjectedIdentity = (typeof INJECTED_IDENTITIES)[number]

// A round badge with a letter: our own marks, not the brands' logos (a dapp shows them in its wallet list).
const badge = (letter: string, color: string) =>
  `data:image/svg+xml;base64,${Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="${color}"/><text x="16" y="22" font-family="sans-serif" font-size="18" font-weight="700" fill="#fff" text-anchor="middle">${letter}</text></svg>`,
  ).toString('base64')}`

const IDENTITIES: Record<InjectedIdentity, { name: string; icon: string }> = {
  walletsim: { name: 'wallet-sim', icon: badge('W', '#4b5bdc') },
  argentX: { name: 'Argent X', icon: badge('A', '#ff875b') },
  braavos: { name: 'Braavos', icon: badge('B', '#f5a623') },
}

/** How long the wallet page may take to load and answer (the SDK's iframe waits as long: 20 s). */
const READY_TIMEOUT_MS = 20_000

/** Our error codes and the Starknet wallet-API code each maps onto (where it has one). */
const WALLET_API_CODES: Record<string, number> = Object.fromEntries(
  [...ERROR_CLASSES.values()].flatMap((cls) => {
    const code = cls.fromData(undefined, '').walletApiCode
    return code === undefined ? [] : [[cls.code, code]]
  }),
)

/**
 * What the injected wallet script is built with: the wallet-sim it talks to, the identity it takes, the chain.
 * @example injectedWalletScript({ walletOrigin: sim.url, as: 'braavos', chainId: '0x534e5f5345504f4c4941', version: '1.0.0' })
 */
export interface InjectedScriptOptions {
  /** wallet-sim's origin (its wallet page answers the wallet's requests). */
  readonly walletOrigin: string
  /** Which wallet to present itself as; default `walletsim` (`window.starknet_walletsim`). */
  readonly as?: InjectedIdentity
  /** The chain's id (a felt, hex). */
  readonly chainId: string
  /** wallet-sim's version, the wallet's `version`. */
  readonly version: string
  /** How long the wallet page may take to load and answer before every request fails; default 20 s. */
  readonly readyTimeoutMs?: number
  /**
   * Load the wallet page as soon as the dapp's page has loaded (after its load event, which it never delays),
   * so the dapp's first request finds it ready; default `false`: at the first request (a page that never asks
   * loads nothing). The Playwright fixtures turn it on.
   */
  readonly preload?: boolean
}

/** The page functions installInjectedWallet is handed, each sent as its source text. */
const PAGE_PARTS: InjectedParts = {
  openWalletFrame,
  frameElements,
  envelopeChannel,
  walletError,
  walletRequest,
  legacyAccount,
  registerStandardWallet,
}

/** The wallet-standard chain name of a chain id (`starknet:SN_SEPOLIA`), else `starknet:0x…`. */
function chainName(chainId: string): string {
  const hex = BigInt(chainId).toString(16)
  const text = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex').toString('latin1')
  return /^[A-Z0-9_]+$/.test(text) ? `starknet:${text}` : `starknet:0x${hex}`
}

/**
 * The script that installs the injected wallet in a page (a Playwright init script, a `<script>`, the
 * development extension's content script).
 * @example await context.addInitScript({ content: injectedWalletScript({ walletOrigin, as: 'argentX', chainId, version }) })
 */
export function injectedWalletScript(options: InjectedScriptOptions): string {
  const as = options.as ?? 'walletsim'
  const config: InjectedConfig = {
    walletOrigin: new URL(options.walletOrigin).origin,
    id: as,
    ...IDENTITIES[as],
    version: options.version,
    chainId: toHex(BigInt(options.chainId)),
    chain: chainName(options.chainId),
    frame: {
      sandbox: IFRAME_SANDBOX,
      allow: IFRAME_ALLOW,
      width: IFRAME_MODAL.width,
      height: IFRAME_MODAL.height,
      zIndex: IFRAME_MODAL.zIndex,
    },
    walletApiCodes: WALLET_API_CODES,
    specs: ['0.7', '0.8', '0.9', '0.10'],
    readyTimeoutMs: options.readyTimeoutMs ?? READY_TIMEOUT_MS,
    preload: options.preload === true,
  }
  // `__name`: the helper some TypeScript runners (tsx, Vitest) wrap named functions in; the page has none.
  const parts = `{ ${Object.entries(PAGE_PARTS)
    .map(([name, fn]) => `${name}: ${fn.toString()}`)
    .join(', ')} }`
  return `(() => {\nvar __name = (target) => target;\n(${installInjectedWallet.toString()})(${JSON.stringify(config)}, ${parts});\n})();\n`
}
