// The session SDK under @webwallet/shim/argent: WebWallet, with the entry's account class and invisible-sdk's
// stored sessions carried over (WebWalletInternals).
import { validateOptions, type WebWalletOptions } from '../sdk/options'
import { WebWallet, type WebWalletInternals } from '../sdk/WebWallet'

/**
 * WebWallet with `internals` (not for apps: the Argent entry builds it).
 *
 * @example
 * const sdk = ArgentSdk.create(options, { carryPlainKeys: true })
 */
export class ArgentSdk extends WebWallet {
  /** Checks the options as `WebWallet.init` does (INVALID_OPTIONS), then builds the SDK. */
  static create(options: WebWalletOptions, internals: WebWalletInternals): WebWallet {
    return new ArgentSdk(validateOptions(options), internals)
  }
}
