// The page of walletDown.test.ts: an app bundled with the shim's sources, the SDK's default connector (the
// wallet in an iframe) and localStorage. `signIn` answers what the app sees: 'signed' or the error's code,
// data and cause.

import { devUrls, WebWallet } from '@webwallet/shim'

export interface Outcome {
  readonly code?: string | undefined
  readonly data?: unknown
  readonly message?: string | undefined
  readonly hasCause?: boolean | undefined
}

let wallet: WebWallet | undefined

async function signIn(walletUrl: string, counter: string): Promise<Outcome | 'signed'> {
  wallet ??= WebWallet.init({
    appName: 'wallet-down',
    environment: 'dev',
    urls: devUrls(walletUrl),
    sessionParams: { allowedMethods: [{ contract: counter, selector: 'increment' }] },
  })
  try {
    await wallet.requestConnection()
    return 'signed'
  } catch (error) {
    const { code, data, message, cause } = error as Outcome & { cause?: unknown }
    return { code, data, message, hasCause: cause !== undefined }
  }
}

Object.assign(globalThis, { walletDown: { signIn } })
