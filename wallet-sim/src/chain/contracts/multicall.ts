// A multicall contract: `aggregate(calls)` runs view calls and returns the block number and results.
import type { ContractClass, EntryPoint } from '../contract'
import { selectorKey, selectorOf } from '../felt'
import { decodeCalls, encodeResults } from './calls'

export const MULTICALL_CLASS_HASH = 0x00c0ffee000000000000000000000000000000000000000000000000000ca11n
/** The widely used Starknet multicall address (mainnet), deployed at genesis here. */
export const MULTICALL_ADDRESS = 0x05754af3760f3356da99aea5c3ec39ccac7783d925a19666ebbeca58ff0087f4n

const aggregate: EntryPoint = (ctx, cd) => {
  const results = decodeCalls(cd).map((c) => ctx.callContract(c))
  return [ctx.block.number, ...encodeResults(results)]
}

/**
 * `aggregate(calls: Array<Call>) -> (block_number, Array<Span<felt252>>)`.
 * @example chain.call({ to: MULTICALL_ADDRESS, selector: selectorOf('aggregate'), calldata: encodeCalls(calls) }, latest)
 */
export const MulticallClass: ContractClass = {
  classHash: MULTICALL_CLASS_HASH,
  name: 'Multicall',
  abi: [
    {
      type: 'function',
      name: 'aggregate',
      inputs: [{ name: 'calls', type: 'core::array::Array::<core::starknet::account::Call>' }],
      outputs: [{ type: '(core::felt252, core::array::Array::<core::array::Span::<core::felt252>>)' }],
      state_mutability: 'view',
    },
  ],
  entryPoints: { [selectorKey(selectorOf('aggregate'))]: aggregate },
}
