import { isRpcHexFelt, rpcIntegerOf } from '@webwallet/protocol/constants'
import * as z from 'zod/mini'

/** Networks the backend serves, in the words of its `/activity/starknet/{network}` paths. */
export const Network = z.enum(['mainnet', 'sepolia'])
export type Network = z.infer<typeof Network>

/**
 * A Starknet address in a request: `0x` and 1 to 64 hex digits, normalised to `0x` + 64 lowercase digits
 * (docs/protocol.md, Validation rules), so that maps keyed by address agree however a client pads or cases it.
 *
 * @example
 * Address.parse('0x49D3') // '0x00…049d3'
 */
export const Address = z.pipe(
  z.string().check(z.refine((value) => isRpcHexFelt(value), 'Invalid address')),
  z.transform((value) => `0x${value.slice(2).toLowerCase().padStart(64, '0')}`),
)

/** The `chain` query parameter of the portfolio backend: only Starknet exists here. */
export const ChainQuery = z.object({ chain: z.literal('starknet') })

const isInteger = (text: string) => rpcIntegerOf(text) !== undefined

/** A non-negative integer carried as a decimal or 0x-hex string, or as a JSON safe integer. */
export const Amount = z.pipe(
  z.union([
    z.string().check(z.refine(isInteger, 'Expected a decimal or 0x-hex integer')),
    z.number().check(z.int(), z.nonnegative()),
  ]),
  z.transform((value) => BigInt(value)),
)
