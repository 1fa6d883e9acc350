import { Router } from 'express'
import { cors } from '../../infra/http/cors'
import { handleErrors } from '../../infra/http/HttpError'
import { unknownRoutes } from '../../infra/http/unknownRoutes'

/** Host names allowed to embed the wallet iframe, per network. */
export interface AllowlistConfig {
  mainnet?: readonly string[]
  sepolia?: readonly string[]
}

/** Local development hosts, so the demo app on localhost gets the iframe rather than the popup. */
export const DEFAULT_ALLOWED_DAPPS = ['localhost', '127.0.0.1'] as const

/**
 * The iframe allow-list (mount it at `/allowlist`): `GET /mainnet.json` and `GET /sepolia.json` answer
 * `{allowedDapps}`, cacheable for 24 hours like the static files the SDK reads in production (docs/protocol.md, Constants).
 *
 * @example
 * app.use('/allowlist', createAllowlistRouter({ sepolia: ['localhost', 'demo.example'] }))
 */
export function createAllowlistRouter(config: AllowlistConfig = {}): Router {
  const lists = {
    mainnet: [...(config.mainnet ?? DEFAULT_ALLOWED_DAPPS)],
    sepolia: [...(config.sepolia ?? DEFAULT_ALLOWED_DAPPS)],
  }
  const router = Router()
  router.use(cors())
  for (const network of ['mainnet', 'sepolia'] as const) {
    router.get(`/${network}.json`, (_req, res) => {
      res.setHeader('Cache-Control', 'public, max-age=86400')
      res.json({ allowedDapps: lists[network] })
    })
  }
  router.use(unknownRoutes(router))
  router.use(handleErrors)
  return router
}
