// Bodies of POST /dev/accounts/:address/defi and /airdrops: the exact data, checked against the protocol's
// schemas (what the SDK will parse), or `{"preset":"sample"}` for generated sample data.
import {
  type Airdrop,
  AirdropSchema,
  type DefiDecomposition,
  DefiDecompositionSchema,
} from '@webwallet/protocol'
import * as z from 'zod/mini'
import { HttpError } from '../../infra/http/HttpError'
import { validate } from '../../infra/http/validate'

const Sample = z.object({ preset: z.literal('sample', 'The only preset is "sample"') })
const DefiData = z.object({ dapps: DefiDecompositionSchema.shape.dapps })
const AirdropData = z.object({ airdrops: z.array(AirdropSchema) })

// A body naming a preset is checked as a preset, one with the data as data: each 400 then names the field
// at fault; a body with neither is told both ways.
const has = (body: unknown, key: string) =>
  typeof body === 'object' && body !== null && !Array.isArray(body) && key in body
function neither(key: string): HttpError {
  const message = `body: Give {"preset":"sample"} or {"${key}":[…]}`
  return new HttpError(400, 'BAD_REQUEST', message)
}

/**
 * @example
 * defiBody({ preset: 'sample' }) // 'sample'
 * defiBody({ dapps: [{ dappId: 'ekubo', products: [] }] }) // the dapps
 */
export function defiBody(body: unknown): DefiDecomposition['dapps'] | 'sample' {
  if (has(body, 'preset')) return validate(Sample, body, 'body').preset
  if (!has(body, 'dapps')) throw neither('dapps')
  return validate(DefiData, body, 'body').dapps
}

/** @example airdropsBody({ airdrops: [{ tokenAddress: '0x1', claimStart: '2026-01-01T00:00:00Z' }] }) */
export function airdropsBody(body: unknown): Airdrop[] | 'sample' {
  if (has(body, 'preset')) return validate(Sample, body, 'body').preset
  if (!has(body, 'airdrops')) throw neither('airdrops')
  return validate(AirdropData, body, 'body').airdrops
}
