// The `wallet-sim` command line's options, parsed and checked before anything starts: a bad value is one
// message naming the option (the CLI prints it and exits with code 2).
import { parseArgs } from 'node:util'
import { getPublicKey, getStarkKey, Point } from '@scure/starknet'
import { isRpcHexFelt } from '@webwallet/protocol/constants'
import { MAX_DEVNET_SEED } from './chain/devnetKeys'
import type { StartSimOptions } from './index'
import { checkedHostName, parseDappEntries } from './infra/http/access'
import { checkNodeUrl } from './node/remote'
import { DEFAULT_ALLOWED_DAPPS } from './services/allowlist/router'
import type { LoginLimits, RateLimit } from './services/login/limits'

export const USAGE = [
  'Usage: wallet-sim [--port 3005] [--host 127.0.0.1] [--seed N] [--state FILE] [--block-time MS] [--accounts N]',
  '                  [--approve manual|auto|reject] [--email ADDRESS] [--paymaster-key KEY]...',
  '                  [--allow-dapp HOST|ORIGIN]... [--allow-host NAME]... [--open-dev-api]',
  '                  [--paymaster-private-key HEX] [--login-token-ttl SECONDS] [--login-code-ttl SECONDS]',
  '                  [--login-code-tries N] [--no-login-rate-limit] [--node URL]',
  '                  [--guardian-private-key HEX] [--relayer-private-key HEX]',
  '',
  '  --approve                who answers wallet prompts: the user (manual, default), or always yes / no for',
  '                           headless clients and the wallet pages of --allow-dapp origins (auto / reject)',
  '  --email                  with --approve auto or reject: the user headless clients act as and the wallet',
  '                           pages of --allow-dapp origins log in, without a code (PUT /dev/user switches it)',
  '  --paymaster-key          an api key the paymaster sponsors (default wallet-sim-sponsor); repeatable',
  '  --allow-dapp             a host name allowed to embed the wallet in an iframe, any port (localhost and',
  '                           127.0.0.1 always are), or an exact origin (http://localhost:5173) that may also use',
  '                           the dev powers (devnet_*, /dev, devLogin, the --email user); repeatable',
  '  --allow-host             a Host name wallet-sim answers besides localhost names and its own address',
  '                           (e.g. a Docker service name); repeatable',
  '  --open-dev-api           let every web page use the dev powers again (no Origin checks); the Host check stays',
  '  --paymaster-private-key  Stark private key the paymaster signs answers with (ask-signature: true);',
  '                           its public key is printed at start (default: answers are not signed);',
  '                           or set WALLET_SIM_PAYMASTER_PRIVATE_KEY (keeps the key out of ps)',
  '  --guardian-private-key   the guardian (cosigner) key of the accounts, for reproducible tests (default: random',
  '                           at first start, kept in the --state file); or WALLET_SIM_GUARDIAN_PRIVATE_KEY',
  "  --relayer-private-key    the key of the paymaster's relayer, an account wallet-sim deploys and funds (default:",
  '                           random at first start, kept in the --state file); or WALLET_SIM_RELAYER_PRIVATE_KEY',
  '  --login-token-ttl        how long a login token lasts, in seconds (default 86400)',
  '  --login-code-ttl         how long a one-time login code lasts, in seconds (default 600)',
  '  --login-code-tries       wrong guesses that invalidate a login code (default 5)',
  '  --no-login-rate-limit    /login/start sends codes without its per-e-mail and per-IP limits (load tests)',
  '  --node                   a Starknet JSON-RPC 0.9/0.10 node (e.g. starknet-devnet: http://127.0.0.1:5050/rpc)',
  '                           the wallet, paymaster, cosigner, backend and dev API use instead of the built-in',
  "                           chain; /rpc forwards to it (--seed, --accounts, --block-time are the built-in chain's)",
  '',
  '       wallet-sim extension <dir> [--url ORIGIN] [--as walletsim|argentX|braavos] [--match PATTERN]...',
  '',
  '  writes a development browser extension (Manifest V3) into <dir> that adds wallet-sim (--url, default',
  '  http://localhost:3005) as an injected wallet to the pages of --match patterns only (default',
  '  http://localhost/* and http://127.0.0.1/*, any port)',
].join('\n')

/** A command line wallet-sim refuses; `message` names the option and what it takes. */
export class CliUsageError extends Error {
  override name = 'CliUsageError'
}

export interface CliOptions {
  /** `--help`: print USAGE, start nothing. */
  readonly help: boolean
  readonly sim: StartSimOptions & { readonly approve: 'manual' | 'auto' | 'reject' }
  /** With `--paymaster-private-key`: the keys a client verifies the paymaster's signed answers with. */
  readonly paymasterPublicKey?: {
    /** The full curve point, `0x04…`: AVNU's `apiPublicKey` (the SDK's `serverPublicKey` takes it too). */
    readonly full: string
    /** The Stark key (x coordinate), as the SDK's `serverPublicKey`. */
    readonly stark: string
  }
}

/** What `--no-login-rate-limit` sets both `/login/start` limits to: nothing is ever over it. */
export const NO_RATE_LIMIT: Readonly<RateLimit> = { max: Number.POSITIVE_INFINITY, windowMs: 0 }

/** The Stark curve's order: private keys are the scalars 1 … order - 1. */
const CURVE_ORDER = Point.Fn.ORDER

/**
 * Parses and checks wallet-sim's arguments (`process.argv.slice(2)`); throws CliUsageError on anything wrong.
 * @example
 * parseCliOptions(['--port', '0', '--login-token-ttl', '60']).sim.loginLimits // { tokenTtlMs: 60000 }
 */
export function parseCliOptions(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>> = {},
): CliOptions {
  const values = parse(args)
  if (values.help) return { help: true, sim: { approve: 'manual' } }

  const approve = values.approve
  if (approve !== 'manual' && approve !== 'auto' && approve !== 'reject')
    throw new CliUsageError(`--approve must be manual, auto or reject, got ${approve}`)
  if (values.email && approve === 'manual')
    throw new CliUsageError('--email needs --approve auto or reject (it logs that user in without a code)')

  // The environment keeps the key out of `ps` and shell history; the option wins when both are set.
  const privateKey = values['paymaster-private-key'] ?? (env.WALLET_SIM_PAYMASTER_PRIVATE_KEY || undefined)
  const paymasterPrivateKey = privateKey === undefined ? undefined : starkPrivateKey(privateKey)
  const guardian = values['guardian-private-key'] ?? (env.WALLET_SIM_GUARDIAN_PRIVATE_KEY || undefined)
  const guardianPrivateKey =
    guardian === undefined ? undefined : starkPrivateKey(guardian, '--guardian-private-key')
  const relayer = values['relayer-private-key'] ?? (env.WALLET_SIM_RELAYER_PRIVATE_KEY || undefined)
  const relayerPrivateKey =
    relayer === undefined ? undefined : starkPrivateKey(relayer, '--relayer-private-key')
  const loginLimits = loginLimitsOf(values)
  return {
    help: false,
    sim: {
      approve,
      ...(values.email ? { email: values.email } : {}),
      ...(values['paymaster-key'] ? { paymasterApiKeys: values['paymaster-key'] } : {}),
      ...(values['allow-dapp']
        ? {
            allowedDapps: withLocalHosts(
              checked(() => parseDappEntries(values['allow-dapp']), values['allow-dapp']),
            ),
          }
        : {}),
      ...(values['allow-host']
        ? {
            allowedHosts: values['allow-host'].map((h) =>
              checked(() => checkedHostName(h, '--allow-host'), h),
            ),
          }
        : {}),
      ...(values['open-dev-api'] ? { openDevApi: true } : {}),
      ...(paymasterPrivateKey === undefined ? {} : { paymasterPrivateKey }),
      ...(guardianPrivateKey === undefined ? {} : { guardianPrivateKey }),
      ...(relayerPrivateKey === undefined ? {} : { relayerPrivateKey }),
      ...(Object.keys(loginLimits).length === 0 ? {} : { loginLimits }),
      port: integer('port', values.port, 0, 65_535),
      host: values.host,
      // starknet-devnet's --seed is a u32; the same seed gives the same accounts (chain/devnetKeys.ts).
      seed: integer('seed', values.seed, 0, MAX_DEVNET_SEED),
      accounts: integer('accounts', values.accounts, 0),
      blockTime: integer('block-time', values['block-time'], 0),
      ...(values.state ? { stateFile: values.state } : {}),
      ...(values.node === undefined
        ? {}
        : { node: checked(() => checkNodeUrl(values.node ?? ''), values.node) }),
    },
    ...(paymasterPrivateKey === undefined
      ? {}
      : {
          paymasterPublicKey: {
            full: `0x${Buffer.from(getPublicKey(paymasterPrivateKey, false)).toString('hex')}`,
            stark: getStarkKey(paymasterPrivateKey),
          },
        }),
  }
}

function parse(args: readonly string[]) {
  try {
    return parseArgs({
      args: [...args],
      options: {
        port: { type: 'string', default: '3005' },
        host: { type: 'string', default: '127.0.0.1' },
        seed: { type: 'string', default: '0' },
        state: { type: 'string' },
        'block-time': { type: 'string', default: '0' },
        accounts: { type: 'string', default: '10' },
        approve: { type: 'string', default: 'manual' },
        email: { type: 'string' },
        'paymaster-key': { type: 'string', multiple: true },
        'allow-dapp': { type: 'string', multiple: true },
        'allow-host': { type: 'string', multiple: true },
        'open-dev-api': { type: 'boolean', default: false },
        'paymaster-private-key': { type: 'string' },
        'guardian-private-key': { type: 'string' },
        'relayer-private-key': { type: 'string' },
        'login-token-ttl': { type: 'string' },
        'login-code-ttl': { type: 'string' },
        'login-code-tries': { type: 'string' },
        'no-login-rate-limit': { type: 'boolean', default: false },
        node: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values
  } catch (error) {
    // parseArgs' own refusals (unknown option, missing value) are usage errors like ours.
    const code = (error as { code?: unknown }).code
    // A stray word is not echoed: it may be a secret that lost its option (`--paymaster-private-key = 0x…`).
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
      throw new CliUsageError(
        'Unexpected argument: every option takes the form --name or --name value (see wallet-sim --help)',
      )
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_'))
      throw new CliUsageError(`${(error as Error).message} (see wallet-sim --help)`)
    throw error
  }
}

type Values = ReturnType<typeof parse>

function loginLimitsOf(values: Values): Partial<LoginLimits> {
  const seconds = (name: 'login-token-ttl' | 'login-code-ttl') => {
    const text = values[name]
    return text === undefined ? undefined : integer(name, text, 1, Number.MAX_SAFE_INTEGER / 1000) * 1000
  }
  const tokenTtlMs = seconds('login-token-ttl')
  const codeTtlMs = seconds('login-code-ttl')
  const tries = values['login-code-tries']
  return {
    ...(tokenTtlMs === undefined ? {} : { tokenTtlMs }),
    ...(codeTtlMs === undefined ? {} : { codeTtlMs }),
    ...(tries === undefined ? {} : { codeTries: integer('login-code-tries', tries, 1) }),
    ...(values['no-login-rate-limit']
      ? { codesPerEmailAndClient: NO_RATE_LIMIT, codesPerEmail: NO_RATE_LIMIT, codesPerClient: NO_RATE_LIMIT }
      : {}),
  }
}

/**
 * The `--allow-dapp` entries after the default hosts (localhost, 127.0.0.1): an explicit entry adds to the
 * local hosts, it does not drop them (a demo opened at http://127.0.0.1:5173 still embeds the wallet).
 */
function withLocalHosts(entries: readonly string[]): string[] {
  return [...new Set([...DEFAULT_ALLOWED_DAPPS, ...entries])]
}

/** `value` when `check` accepts it (the option's checker throws a message naming the option). */
function checked<T>(check: () => unknown, value: T): T {
  try {
    check()
  } catch (error) {
    throw new CliUsageError((error as Error).message)
  }
  return value
}

/** Decimal digits only (no sign, exponent, hex or blanks), from `min` up to `max`. */
function integer(name: string, text: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = /^\d+$/.test(text) ? Number(text) : Number.NaN
  if (!(n >= min && n <= max)) {
    const range = max === Number.MAX_SAFE_INTEGER ? '' : ` up to ${Math.floor(max)}`
    const kind = min === 0 ? 'a non-negative integer' : `an integer of at least ${min}`
    throw new CliUsageError(`--${name} must be ${kind}${range}, got ${JSON.stringify(text)}`)
  }
  return n
}

/** A Stark private key: 0x and 1 to 64 hex digits, a scalar of the curve (1 … order - 1). */
function starkPrivateKey(text: string, option = '--paymaster-private-key'): string {
  // The value is a secret: the messages say what is wrong with it, never echo it.
  if (!isRpcHexFelt(text)) throw new CliUsageError(`${option} must be a hex felt: 0x and 1 to 64 hex digits`)
  const key = BigInt(text)
  if (key === 0n || key >= CURVE_ORDER)
    throw new CliUsageError(
      `${option} must be a Stark curve scalar, from 0x1 to 0x${(CURVE_ORDER - 1n).toString(16)}`,
    )
  return `0x${key.toString(16)}`
}
