// Starknet ID's multicall: `aggregate(calls)` where each call's target, selector and calldata may
// refer to results of earlier calls, and may run only if an earlier result equals (or not) a value.
// starknet.js's `getStarkProfile` reads a whole profile with one such call.
import { type ContractClass, ContractError, type EntryPoint, type Felt } from '../contract'
import { selectorKey, selectorOf } from '../felt'
import { encodeResults } from './calls'
import { arg } from './u256'

export const DYNAMIC_MULTICALL_CLASS_HASH =
  0x00c0ffee0000000000000000000000000000000000000000000000000000ca12n
/** The Starknet ID multicall address (the same on every network). */
export const DYNAMIC_MULTICALL_ADDRESS = 0x034ffb8f4452df7a613a0210824d6414dbadcddce6c6e19bf4ddc9e22ce5f970n

const aggregate: EntryPoint = (ctx, cd) => {
  let i = 0
  const next = () => arg(cd, i++)
  const results: Felt[][] = []
  const ref = (): Felt => {
    const [call, pos] = [Number(next()), Number(next())]
    const v = results[call]?.[pos]
    if (v === undefined) throw new ContractError('Index out of bounds')
    return v
  }
  const dynamicFelt = (): Felt => {
    const variant = next()
    if (variant === 0n) return next()
    if (variant === 1n) return ref()
    throw new ContractError('Invalid enum variant')
  }
  const count = Number(next())
  for (let k = 0; k < count; k++) {
    const execVariant = next()
    let run = true
    if (execVariant === 1n || execVariant === 2n) {
      const value = ref()
      const expected = next()
      run = execVariant === 1n ? value === expected : value !== expected
    } else if (execVariant !== 0n) throw new ContractError('Invalid enum variant')
    const to = dynamicFelt()
    const selector = dynamicFelt()
    const calldata: Felt[] = []
    const argc = Number(next())
    for (let a = 0; a < argc; a++) {
      const variant = next()
      if (variant === 0n) calldata.push(next())
      else if (variant === 1n) calldata.push(ref())
      else if (variant === 2n) {
        // ArrayReference(call, pos): the length at `pos` and that many following felts.
        const [call, pos] = [Number(next()), Number(next())]
        const source = results[call] ?? []
        const len = Number(source[pos] ?? 0n)
        calldata.push(BigInt(len), ...source.slice(pos + 1, pos + 1 + len))
      } else throw new ContractError('Invalid enum variant')
    }
    results.push(run ? ctx.callContract({ to, selector, calldata }) : [])
  }
  return encodeResults(results)
}

/**
 * The dynamic multicall class.
 * @example starknetId.getStarkProfile(provider, address) // reads through this contract
 */
export const DynamicMulticallClass: ContractClass = {
  classHash: DYNAMIC_MULTICALL_CLASS_HASH,
  name: 'StarknetIdMulticall',
  abi: [
    {
      type: 'function',
      name: 'aggregate',
      inputs: [{ name: 'calls', type: 'core::array::Array::<multicall::Call>' }],
      outputs: [{ type: 'core::array::Array::<core::array::Span::<core::felt252>>' }],
      state_mutability: 'view',
    },
  ],
  entryPoints: { [selectorKey(selectorOf('aggregate'))]: aggregate },
}
