// A plain owner-key account, as OpenZeppelin's Cairo 1 account preset behaves: one Stark public key,
// signatures [r, s] over the transaction hash, SRC5 introspection.
import { type ContractClass, ContractError, type EntryPoint, type Felt, VALID } from '../contract'
import { selectorKey, selectorOf, storageVarAddress } from '../felt'
import { verifyStarkSignature } from '../signature'
import { decodeCalls, encodeResults } from './calls'
import { arg } from './u256'

/** The OpenZeppelin account class starknet-devnet predeploys (OZ account v0.x, Cairo 1). */
export const OZ_ACCOUNT_CLASS_HASH = 0x05b4b537eaa2399e3aa99c4e2e0208ebd6c71bc1467938cd52c798c601e43564n

/** SRC5 interface ids (SNIP-5). */
export const ISRC5_ID = 0x3f918d17e5ee77373b56385708f855659a07f75997f365cf87748628532a055n
export const ISRC6_ID = 0x2ceccef7f994940b3962a6c67e0ba4fcd37df7d131417c604f91e03caecc1cdn

const PUBLIC_KEY = storageVarAddress('Account_public_key')

/** The stored public key of an OZ account (for dev tooling). */
export const ozPublicKeySlot = PUBLIC_KEY

function checkSignature(publicKey: Felt, hash: Felt, signature: readonly Felt[]): boolean {
  if (signature.length !== 2) return false
  return verifyStarkSignature(hash, publicKey, signature[0]!, signature[1]!)
}

const validateTx: EntryPoint = (ctx) => {
  if (!checkSignature(ctx.storageRead(PUBLIC_KEY), ctx.tx.hash, ctx.tx.signature)) {
    throw new ContractError('Account: invalid signature')
  }
  return [VALID]
}

const execute: EntryPoint = (ctx, cd) => {
  if (ctx.callerAddress !== 0n) throw new ContractError('Account: invalid caller')
  const calls = decodeCalls(cd)
  return encodeResults(calls.map((c) => ctx.callContract(c)))
}

const isValidSignature: EntryPoint = (ctx, cd) => {
  const hash = arg(cd, 0)
  const len = Number(arg(cd, 1))
  const sig = cd.slice(2, 2 + len)
  return [checkSignature(ctx.storageRead(PUBLIC_KEY), hash, sig) ? VALID : 0n]
}

const getPublicKey: EntryPoint = (ctx) => [ctx.storageRead(PUBLIC_KEY)]

const setPublicKey: EntryPoint = (ctx, cd) => {
  if (ctx.callerAddress !== ctx.contractAddress) throw new ContractError('Account: unauthorized')
  ctx.storageWrite(PUBLIC_KEY, arg(cd, 0))
  return []
}

const entries: Record<string, EntryPoint> = {
  __validate__: (ctx, cd) => {
    decodeCalls(cd)
    return validateTx(ctx, cd)
  },
  __execute__: execute,
  __validate_deploy__: validateTx,
  __validate_declare__: validateTx,
  is_valid_signature: isValidSignature,
  isValidSignature,
  supports_interface: (_ctx, cd) => [arg(cd, 0) === ISRC5_ID || arg(cd, 0) === ISRC6_ID ? 1n : 0n],
  get_public_key: getPublicKey,
  getPublicKey,
  set_public_key: setPublicKey,
  setPublicKey,
}

const felt = 'core::felt252'
const spanFelt = 'core::array::Span::<core::felt252>'
const callArray = 'core::array::Array::<core::starknet::account::Call>'

/**
 * The owner-key account class. Constructor: (public_key).
 * @example registerContractClass(OzAccountClass)
 */
export const OzAccountClass: ContractClass = {
  classHash: OZ_ACCOUNT_CLASS_HASH,
  name: 'OpenZeppelinAccount',
  abi: [
    {
      type: 'struct',
      name: 'core::starknet::account::Call',
      members: [
        { name: 'to', type: 'core::starknet::contract_address::ContractAddress' },
        { name: 'selector', type: felt },
        { name: 'calldata', type: spanFelt },
      ],
    },
    {
      type: 'function',
      name: '__execute__',
      inputs: [{ name: 'calls', type: callArray }],
      outputs: [{ type: 'core::array::Array::<core::array::Span::<core::felt252>>' }],
      state_mutability: 'external',
    },
    {
      type: 'function',
      name: '__validate__',
      inputs: [{ name: 'calls', type: callArray }],
      outputs: [{ type: felt }],
      state_mutability: 'view',
    },
    {
      type: 'function',
      name: 'is_valid_signature',
      inputs: [
        { name: 'hash', type: felt },
        { name: 'signature', type: 'core::array::Array::<core::felt252>' },
      ],
      outputs: [{ type: felt }],
      state_mutability: 'view',
    },
    {
      type: 'function',
      name: 'supports_interface',
      inputs: [{ name: 'interface_id', type: felt }],
      outputs: [{ type: 'core::bool' }],
      state_mutability: 'view',
    },
    {
      type: 'function',
      name: 'get_public_key',
      inputs: [],
      outputs: [{ type: felt }],
      state_mutability: 'view',
    },
    {
      type: 'function',
      name: 'set_public_key',
      inputs: [{ name: 'new_public_key', type: felt }],
      outputs: [],
      state_mutability: 'external',
    },
    { type: 'constructor', name: 'constructor', inputs: [{ name: 'public_key', type: felt }] },
  ],
  entryPoints: Object.fromEntries(Object.entries(entries).map(([n, ep]) => [selectorKey(selectorOf(n)), ep])),
  construct: (ctx, cd) => {
    ctx.storageWrite(PUBLIC_KEY, arg(cd, 0))
    return []
  },
}
