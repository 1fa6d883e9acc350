// Who may use wallet-sim's dev powers (devnet_* on /rpc, /dev, /wallet/api/devLogin, the --email user over
// /trpc): Node clients and scripts (no Origin header), wallet-sim's own pages, and pages of the exact
// origins given with --allow-dapp. Any web page can send requests to localhost; only these may act.
import type { IncomingMessage } from 'node:http'
import { DEFAULT_ALLOWED_DAPPS } from '../../services/allowlist/router'
import { type AllowedHostNames, allowedHostNames, hostRefusal } from './localHosts'

/** `--allow-dapp` entries split by form: bare host names (iframe allow-list) and exact origins. */
export interface DappAllowance {
  /** Host names allowed to embed the wallet (any port): the bare entries and the origins' host names. */
  readonly hosts: readonly string[]
  /** Exact origins (scheme, host, port) that also get dev powers and the `--email` user. */
  readonly origins: readonly string[]
}

const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i

/**
 * Splits `--allow-dapp` entries: a bare host (`localhost`, `my-dapp.test`) or a full origin
 * (`http://localhost:5173`). Throws an Error naming a bad entry; without entries, localhost and 127.0.0.1.
 * @example parseDappEntries(['http://localhost:5173']) // { hosts: ['localhost'], origins: ['http://localhost:5173'] }
 */
export function parseDappEntries(entries: readonly string[] = DEFAULT_ALLOWED_DAPPS): DappAllowance {
  const hosts = new Set<string>()
  const origins = new Set<string>()
  for (const entry of entries) {
    if (entry.includes('://')) {
      const origin = originOf(entry)
      origins.add(origin.origin)
      hosts.add(origin.hostname)
    } else hosts.add(checkedHostName(entry, '--allow-dapp'))
  }
  return { hosts: [...hosts], origins: [...origins] }
}

function originOf(entry: string): URL {
  let url: URL | undefined
  try {
    url = new URL(entry)
  } catch {}
  const bare = url && (url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== 'null'
  if (!url || !bare || url.username || url.password || url.search || url.hash || url.pathname !== '/')
    throw new Error(
      `--allow-dapp ${entry}: give a host name (my-dapp.test) or an origin (http://localhost:5173: scheme, host and port, no path)`,
    )
  return url
}

/**
 * A host name as `--allow-host` and bare `--allow-dapp` take it (a DNS name, an IPv4 address or a bracketed
 * IPv6 one; no port), lower-cased; throws an Error naming `option` otherwise.
 * @example checkedHostName('Wallet-Sim', '--allow-host') // 'wallet-sim'
 */
export function checkedHostName(entry: string, option: string): string {
  const name = entry.toLowerCase()
  const ipv6 = /^\[[0-9a-f:.]+\]$/.test(name) && URL.canParse(`http://${name}`)
  if (!ipv6 && !HOST_NAME.test(name))
    throw new Error(
      `${option} ${entry}: give a host name without scheme or port (e.g. my-dapp.test)${option === '--allow-dapp' ? ', or an origin (http://localhost:5173)' : ''}`,
    )
  return name
}

export interface AccessOptions {
  /** The address or name the server listens on (`--host`). */
  readonly host?: string | undefined
  /** `--allow-host`: more names the server answers. */
  readonly allowedHosts?: readonly string[] | undefined
  /** `--allow-dapp` entries. */
  readonly allowedDapps?: readonly string[] | undefined
  /** `--open-dev-api`: dev powers for every origin, as before they were gated. */
  readonly openDevApi?: boolean | undefined
}

/** wallet-sim's access rules, built once from its options. */
export interface Access {
  readonly dapps: DappAllowance
  readonly hostNames: AllowedHostNames
  readonly openDevApi: boolean
  /** Why the Host header is refused; undefined when it is a name this server answers. */
  hostRefusal(req: IncomingMessage): string | undefined
  /**
   * Whether the page behind `req` may act with dev powers: no Origin (not a browser), one of wallet-sim's
   * own origins, an exact `--allow-dapp` origin, or (with `--open-dev-api`) a page of an allowed host.
   */
  trustedPage(req: IncomingMessage): boolean
  /**
   * Whether a page of `origin` may act with dev powers (as trustedPage, for an origin reported rather than
   * sent: the dapp the wallet page serves, which `devLogin` is told). `req` is the request that reports it.
   */
  trustedOrigin(origin: string, req: IncomingMessage): boolean
  /**
   * Why `req` may not use dev powers (devnet_*, /dev): a Host this server does not answer, a foreign page,
   * or a browser request whose body is not declared JSON (a CSRF "simple" request); undefined when it may.
   * With `--open-dev-api` nothing is refused.
   */
  devRefusal(req: IncomingMessage): string | undefined
}

/**
 * @example
 * const access = createAccess({ host: '127.0.0.1', allowedDapps: ['http://localhost:5173'] })
 * access.devRefusal(req) // undefined for a Node client, a message for https://evil.example
 */
export function createAccess(options: AccessOptions = {}): Access {
  const dapps = parseDappEntries(options.allowedDapps)
  const extraHosts = (options.allowedHosts ?? []).map((h) => checkedHostName(h, '--allow-host'))
  const hostNames = allowedHostNames({ host: options.host, extraHosts })
  const openDevApi = options.openDevApi === true
  const exact = new Set(dapps.origins)

  // wallet-sim's own page: the request is same-origin (its Host, validated, is the Origin's host and port).
  // Not "any name of this server on its port": another server may listen on that port of another address.
  const ownOrigin = (origin: URL, req: IncomingMessage) =>
    origin.host === (req.headers.host ?? '').toLowerCase()
  const trustedOrigin = (text: string, req: IncomingMessage) => {
    const origin = URL.canParse(text) ? new URL(text) : undefined
    if (origin === undefined || origin.origin === 'null') return false
    if (exact.has(origin.origin)) return true
    if (openDevApi && dapps.hosts.includes(origin.hostname)) return true
    return hostRefusal(req, hostNames) === undefined && ownOrigin(origin, req)
  }
  const trustedPage = (req: IncomingMessage) => {
    const header = req.headers.origin
    return header === undefined || trustedOrigin(header, req)
  }
  return {
    dapps,
    hostNames,
    openDevApi,
    hostRefusal: (req) => hostRefusal(req, hostNames),
    trustedPage,
    trustedOrigin,
    devRefusal(req) {
      if (openDevApi) return undefined
      const host = hostRefusal(req, hostNames)
      if (host !== undefined) return host
      const origin = req.headers.origin
      if (origin === undefined) return undefined
      if (!trustedPage(req))
        return `Origin ${origin} may not use wallet-sim's dev powers (devnet_* methods, /dev, devLogin, the --email user); allow that exact origin with --allow-dapp ${origin.startsWith('http') ? origin : 'ORIGIN'}, or start wallet-sim with --open-dev-api`
      if (!isJson(req))
        return `Dev requests from a browser must be Content-Type: application/json (got ${req.headers['content-type'] ?? 'none'})`
      return undefined
    },
  }
}

/** A request whose body is declared JSON (what a cross-origin page cannot send without a CORS preflight). */
function isJson(req: IncomingMessage): boolean {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return true
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
  return type === 'application/json'
}
