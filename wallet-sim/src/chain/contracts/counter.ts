// A demo contract for session calls: per-caller counters and a shared value, with events.
import type { ContractClass, EntryPoint } from '../contract'
import { selectorKey, selectorOf, storageVarAddress } from '../felt'
import { arg } from './u256'

export const COUNTER_CLASS_HASH = 0x00c0ffee000000000000000000000000000000000000000000000000000c0de1n
/** Where genesis deploys the demo counter. */
export const COUNTER_ADDRESS = 0x00c0ffee000000000000000000000000000000000000000000000000000c0de2n

const counterOf = (who: bigint) => storageVarAddress('counters', who)
const VALUE = storageVarAddress('value')
const INCREMENTED = selectorOf('Incremented')
const VALUE_SET = selectorOf('ValueSet')

const increment: EntryPoint = (ctx) => {
  const key = counterOf(ctx.callerAddress)
  const next = ctx.storageRead(key) + 1n
  ctx.storageWrite(key, next)
  ctx.emitEvent({ keys: [INCREMENTED, ctx.callerAddress], data: [next] })
  return [next]
}
const setValue: EntryPoint = (ctx, cd) => {
  const value = arg(cd, 0)
  ctx.storageWrite(VALUE, value)
  ctx.emitEvent({ keys: [VALUE_SET, ctx.callerAddress], data: [value] })
  return []
}

/**
 * `increment()`, `set_value(v)`, `get_counter(address)`, `get_value()`.
 * @example chain.call({ to: COUNTER_ADDRESS, selector: selectorOf('get_counter'), calldata: [a] }, latest)
 */
export const CounterClass: ContractClass = {
  classHash: COUNTER_CLASS_HASH,
  name: 'DemoCounter',
  abi: [
    {
      type: 'function',
      name: 'increment',
      inputs: [],
      outputs: [{ type: 'core::felt252' }],
      state_mutability: 'external',
    },
    {
      type: 'function',
      name: 'set_value',
      inputs: [{ name: 'value', type: 'core::felt252' }],
      outputs: [],
      state_mutability: 'external',
    },
    {
      type: 'function',
      name: 'get_counter',
      inputs: [{ name: 'user', type: 'core::starknet::contract_address::ContractAddress' }],
      outputs: [{ type: 'core::felt252' }],
      state_mutability: 'view',
    },
    {
      type: 'function',
      name: 'get_value',
      inputs: [],
      outputs: [{ type: 'core::felt252' }],
      state_mutability: 'view',
    },
  ],
  entryPoints: {
    [selectorKey(selectorOf('increment'))]: increment,
    [selectorKey(selectorOf('set_value'))]: setValue,
    [selectorKey(selectorOf('get_counter'))]: (ctx, cd) => [ctx.storageRead(counterOf(arg(cd, 0)))],
    [selectorKey(selectorOf('get_value'))]: (ctx) => [ctx.storageRead(VALUE)],
  },
}
