import type { RequestHandler } from 'express'
import { originOnHosts } from '../http/localHosts'

/**
 * CORS for the dev routes a web page calls (the demo's "Register name"): pages served from one of `hosts`
 * (the host names allowed to embed the wallet) may call them; any other origin gets no CORS headers, so
 * browsers keep arbitrary sites away from the unauthenticated dev API.
 *
 * @example
 * router.use('/accounts/:address/name', pageCors(['localhost', '127.0.0.1']))
 */
export function pageCors(hosts: readonly string[]): RequestHandler {
  return (req, res, next) => {
    res.vary('Origin')
    const origin = req.headers.origin
    const ok = originOnHosts(origin, hosts)
    if (ok) res.setHeader('Access-Control-Allow-Origin', origin as string)
    if (req.method !== 'OPTIONS') return next()
    if (ok) {
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST')
      res.setHeader('Access-Control-Allow-Headers', 'content-type')
      res.setHeader('Access-Control-Max-Age', '600')
    }
    res.status(204).end()
  }
}
