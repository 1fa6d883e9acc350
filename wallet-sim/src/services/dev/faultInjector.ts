import type { RequestHandler } from 'express'
import type { FaultRegistry } from './faults'

/** The header AVNU-style paymasters sign their answers in (read by the SDK when a server key is set). */
export const SIGNATURE_HEADER = 'signature'

export interface FaultInjectorOptions {
  /** Paths never faulted, so a test can always reach the dev API to clear faults (default `['/dev']`). */
  exempt?: readonly string[]
  /** How a delay waits; tests pass a controllable one (default: `setTimeout`). */
  sleep?: (ms: number) => Promise<void>
}

/**
 * Express middleware that applies registered faults: mount it in front of every route. A matching request
 * uses one hit of the fault; it may be delayed, answered with the fault's status/body or with broken JSON,
 * or passed through with the paymaster's signature header removed.
 *
 * @example
 * app.use(faultInjector(faults))
 * app.use('/dev', createDevRouter({ faults, … }))
 */
export function faultInjector(registry: FaultRegistry, options: FaultInjectorOptions = {}): RequestHandler {
  const exempt = options.exempt ?? ['/dev']
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  return async (req, res, next) => {
    const path = req.originalUrl.split('?')[0] ?? '/'
    if (exempt.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return next()
    // A CORS preflight is the browser's, not the client's request: faulting it would hide the fault.
    if (req.method === 'OPTIONS') return next()
    const fault = registry.take(req.method, path)
    if (fault === undefined) return next()
    if (fault.delayMs !== undefined && fault.delayMs > 0) await sleep(fault.delayMs)
    const answersItself =
      fault.malformedJson === true || fault.status !== undefined || fault.body !== undefined
    // Let browser clients read the injected status, as they can read the real services' answers.
    if (answersItself && req.headers.origin !== undefined) res.setHeader('Access-Control-Allow-Origin', '*')
    if (fault.malformedJson === true) {
      // Valid start, cut mid-string: what a proxy dropping the connection or a buggy server produces.
      res
        .status(fault.status ?? 200)
        .type('application/json')
        .send('{"injected": "malformed')
      return
    }
    if (fault.status !== undefined || fault.body !== undefined) {
      const message = `Injected fault on ${path}`
      res
        .status(fault.status ?? 500)
        .json(fault.body ?? { code: 'FAULT_INJECTED', message, messages: [message] })
      return
    }
    if (fault.dropSignatureHeader === true) {
      const writeHead = res.writeHead
      res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
        this.removeHeader(SIGNATURE_HEADER)
        return writeHead.apply(this, args)
      } as typeof writeHead
    }
    next()
  }
}
