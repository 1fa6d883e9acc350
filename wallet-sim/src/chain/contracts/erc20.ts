// ERC-20 as the OpenZeppelin Cairo 1 component lays it out (storage names, u256 as low/high, events
// keyed by the event selector plus the indexed from/to), with both snake_case and camelCase entries.
import { FEE_TOKEN_ADDRESSES } from '@webwallet/protocol/constants'
import {
  type ContractClass,
  ContractError,
  type EntryPoint,
  type ExecutionContext,
  type Felt,
} from '../contract'
import { selectorKey, selectorOf, storageVarAddress } from '../felt'
import type { State } from '../state'
import { arg, joinU256, splitU256 } from './u256'

/** The class hash of the ERC-20 class starknet-devnet predeploys (OpenZeppelin ERC-20, Cairo 1). */
export const ERC20_CLASS_HASH = 0x046ded64ae2dead6448e247234bab192a9c483644395b66f2155f2614e5804b0n

/** Canonical fee-token addresses (the same on mainnet and Sepolia), as the node's felts. */
export const STRK_ADDRESS = BigInt(FEE_TOKEN_ADDRESSES.SN_SEPOLIA.STRK)
export const ETH_ADDRESS = BigInt(FEE_TOKEN_ADDRESSES.SN_SEPOLIA.ETH)

const cache = new Map<string, Felt>()
function slot(name: string, ...keys: Felt[]): Felt {
  const id = `${name}:${keys.join(':')}`
  let s = cache.get(id)
  if (s === undefined) {
    s = storageVarAddress(name, ...keys)
    if (cache.size > 200_000) cache.clear()
    cache.set(id, s)
  }
  return s
}

/** Seeds the slot cache with a balance slot computed earlier (genesis caches dev-account slots). */
export function rememberBalanceSlot(owner: Felt, slotKey: Felt): void {
  cache.set(`ERC20_balances:${owner}`, slotKey)
}

/** Storage keys of the ERC-20 state, for direct reads (`getStorageAt`, fee transfer, devnet_mint). */
export const Erc20Storage = {
  balance: (owner: Felt) => slot('ERC20_balances', owner),
  allowance: (owner: Felt, spender: Felt) => slot('ERC20_allowances', owner, spender),
  totalSupply: () => slot('ERC20_total_supply'),
  name: () => slot('ERC20_name'),
  symbol: () => slot('ERC20_symbol'),
  decimals: () => slot('ERC20_decimals'),
  /** Who may call `permissioned_mint` (the simulator's minter account; devnet_mint goes through it). */
  minter: () => slot('ERC20_minter'),
}

type Read = (key: Felt) => Felt
type Write = (key: Felt, value: Felt) => void
const readU256 = (read: Read, key: Felt) => read(key) + read(key + 1n) * 2n ** 128n
function writeU256(write: Write, key: Felt, v: bigint) {
  const [low, high] = splitU256(v)
  write(key, low)
  write(key + 1n, high)
}

/**
 * An ERC-20 balance read straight from a state layer (no gas, no call frame).
 * @example erc20BalanceOf(state, STRK_ADDRESS, account)
 */
export const erc20BalanceOf = (state: State, token: Felt, owner: Felt): bigint =>
  readU256((k) => state.getStorage(token, k), Erc20Storage.balance(owner))

/** Adds `amount` to a balance and the total supply (devnet_mint, genesis funding). */
export function erc20Mint(state: State, token: Felt, owner: Felt, amount: bigint): bigint {
  const read: Read = (k) => state.getStorage(token, k)
  const write: Write = (k, v) => state.setStorage(token, k, v)
  const balance = readU256(read, Erc20Storage.balance(owner)) + amount
  writeU256(write, Erc20Storage.balance(owner), balance)
  writeU256(write, Erc20Storage.totalSupply(), readU256(read, Erc20Storage.totalSupply()) + amount)
  return balance
}

const TRANSFER = selectorOf('Transfer')
const APPROVAL = selectorOf('Approval')

function move(ctx: ExecutionContext, from: Felt, to: Felt, amount: bigint) {
  if (from === 0n) throw new ContractError('ERC20: transfer from 0')
  if (to === 0n) throw new ContractError('ERC20: transfer to 0')
  const read: Read = (k) => ctx.storageRead(k)
  const write: Write = (k, v) => ctx.storageWrite(k, v)
  const fromBalance = readU256(read, Erc20Storage.balance(from))
  if (fromBalance < amount) throw new ContractError('ERC20: insufficient balance')
  writeU256(write, Erc20Storage.balance(from), fromBalance - amount)
  writeU256(write, Erc20Storage.balance(to), readU256(read, Erc20Storage.balance(to)) + amount)
  ctx.emitEvent({ keys: [TRANSFER, from, to], data: splitU256(amount) })
}

function setAllowance(ctx: ExecutionContext, owner: Felt, spender: Felt, amount: bigint) {
  if (owner === 0n) throw new ContractError('ERC20: approve from 0')
  if (spender === 0n) throw new ContractError('ERC20: approve to 0')
  writeU256((k, v) => ctx.storageWrite(k, v), Erc20Storage.allowance(owner, spender), amount)
  ctx.emitEvent({ keys: [APPROVAL, owner, spender], data: splitU256(amount) })
}

const balanceOf: EntryPoint = (ctx, cd) =>
  splitU256(readU256(ctx.storageRead, Erc20Storage.balance(arg(cd, 0))))
const totalSupply: EntryPoint = (ctx) => splitU256(readU256(ctx.storageRead, Erc20Storage.totalSupply()))
const allowance: EntryPoint = (ctx, cd) =>
  splitU256(readU256(ctx.storageRead, Erc20Storage.allowance(arg(cd, 0), arg(cd, 1))))
const transfer: EntryPoint = (ctx, cd) => {
  move(ctx, ctx.callerAddress, arg(cd, 0), joinU256(cd[1], cd[2]))
  return [1n]
}
const transferFrom: EntryPoint = (ctx, cd) => {
  const [from, to, amount] = [arg(cd, 0), arg(cd, 1), joinU256(cd[2], cd[3])]
  const spender = ctx.callerAddress
  const current = readU256(ctx.storageRead, Erc20Storage.allowance(from, spender))
  if (current !== 2n ** 256n - 1n) {
    if (current < amount) throw new ContractError('ERC20: insufficient allowance')
    writeU256(ctx.storageWrite, Erc20Storage.allowance(from, spender), current - amount)
  }
  move(ctx, from, to, amount)
  return [1n]
}
const approve: EntryPoint = (ctx, cd) => {
  setAllowance(ctx, ctx.callerAddress, arg(cd, 0), joinU256(cd[1], cd[2]))
  return [1n]
}

const permissionedMint: EntryPoint = (ctx, cd) => {
  const minter = ctx.storageRead(Erc20Storage.minter())
  if (minter === 0n || ctx.callerAddress !== minter)
    throw new ContractError('ERC20: caller is not the minter')
  const recipient = arg(cd, 0)
  if (recipient === 0n) throw new ContractError('ERC20: mint to 0')
  const amount = joinU256(cd[1], cd[2])
  const read: Read = (k) => ctx.storageRead(k)
  const write: Write = (k, v) => ctx.storageWrite(k, v)
  // Cairo's u256 addition panics past 2^256 - 1 (total supply first, as OpenZeppelin's `update` adds it).
  const supply = readU256(read, Erc20Storage.totalSupply()) + amount
  if (supply >= 2n ** 256n) throw new ContractError('u256_add Overflow')
  writeU256(write, Erc20Storage.balance(recipient), readU256(read, Erc20Storage.balance(recipient)) + amount)
  writeU256(write, Erc20Storage.totalSupply(), supply)
  ctx.emitEvent({ keys: [TRANSFER, 0n, recipient], data: splitU256(amount) })
  return []
}

const entries: Record<string, EntryPoint> = {
  permissioned_mint: permissionedMint,
  name: (ctx) => [ctx.storageRead(Erc20Storage.name())],
  symbol: (ctx) => [ctx.storageRead(Erc20Storage.symbol())],
  decimals: (ctx) => [ctx.storageRead(Erc20Storage.decimals())],
  total_supply: totalSupply,
  totalSupply,
  balance_of: balanceOf,
  balanceOf,
  allowance,
  transfer,
  transfer_from: transferFrom,
  transferFrom,
  approve,
}

const u256Type = 'core::integer::u256'
const fn = (name: string, inputs: [string, string][], outputs: string[], view: boolean) => ({
  type: 'function',
  name,
  inputs: inputs.map(([n, type]) => ({ name: n, type })),
  outputs: outputs.map((type) => ({ type })),
  state_mutability: view ? 'view' : 'external',
})
const felt = 'core::felt252'
const addr = 'core::starknet::contract_address::ContractAddress'

/**
 * The ERC-20 class. Constructor: (name, symbol, decimals, initial_supply: u256, recipient).
 * @example registerContractClass(Erc20Class)
 */
export const Erc20Class: ContractClass = {
  classHash: ERC20_CLASS_HASH,
  name: 'ERC20',
  abi: [
    {
      type: 'interface',
      name: 'openzeppelin::token::erc20::interface::IERC20',
      items: [
        fn('name', [], [felt], true),
        fn('symbol', [], [felt], true),
        fn('decimals', [], ['core::integer::u8'], true),
        fn('total_supply', [], [u256Type], true),
        fn('balance_of', [['account', addr]], [u256Type], true),
        fn(
          'allowance',
          [
            ['owner', addr],
            ['spender', addr],
          ],
          [u256Type],
          true,
        ),
        fn(
          'transfer',
          [
            ['recipient', addr],
            ['amount', u256Type],
          ],
          ['core::bool'],
          false,
        ),
        fn(
          'transfer_from',
          [
            ['sender', addr],
            ['recipient', addr],
            ['amount', u256Type],
          ],
          ['core::bool'],
          false,
        ),
        fn(
          'approve',
          [
            ['spender', addr],
            ['amount', u256Type],
          ],
          ['core::bool'],
          false,
        ),
      ],
    },
    {
      type: 'constructor',
      name: 'constructor',
      inputs: [
        { name: 'name', type: felt },
        { name: 'symbol', type: felt },
        { name: 'decimals', type: 'core::integer::u8' },
        { name: 'initial_supply', type: u256Type },
        { name: 'recipient', type: addr },
      ],
    },
  ],
  entryPoints: Object.fromEntries(Object.entries(entries).map(([n, ep]) => [selectorKey(selectorOf(n)), ep])),
  construct: (ctx, cd) => {
    ctx.storageWrite(Erc20Storage.name(), arg(cd, 0))
    ctx.storageWrite(Erc20Storage.symbol(), arg(cd, 1))
    ctx.storageWrite(Erc20Storage.decimals(), arg(cd, 2))
    const supply = joinU256(cd[3], cd[4])
    const recipient = arg(cd, 5)
    writeU256(ctx.storageWrite, Erc20Storage.totalSupply(), supply)
    writeU256(ctx.storageWrite, Erc20Storage.balance(recipient), supply)
    if (supply > 0n) ctx.emitEvent({ keys: [TRANSFER, 0n, recipient], data: splitU256(supply) })
    return []
  },
}
