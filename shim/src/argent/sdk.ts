// The session SDK under @webwallet/shim/argent: WebWallet, with the entry's account class and invisible-sdk's
// stored sessions carried over (WebWalletInternals). ArgentWebWallet and createSessionAccount both build it here.
import { type SessionConnector, validateOptions, type WebWalletOptions } from '../sdk/options'
import { WebWallet, type WebWalletInternals } from '../sdk/WebWallet'
import { getSessionStatus } from '../session/status'
import { ArgentAccount } from './account'
import { carryInvisibleSdkKey } from './carry'
import type { InitParams, PaymasterParameters } from './params'

/**
 * WebWallet with `internals` (not for apps: the Argent entry builds it).
 *
 * @example
 * const sdk = ArgentSdk.create(options, { carryPlainKey: carryInvisibleSdkKey })
 */
export class ArgentSdk extends WebWallet {
  /** Checks the options as `WebWallet.init` does (INVALID_OPTIONS), then builds the SDK. */
  static create(options: WebWalletOptions, internals: WebWalletInternals): WebWallet {
    return new ArgentSdk(validateOptions(options), internals)
  }
}

/** The SDK's own options the entry passes through (storage, key store, fetch, clock, URLs...). */
export type ArgentSdkOptions = Omit<
  WebWalletOptions,
  'appName' | 'sessionParams' | 'paymasterParams' | 'environment' | 'provider' | 'connector'
>

/**
 * The SDK for invisible-sdk's init parameters: ArgentAccounts, and invisible-sdk's stored session (key in the
 * clear) carried over when the key is the session's. `ownsConnector`: dispose() closes `connector`.
 *
 * @example
 * const { account } = (await argentSdk(params, { storage, keyStore }, connector, false).connect()) ?? {}
 */
export function argentSdk(
  params: InitParams,
  extra: ArgentSdkOptions,
  connector: SessionConnector,
  ownsConnector: boolean,
): WebWallet {
  const { apiKey, baseUrl, tokenAddress } = params.paymasterParams ?? {}
  const sdk: WebWallet = ArgentSdk.create(
    {
      ...extra,
      appName: params.appName,
      sessionParams: params.sessionParams,
      ...(params.environment === undefined ? {} : { environment: params.environment }),
      ...((apiKey ?? baseUrl ?? tokenAddress)
        ? { paymasterParams: { apiKey, baseUrl, tokenAddress } as PaymasterParameters }
        : {}),
      ...(params.provider === undefined ? {} : { provider: params.provider as never }),
      connector,
    },
    {
      carryPlainKey: carryInvisibleSdkKey,
      ownsConnector,
      account: (ctx, options) => {
        const account: ArgentAccount = new ArgentAccount(ctx, options, () =>
          sdk.sessionAccount === account
            ? (sdk.getSessionStatus() ?? 'INVALID_SESSION')
            : // An account the app kept after its session was replaced or cleared answers for its session.
              getSessionStatus(account.session, params.sessionParams.allowedMethods),
        )
        return account
      },
    },
  )
  return sdk
}
