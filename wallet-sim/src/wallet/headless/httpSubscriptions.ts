// Which procedures an HTTP request to the wallet router runs, read by tRPC's own request parser before
// tRPC sees the request, so a gate decides on exactly the calls tRPC will make: the same path (the last
// segment, percent-decoded), the same `?batch=1` test, the same `input` and `connectionParams`. A gate that
// read the query its own way let `?batch=0`, `?batch`, `?batch=2&batch=1` and `/trpc/x/walletEvents`
// open a stream its check never saw.
import type { IncomingMessage } from 'node:http'
import { type AnyTRPCRouter, getTRPCErrorShape, TRPCError } from '@trpc/server'
import { createURL } from '@trpc/server/adapters/node-http'
import {
  getRequestInfo,
  type TRPCRequestInfo,
  urlPathToProcedurePath,
} from '@trpc/server/unstable-core-do-not-import'
import { WALLET_EVENTS_PROCEDURE } from '@webwallet/protocol/procedures'
import type { Request, RequestHandler } from 'express'
import { TRPC_WS_PATH } from './ws'

/**
 * The calls tRPC's express adapter makes of `req` on `router`, and whether they are a batch; undefined
 * when tRPC cannot read the request either (it then answers an error itself, and runs nothing).
 *
 * @example
 * const info = await trpcCallsOf(req, router) // { isBatchCall: false, calls: [{ path: 'walletEvents', … }] }
 */
export async function trpcCallsOf(
  req: Request,
  router: AnyTRPCRouter,
): Promise<Pick<TRPCRequestInfo, 'isBatchCall' | 'calls'> | undefined> {
  try {
    // As @trpc/server/adapters/express and resolveResponse derive the procedure path from the URL.
    const last = req.path.slice(req.path.lastIndexOf('/') + 1)
    const path = urlPathToProcedurePath(decodeURIComponent(last), router._def._config.pathSeparator)
    const url = createURL(req)
    // The body is never read here: only the path and the query name the calls.
    const request = new Request(url, { method: req.method, headers: headersOf(req) })
    return await getRequestInfo({
      req: request,
      path,
      router,
      url,
      searchParams: url.searchParams,
      headers: request.headers,
    })
  } catch {
    return undefined
  }
}

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.append(name, value)
    else for (const one of value ?? []) headers.append(name, one)
  }
  return headers
}

/**
 * Gates subscription calls before tRPC sees them, on the calls tRPC will make (trpcCallsOf): `walletEvents`,
 * anywhere in a batch, is 403 to a browser page whose origin may not read it (no other site holds a stream open);
 * `updateModal` (it follows a wallet window) is METHOD_NOT_SUPPORTED (405). tRPC refuses other batches itself.
 *
 * @example
 * http.use(subscriptionRules(router, (origin, req) => trustedPage(req) || isListedOrigin(origin, hosts)))
 */
export function subscriptionRules(
  router: AnyTRPCRouter,
  readable: (origin: string, req: IncomingMessage) => boolean,
): RequestHandler {
  return async (req, res, next) => {
    const info = await trpcCallsOf(req, router)
    const subscriptions = (info?.calls ?? []).filter((call) => call.procedure?._def.type === 'subscription')
    if (info === undefined || subscriptions.length === 0) return next()
    const origin = req.headers.origin
    if (subscriptions.some((call) => call.path === WALLET_EVENTS_PROCEDURE)) {
      if (origin === undefined || readable(origin, req)) return next()
      const message = `Origin ${origin} may not follow ${WALLET_EVENTS_PROCEDURE} over HTTP; its page is not on the wallet's allow-list (--allow-dapp)`
      res.status(403).json({ code: 'FORBIDDEN', message })
      return
    }
    if (info.isBatchCall) return next()
    const [{ path }] = subscriptions as [TRPCRequestInfo['calls'][number]]
    const error = new TRPCError({
      code: 'METHOD_NOT_SUPPORTED',
      message: `${path} is a subscription: over WebSocket (ws ${TRPC_WS_PATH}) or postMessage only, not HTTP`,
    })
    const shape = getTRPCErrorShape({
      config: router._def._config,
      error,
      type: 'subscription',
      path,
      input: undefined,
      ctx: undefined,
    })
    res.status(405).json({ error: shape })
  }
}
