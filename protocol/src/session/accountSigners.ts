import { ValidationError } from '../errors/validation'
import { type Felt, type FeltLike, toFelt, toHex } from './felt'

// Argent's `constructor(owner: Signer, guardian: Option<Signer>)` for Stark-key signers: Signer::Starknet is
// variant 0 ({ pubkey }); Option::Some is variant 0, Option::None variant 1.
const STARKNET_SIGNER = 0n
const SOME = 0n
const NONE = 1n

/** The Stark public keys of an Argent account's signers; `guardian` is 0n when the account has none. */
export interface AccountSigners {
  readonly owner: Felt
  readonly guardian: Felt
}

/**
 * Argent's constructor calldata for an owner and a guardian; no guardian (or 0) is `Option::None`, read as 0.
 *
 * @example
 * argentConstructorCalldata(owner, guardian) // ['0x0', owner, '0x0', '0x0', guardian]
 * argentConstructorCalldata(owner) // ['0x0', owner, '0x1']
 */
export function argentConstructorCalldata(owner: FeltLike, guardian: FeltLike = 0n): string[] {
  const head = [toHex(STARKNET_SIGNER), toHex(owner)]
  return toFelt(guardian) === 0n
    ? [...head, toHex(NONE)]
    : [...head, toHex(SOME), toHex(STARKNET_SIGNER), toHex(guardian)]
}

/**
 * The signers of Argent constructor calldata; a guardian absent (`Option::None`, or no guardian part at all)
 * reads as 0n. Anything else than Stark-key signers in that layout is VALIDATION.
 *
 * @example
 * argentSigners(['0x0', owner, '0x1']) // { owner, guardian: 0n }
 */
export function argentSigners(calldata: readonly FeltLike[]): AccountSigners {
  const [variant, owner, option, guardianVariant, guardian, ...rest] = calldata.map((value) => toFelt(value))
  const invalid = (message: string) => new ValidationError([{ path: ['constructorCalldata'], message }])
  if (variant !== STARKNET_SIGNER || owner === undefined || owner === 0n) {
    throw invalid('The owner must be a Stark key')
  }
  if (option === undefined || (option === NONE && guardianVariant === undefined))
    return { owner, guardian: 0n }
  if (option !== SOME || guardianVariant !== STARKNET_SIGNER || !guardian || rest.length > 0) {
    throw invalid('The guardian must be absent or a Stark key')
  }
  return { owner, guardian }
}
