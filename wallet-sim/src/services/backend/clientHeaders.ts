import type { Request } from 'express'
import * as z from 'zod/mini'
import { Network } from '../../infra/http/schemas'
import { validate } from '../../infra/http/validate'

const ClientHeaders = z.object({
  'argent-client': z.optional(z.string()),
  'argent-version': z.optional(z.string()),
  'argent-network': z.optional(Network),
})

/** Who is calling, from the headers the SDK sends (docs/protocol.md, Portfolio backend); every field is absent for plain clients. */
export interface ClientInfo {
  client?: string
  version?: string
  network?: Network
}

/**
 * Read the SDK's client headers; a network header that names no known network is a 400.
 *
 * @example
 * readClientHeaders(req) // { client: 'webwallet-sdk', version: '1.0.0', network: 'sepolia' }
 */
export function readClientHeaders(req: Request): ClientInfo {
  const headers = validate(ClientHeaders, req.headers, 'headers')
  const info: ClientInfo = {}
  if (headers['argent-client'] !== undefined) info.client = headers['argent-client']
  if (headers['argent-version'] !== undefined) info.version = headers['argent-version']
  if (headers['argent-network'] !== undefined) info.network = headers['argent-network']
  return info
}
