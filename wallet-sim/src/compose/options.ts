// What createWalletSim takes: the server's options (chain, port, state file, node) and the services'.
import type { ServerOptions } from '../server'
import type { ApprovalMode } from '../services'
import type { LoginLimits } from '../services/login/limits'

/**
 * Options of {@link createWalletSim}: the server's and chain's, the approval policy, the hands-free user, the
 * paymaster's keys and the login limits.
 * @example createWalletSim({ approve: 'auto', email: 'dev@example.com' })
 */
export interface WalletSimOptions extends ServerOptions {
  // `node` (ServerOptions): with `await connectNode(url)`, every service uses that node instead of the
  // built-in chain (`--node URL`); see docs/wallet-sim-cli.md, "In front of a real node".
  /** Who answers wallet prompts over WebSocket: the user (`manual`, default), or always yes / always no. */
  readonly approve?: ApprovalMode
  /**
   * With `approve: 'auto' | 'reject'`: the user headless clients act as, and the one the wallet page logs in
   * for allowed dapps, without typing a code (`PUT /dev/user` switches it).
   */
  readonly email?: string
  /** Paymaster api keys that sponsor fees; default `['wallet-sim-sponsor']`. */
  readonly paymasterApiKeys?: readonly string[]
  /** Stark private key the paymaster signs its answers with (`ask-signature: true`). */
  readonly paymasterPrivateKey?: string
  /**
   * `--guardian-private-key`: the guardian (cosigner) key of this instance's accounts. Default: the one kept
   * in the `stateFile`, else a random key (kept there when there is one). For reproducible tests only: with
   * it and a stolen session key, anyone co-signs without the cosigner and its fee caps.
   */
  readonly guardianPrivateKey?: string
  /**
   * `--relayer-private-key`: the key of the paymaster's relayer, an account of its own (OpenZeppelin, salt
   * and calldata its public key) that wallet-sim deploys and funds. Default: kept in the `stateFile`, else
   * random. Never a predeployed account: their keys are public.
   */
  readonly relayerPrivateKey?: string
  /**
   * `--allow-dapp`: host names allowed to embed the wallet in an iframe (any port; default localhost and
   * 127.0.0.1), and exact origins (`http://localhost:5173`), which may also use the dev powers (devnet_*,
   * /dev, devLogin, the `--email` user over /trpc). An origin's host name joins the iframe allow-list.
   */
  readonly allowedDapps?: readonly string[]
  /** `--allow-host`: more Host names the server answers besides localhost names and its own address. */
  readonly allowedHosts?: readonly string[]
  /** `--open-dev-api`: dev powers for every origin again (no Origin checks); the Host check stays. */
  readonly openDevApi?: boolean
  /** The address or name the server listens on (`--host`): answered as a Host name. */
  readonly host?: string
  /** Balance polls of a new account that answer `initialising` before `initialised`; default 1. */
  readonly initialisingPolls?: number
  /** Where login codes are printed; default the console. */
  readonly logger?: { info(message: string): void }
  /** E-mail login lifetimes and rate limits (`LoginService` `limits`); each one left out keeps its default. */
  readonly loginLimits?: Partial<LoginLimits>
  /** The built wallet UI; default wallet-sim/ui/dist. */
  readonly uiDir?: string
}
