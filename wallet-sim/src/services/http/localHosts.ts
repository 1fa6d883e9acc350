import type { RequestHandler } from 'express'

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])
const LOCAL_NAMES = ['localhost', '127.0.0.1', '[::1]']

/** The host name of a Host header (`name:port`, `[v6]:port`), lower-cased; undefined when absent. */
function hostName(header: string | undefined): string | undefined {
  if (!header) return undefined
  const name = header.startsWith('[') ? header.slice(0, header.indexOf(']') + 1) : header.split(':')[0]!
  return name.toLowerCase()
}

/**
 * Refuses (403) a request that reached a loopback socket under a Host name that is not local: what a page
 * does after DNS rebinding (its own name now resolving to 127.0.0.1) to read login codes from /dev or a
 * token from the wallet API. Local names (localhost, *.localhost, 127.0.0.1, [::1]) and `extraHosts` (the
 * allowed dapp hosts) pass; a simulator listening on another interface (Docker's 0.0.0.0) is not checked.
 *
 * @example
 * app.use(localHostsOnly(['my-dapp.test']))
 */
export function localHostsOnly(extraHosts: readonly string[] = []): RequestHandler {
  const allowed = new Set([...LOCAL_NAMES, ...extraHosts.map((h) => h.toLowerCase())])
  return (req, res, next) => {
    if (!LOOPBACK.has(req.socket.localAddress ?? '')) return next()
    const name = hostName(req.headers.host)
    if (name !== undefined && (allowed.has(name) || name.endsWith('.localhost'))) return next()
    res.status(403).json({
      code: 'FORBIDDEN',
      message: `Host ${name ?? '(none)'} is not a local name; wallet-sim on a loopback address answers localhost, 127.0.0.1, [::1] and the --allow-dapp hosts`,
      messages: ['Host not allowed'],
    })
  }
}

/**
 * Whether an Origin header names a page on one of `hosts` (`Origin: null`, garbage and no header never do).
 * @example originOnHosts('http://localhost:5173', ['localhost']) // true
 */
export function originOnHosts(origin: string | undefined, hosts: readonly string[]): boolean {
  if (origin === undefined) return false
  try {
    return hosts.includes(new URL(origin).hostname)
  } catch {
    return false
  }
}
