import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import express, { type Express, type Handler, type Router } from 'express'

/** A running HTTP server on a free port. */
export interface Served {
  /** Base URL including the mount path, e.g. `http://127.0.0.1:41234/v1`. */
  url: string
  close(): Promise<void>
}

/**
 * Serve routers (and middleware in front of them) on 127.0.0.1 and a free port, for tests and tools.
 *
 * @example
 * const served = await serve('/v1', createBackendRouter(deps))
 * await fetch(`${served.url}/tokens/info?chain=starknet`)
 * await served.close()
 */
export async function serve(mountPath: string, router: Router, ...before: Handler[]): Promise<Served> {
  const app = express()
  for (const handler of before) app.use(handler)
  app.use(mountPath, router)
  return serveApp(app, mountPath === '/' ? '' : mountPath)
}

/**
 * Serve a whole express app on 127.0.0.1 and a free port.
 *
 * @example
 * const served = await serveApp(app)
 */
export async function serveApp(app: Express, basePath = ''): Promise<Served> {
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening))
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}${basePath}`,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
