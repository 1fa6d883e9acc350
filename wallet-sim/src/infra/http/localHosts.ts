// Which Host names wallet-sim answers, on whatever address it listens: the DNS-rebinding defence. A page
// whose own name was made to resolve to wallet-sim's address reaches it with that name in the Host header;
// only names the server was configured to answer pass.
import type { IncomingMessage } from 'node:http'
import { isIP } from 'node:net'
import type { RequestHandler } from 'express'

const LOCAL_NAMES = ['localhost', '127.0.0.1', '[::1]']
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]'])

/**
 * The host name of a Host header or URL host (`name:port`, `[v6]:port`), lower-cased, IPv6 in brackets;
 * undefined when absent.
 * @example hostName('[::1]:3005') // '[::1]'
 */
export function hostName(header: string | undefined): string | undefined {
  if (!header) return undefined
  const name = header.startsWith('[') ? header.slice(0, header.indexOf(']') + 1) : header.split(':')[0]!
  return name.toLowerCase()
}

/** An address as a Host header writes it: IPv4 (also IPv4-mapped) as is, IPv6 in brackets. */
function addressAsHost(address: string | undefined): string | undefined {
  if (!address) return undefined
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '').replace(/%.*$/, '')
  return isIP(plain) === 6 ? `[${plain.toLowerCase()}]` : plain
}

/**
 * The names a server answers: localhost, `*.localhost`, 127.0.0.1, [::1], the address a request reached (so a
 * LAN address or any interface of `0.0.0.0` answers under its own), a `--host` name, and `extraHosts`.
 *
 * @example
 * const names = allowedHostNames({ host: '0.0.0.0', extraHosts: ['wallet-sim'] })
 * names.allows('wallet-sim', req.socket) // true
 */
export function allowedHostNames(options: { host?: string | undefined; extraHosts?: readonly string[] }) {
  const fixed = new Set([...LOCAL_NAMES, ...(options.extraHosts ?? []).map((h) => h.toLowerCase())])
  const bound = addressAsHost(options.host)
  if (bound !== undefined && !WILDCARDS.has(bound)) fixed.add(bound.toLowerCase())
  return {
    /** Whether `name` (as hostName gives it) is one this server answers on `socket`. */
    allows(name: string | undefined, socket: { localAddress?: string | undefined }): boolean {
      if (name === undefined || name === '') return false
      return fixed.has(name) || name.endsWith('.localhost') || name === addressAsHost(socket.localAddress)
    },
    /** The names for messages: the fixed ones (the socket's own address is added per request). */
    list: () => [...fixed],
  }
}

export type AllowedHostNames = ReturnType<typeof allowedHostNames>

/**
 * Why `req`'s Host header is refused, or undefined when it is one of `names`.
 * @example hostRefusal(req, names) // 'Host evil.example is not a name this wallet-sim answers; …'
 */
export function hostRefusal(req: IncomingMessage, names: AllowedHostNames): string | undefined {
  const name = hostName(req.headers.host)
  if (names.allows(name, req.socket)) return undefined
  return `Host ${name ?? '(none)'} is not a name this wallet-sim answers (${[...names.list(), '*.localhost', 'the address it listens on'].join(', ')}); add it with --allow-host ${name ?? 'NAME'} if it is really yours`
}

/**
 * Refuses (403) a request whose Host header is not one of `names`, whatever the socket's address: a DNS-rebound
 * page (its name now resolving to wallet-sim) must not read login codes from /dev or a wallet API token.
 *
 * @example
 * app.use(hostCheck(allowedHostNames({ host: '127.0.0.1' })))
 */
export function hostCheck(names: AllowedHostNames): RequestHandler {
  return (req, res, next) => {
    const refusal = hostRefusal(req, names)
    if (refusal === undefined) return next()
    res.status(403).json({ code: 'FORBIDDEN', message: refusal, messages: ['Host not allowed'] })
  }
}
