import type { RequestHandler } from 'express'

/** Headers the SDK sends to the backend (docs/protocol.md, Portfolio backend: client, version, network) besides the usual ones. */
export const CLIENT_HEADERS = ['argent-client', 'argent-version', 'argent-network'] as const

/**
 * Headers sent to the paymaster: AVNU v1's sponsor key and asking for signed answers, and SNIP-29's sponsor
 * key (`x-paymaster-api-key`, what starknet.js `PaymasterRpc({ headers })` users send).
 */
export const PAYMASTER_HEADERS = ['api-key', 'ask-signature', 'x-paymaster-api-key'] as const

export interface CorsOptions {
  /** Methods answered to a preflight; GET and HEAD are always allowed. */
  methods?: readonly string[]
}

/**
 * CORS for the simulator's public services: any origin may read (they carry no credentials and no cookies),
 * with the SDK's client headers allowed, and preflights answered with 204.
 *
 * @example
 * router.use(cors({ methods: ['GET'] }))
 */
export function cors(options: CorsOptions = {}): RequestHandler {
  const methods = [...new Set(['GET', 'HEAD', ...(options.methods ?? [])])].join(', ')
  const allowedHeaders = ['content-type', 'authorization', ...CLIENT_HEADERS, ...PAYMASTER_HEADERS].join(', ')
  return (req, res, next) => {
    res.setHeader('Access-Control-Allow-Origin', '*')
    // `signature`: the paymaster's signed answers must be readable by the SDK in the browser.
    res.setHeader('Access-Control-Expose-Headers', 'content-type, cache-control, signature')
    if (req.method !== 'OPTIONS') return next()
    res.setHeader('Access-Control-Allow-Methods', methods)
    res.setHeader('Access-Control-Allow-Headers', allowedHeaders)
    res.setHeader('Access-Control-Max-Age', '600')
    res.status(204).end()
  }
}
