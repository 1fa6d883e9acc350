// Params of the devnet_* methods read as starknet-devnet 0.10.1 reads them (serde with deny_unknown_fields):
// an unknown field, a wrong type or a bad unit is -32602, and a block that is not there is -1 "No block found".
import type { BlockId, Chain } from '../chain/chain'
import { RpcCode, RpcError } from '../chain/errors'
import { FIELD_PRIME } from '../chain/felt'
import type { BlockRecord } from '../chain/records'
import { bigIntegerOf } from './bigJson'
import type { Method } from './method'
import { blockId, invalidParams } from './params'

/** A method that refuses fields it does not name (as devnet's `deny_unknown_fields`). */
export function strict(method: Method): Method {
  return {
    ...method,
    run: (chain, p, v) => {
      const unknown = Object.keys(p).find((k) => !method.names.includes(k))
      if (unknown !== undefined)
        throw invalidParams(
          method.names.length === 0
            ? `expected no params, got the field ${unknown}`
            : `unknown field ${unknown}, expected one of ${method.names.join(', ')}`,
        )
      return method.run(chain, p, v)
    },
  }
}

/**
 * devnet_mint's `amount`: a JSON number, exactly as written however large (1000 STRK is 10^21 FRI, also
 * written 1e21, which JSON.stringify makes of such a number). A string is refused as devnet refuses it.
 * Unlike devnet, which truncates 1.5 to 1, an amount with a fraction is refused: a mint gives what is asked.
 */
export function amountOf(v: unknown): bigint {
  const big = bigIntegerOf(v)
  if (big !== undefined) {
    if (big < 0n) throw invalidParams('amount must be a non-negative integer')
    // From 2^256 on the mint reverts on chain as on devnet; past this its u256 calldata would not be felts.
    if (big >> 128n >= FIELD_PRIME) throw invalidParams('amount is too large for a u256')
    return big
  }
  if (typeof v === 'string')
    throw invalidParams(`amount: expected a JSON number, got the string ${JSON.stringify(v)}`)
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v)
  throw invalidParams('amount must be a non-negative integer')
}

/** A fee unit, FRI (STRK) or WEI (ETH); devnet's default is FRI. */
export function unitOf(v: unknown): 'FRI' | 'WEI' {
  if (v === undefined || v === null) return 'FRI'
  if (v === 'FRI' || v === 'WEI') return v
  throw invalidParams(`unit must be FRI or WEI, got ${JSON.stringify(v)}`)
}

/** An optional boolean flag (devnet refuses "yes" or 1 where it takes a bool). */
export function flag(v: unknown, name: string): boolean {
  if (v === undefined || v === null) return false
  if (typeof v === 'boolean') return v
  throw invalidParams(`${name} must be a boolean, got ${JSON.stringify(v)}`)
}

/** A time in seconds, a u64 as devnet takes it. */
export function seconds(v: unknown): number {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return v
  throw invalidParams(`time must be a non-negative integer (seconds), got ${JSON.stringify(v)}`)
}

/** starknet-devnet's answer for a block id that names no block. */
export const noBlockFound = () => new RpcError(RpcCode.DEVNET_ERROR, undefined, 'No block found')

/** The block `id` names, resolved; one that is not there answers devnet's -1 "No block found", not 24. */
export function devnetBlock(chain: Chain, id: unknown): { id: BlockId; block: BlockRecord | 'pending' } {
  const parsed = blockId(id)
  try {
    return { id: parsed, block: chain.resolveBlock(parsed) }
  } catch (e) {
    if (e instanceof RpcError && e.code === RpcCode.BLOCK_NOT_FOUND) throw noBlockFound()
    throw e
  }
}
