// A wallet-sim for one test worker: in-process, on a free port, hands-free for the dapps under test.
import { type StartSimOptions, startSim } from '../index'

/** The hands-free user a simulator for tests logs in unless told otherwise. */
export const DEFAULT_TEST_EMAIL = 'user@example.com'

/** Options of {@link launchWalletSim}: startSim's, with the hands-free user and approval policy for tests. @example await launchWalletSim({ email: 'alice@example.com' }) */
export interface LaunchOptions
  extends Omit<StartSimOptions, 'approve' | 'email' | 'port' | 'allowedDapps' | 'logger'> {
  /**
   * The exact origins of the dapps under test (`http://localhost:5173`): only they get the hands-free
   * login and answers (and the dev API); any other page sees the wallet's normal screens.
   */
  dappOrigins?: readonly string[]
  /** How prompts are answered; default `auto`. */
  approve?: 'manual' | 'auto' | 'reject'
  /** The hands-free user; default `user@example.com`. */
  email?: string
  /** More `--allow-dapp` entries (host names that may embed the wallet, exact origins). */
  allowedDapps?: readonly string[]
}

/** A wallet-sim started for a test run, with its control and `close()`. @example await using sim = await launchWalletSim() */
export interface LaunchedWalletSim extends AsyncDisposable {
  /**
   * wallet-sim's origin: pass it to the dapp (e.g. the demo's `?wallet=`). On the dapps' own site when they
   * all are on `localhost` (`http://localhost:<port>`), else `http://127.0.0.1:<port>`.
   */
  readonly url: string
  /** Its Starknet JSON-RPC 0.10 endpoint. */
  readonly rpcUrl: string
  /** What each test starts from (`wallet.reset`). */
  readonly defaults: { mode: 'manual' | 'auto' | 'reject'; email: string }
  close(): Promise<void>
}

/**
 * Whether every dapp is served from `localhost`. A wallet page on the same site is a first-party frame there:
 * its login lasts from page to page of a context (a Playwright context, like an Incognito window, denies a
 * cross-site frame any storage: the 127.0.0.1 wallet in a localhost dapp logs in again on every page), and
 * Chromium needs no second renderer process for it. Origins still differ (the port): nothing else is shared.
 */
function onLocalhost(origins: readonly string[]): boolean {
  const host = (origin: string) => (URL.canParse(origin) ? new URL(origin).hostname : undefined)
  return origins.length > 0 && origins.every((origin) => host(origin) === 'localhost')
}

/**
 * Starts wallet-sim in this process on a free port of 127.0.0.1 (reached as `localhost` when the dapps are
 * there), answering prompts hands-free (`auto`) as `user@example.com` for `dappOrigins`.
 *
 * @example
 * await using sim = await launchWalletSim({ dappOrigins: ['http://localhost:5173'] })
 * await page.goto(`http://localhost:5173/?wallet=${sim.url}`)
 */
export async function launchWalletSim(options: LaunchOptions = {}): Promise<LaunchedWalletSim> {
  const {
    dappOrigins = [],
    approve = 'auto',
    email = DEFAULT_TEST_EMAIL,
    allowedDapps = [],
    ...rest
  } = options
  const running = await startSim({
    ...rest,
    port: 0,
    approve,
    // The CLI refuses --email in manual mode; here it stays the user to switch back to.
    ...(approve === 'manual' ? {} : { email }),
    allowedDapps: ['localhost', '127.0.0.1', ...allowedDapps, ...dappOrigins],
    logger: { info: () => {} },
  })
  if (approve === 'manual') await running.walletSim.handsFree.switchTo(email)
  return {
    url:
      rest.host === undefined && onLocalhost(dappOrigins)
        ? running.url.replace('//127.0.0.1:', '//localhost:')
        : running.url,
    rpcUrl: running.rpcUrl,
    defaults: { mode: approve, email },
    close: () => running.close(),
    [Symbol.asyncDispose]: () => running.close(),
  }
}
