// A demo contract for session calls: per-caller counters and a shared value, with events; and an
// L1 handler, per-L1-sender counters that only L1 -> L2 messages move.
import { type ContractClass, ContractError, type EntryPoint } from '../contract'
import { FIELD_PRIME, selectorKey, selectorOf, storageVarAddress } from '../felt'
import { arg } from './u256'

export const COUNTER_CLASS_HASH = 0x00c0ffee000000000000000000000000000000000000000000000000000c0de1n
/** Where genesis deploys the demo counter. */
export const COUNTER_ADDRESS = 0x00c0ffee000000000000000000000000000000000000000000000000000c0de2n

const counterOf = (who: bigint) => storageVarAddress('counters', who)
const l1CounterOf = (l1Sender: bigint) => storageVarAddress('l1_counters', l1Sender)
const VALUE = storageVarAddress('value')
const INCREMENTED = selectorOf('Incremented')
const VALUE_SET = selectorOf('ValueSet')
const INCREASED_FROM_L1 = selectorOf('IncreasedFromL1')

const increment: EntryPoint = (ctx) => {
  const key = counterOf(ctx.callerAddress)
  const next = ctx.storageRead(key) + 1n
  ctx.storageWrite(key, next)
  ctx.emitEvent({ keys: [INCREMENTED, ctx.callerAddress], data: [next] })
  return [next]
}
// The entry points of Argent's invisible-sdk demo contract (`increase_number(number)`, `get_number(user)`),
// on the same per-caller counters, so that demo runs here with only its contract address changed.
const increaseNumber: EntryPoint = (ctx, cd) => {
  const key = counterOf(ctx.callerAddress)
  const next = (ctx.storageRead(key) + arg(cd, 0)) % FIELD_PRIME
  ctx.storageWrite(key, next)
  ctx.emitEvent({ keys: [INCREMENTED, ctx.callerAddress], data: [next] })
  return []
}
const setValue: EntryPoint = (ctx, cd) => {
  const value = arg(cd, 0)
  ctx.storageWrite(VALUE, value)
  ctx.emitEvent({ keys: [VALUE_SET, ctx.callerAddress], data: [value] })
  return []
}
// #[l1_handler] fn increase_from_l1(ref self, from_address: felt252, amount: felt252)
const increaseFromL1: EntryPoint = (ctx, cd) => {
  const [from, amount] = [arg(cd, 0), arg(cd, 1)]
  if (amount === 0n) throw new ContractError('Counter: amount is zero')
  const key = l1CounterOf(from)
  const next = ctx.storageRead(key) + amount
  ctx.storageWrite(key, next)
  ctx.emitEvent({ keys: [INCREASED_FROM_L1, from], data: [amount, next] })
  return []
}

/**
 * `increment()`, `increase_number(n)` (adds n), `set_value(v)`, `get_counter(address)` (= `get_number`),
 * `get_value()`, `get_l1_counter(l1_address)`, and
 * the L1 handler `increase_from_l1(from_address, amount)` (calldata `[l1Sender, amount]`; amount 0 panics).
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
      name: 'increase_number',
      inputs: [{ name: 'number', type: 'core::felt252' }],
      outputs: [],
      state_mutability: 'external',
    },
    {
      type: 'function',
      name: 'get_number',
      inputs: [{ name: 'user', type: 'core::starknet::contract_address::ContractAddress' }],
      outputs: [{ type: 'core::felt252' }],
      state_mutability: 'view',
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
    {
      type: 'function',
      name: 'get_l1_counter',
      inputs: [{ name: 'l1_address', type: 'core::felt252' }],
      outputs: [{ type: 'core::felt252' }],
      state_mutability: 'view',
    },
    {
      type: 'l1_handler',
      name: 'increase_from_l1',
      inputs: [
        { name: 'from_address', type: 'core::felt252' },
        { name: 'amount', type: 'core::felt252' },
      ],
      outputs: [],
      state_mutability: 'external',
    },
  ],
  entryPoints: {
    [selectorKey(selectorOf('increment'))]: increment,
    [selectorKey(selectorOf('set_value'))]: setValue,
    [selectorKey(selectorOf('get_counter'))]: (ctx, cd) => [ctx.storageRead(counterOf(arg(cd, 0)))],
    [selectorKey(selectorOf('increase_number'))]: increaseNumber,
    [selectorKey(selectorOf('get_number'))]: (ctx, cd) => [ctx.storageRead(counterOf(arg(cd, 0)))],
    [selectorKey(selectorOf('get_value'))]: (ctx) => [ctx.storageRead(VALUE)],
    [selectorKey(selectorOf('get_l1_counter'))]: (ctx, cd) => [ctx.storageRead(l1CounterOf(arg(cd, 0)))],
  },
  l1Handlers: {
    [selectorKey(selectorOf('increase_from_l1'))]: increaseFromL1,
  },
}
