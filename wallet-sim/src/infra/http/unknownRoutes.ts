import type { RequestHandler, Router } from 'express'
import { HttpError } from './HttpError'

/** What this reads of an express router: its layers, the routes among them and their methods. */
interface RouteTable {
  readonly stack: readonly {
    readonly route?: { readonly methods: Readonly<Record<string, boolean | undefined>> } | undefined
    match(path: string): unknown
  }[]
}

export interface UnknownRoutesOptions {
  /** Paths answered outside `router` (e.g. `GET /dev` by the app), by path within the mount: methods. */
  readonly also?: Readonly<Record<string, readonly string[]>>
}

/**
 * The last handler of a service router: 405 `METHOD_NOT_ALLOWED` (with `Allow`) for a path served with another
 * method, else 404 `NOT_FOUND`, both through the router's error handler (JSON, not express's HTML page).
 *
 * @example
 * router.use(unknownRoutes(router))
 * router.use(handleErrors)
 */
export function unknownRoutes(router: Router, options: UnknownRoutesOptions = {}): RequestHandler {
  const table = router as unknown as RouteTable
  return (req, res, next) => {
    const allowed = new Set<string>(options.also?.[req.path] ?? [])
    for (const layer of table.stack) {
      if (layer.route === undefined || !layer.match(req.path)) continue
      for (const [method, on] of Object.entries(layer.route.methods)) {
        if (on && method !== '_all') allowed.add(method.toUpperCase())
      }
    }
    // express answers HEAD with the GET route: say so.
    if (allowed.has('GET')) allowed.add('HEAD')
    const path = `${req.baseUrl}${req.path === '/' && req.baseUrl !== '' ? '' : req.path}`
    if (allowed.size === 0) {
      next(new HttpError(404, 'NOT_FOUND', `No route ${req.method} ${path}`))
      return
    }
    const methods = [...allowed].sort()
    res.setHeader('Allow', methods.join(', '))
    const message = `Method ${req.method} is not allowed on ${path}; use ${methods.join(', ')}`
    next(new HttpError(405, 'METHOD_NOT_ALLOWED', message))
  }
}
