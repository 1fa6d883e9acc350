// Starknet ID, the parts wallets read: the naming contract (domain ↔ address, domain → id), the
// identity contract (verifier data) and its dynamic multicall. Domains are arrays of encoded labels
// (starknet.js `starknetId.useEncoded`), `alice.stark` = [encode('alice')].
import {
  type ContractClass,
  ContractError,
  type EntryPoint,
  type ExecutionContext,
  type Felt,
} from '../contract'
import { selectorKey, selectorOf, storageVarAddress } from '../felt'
import { pedersenHash } from '../pedersen'
import { arg } from './u256'

/** Sepolia addresses that starknet.js's StarknetId helpers use for SN_SEPOLIA. */
export const STARKNET_ID_NAMING_ADDRESS = 0x154bc2e1af9260b9e66af0e9c46fc757ff893b3ff6a85718a810baf1474n
export const STARKNET_ID_IDENTITY_ADDRESS = 0x3697660a0981d734780731949ecb2b4a38d6a58fc41629ed611e8defdan
export const STARKNET_ID_NAMING_CLASS_HASH =
  0x00c0ffee0000000000000000000000000000000000000000000000000005717dn
export const STARKNET_ID_IDENTITY_CLASS_HASH =
  0x00c0ffee0000000000000000000000000000000000000000000000000005717en

/** Reads `Span<felt252>` at `i`: [len, ...items]; returns the items and the next index. */
export function readSpan(cd: readonly Felt[], i: number): [Felt[], number] {
  const len = Number(arg(cd, i))
  if (i + 1 + len > cd.length) throw new ContractError(`Failed to deserialize param #${i + 1}`)
  return [cd.slice(i + 1, i + 1 + len), i + 1 + len]
}

const domainKey = (labels: readonly Felt[]) => labels.reduce((acc, l) => pedersenHash(acc, l), 0n)
const slot = {
  owner: (key: Felt) => storageVarAddress('domain_owner', key),
  id: (key: Felt) => storageVarAddress('domain_id', key),
  reverse: (address: Felt) => storageVarAddress('main_domain', address),
  nextId: () => storageVarAddress('next_id'),
  data: (id: Felt, field: Felt, verifier: Felt) => storageVarAddress('verifier_data', id, field, verifier),
}

function readDomain(ctx: ExecutionContext, address: Felt): Felt[] {
  const base = slot.reverse(address)
  const len = Number(ctx.storageRead(base))
  return Array.from({ length: len }, (_, i) => ctx.storageRead(base + 1n + BigInt(i)))
}

/** `register(domain: Span<felt252>)`: the caller takes a free domain and makes it its main domain. */
const register: EntryPoint = (ctx, cd) => {
  const [labels] = readSpan(cd, 0)
  if (labels.length === 0 || labels.some((l) => l === 0n)) throw new ContractError('invalid domain')
  const key = domainKey(labels)
  if (ctx.storageRead(slot.owner(key)) !== 0n) throw new ContractError('domain not available')
  const id = ctx.storageRead(slot.nextId()) + 1n
  ctx.storageWrite(slot.nextId(), id)
  ctx.storageWrite(slot.owner(key), ctx.callerAddress)
  ctx.storageWrite(slot.id(key), id)
  const base = slot.reverse(ctx.callerAddress)
  ctx.storageWrite(base, BigInt(labels.length))
  for (const [i, label] of labels.entries()) ctx.storageWrite(base + 1n + BigInt(i), label)
  ctx.emitEvent({
    keys: [selectorOf('DomainRegistered'), ctx.callerAddress],
    data: [id, BigInt(labels.length), ...labels],
  })
  return [id]
}

const naming: Record<string, EntryPoint> = {
  address_to_domain: (ctx, cd) => {
    const labels = readDomain(ctx, arg(cd, 0))
    return [BigInt(labels.length), ...labels]
  },
  domain_to_address: (ctx, cd) => [ctx.storageRead(slot.owner(domainKey(readSpan(cd, 0)[0])))],
  domain_to_id: (ctx, cd) => [ctx.storageRead(slot.id(domainKey(readSpan(cd, 0)[0])))],
  register,
}

const identity: Record<string, EntryPoint> = {
  // (id, field, verifier, domain) -> felt
  get_verifier_data: (ctx, cd) => [ctx.storageRead(slot.data(arg(cd, 0), arg(cd, 1), arg(cd, 2)))],
  // (id, field, length, verifier, domain) -> Span<felt252>: `length` consecutive values.
  get_extended_verifier_data: (ctx, cd) => {
    const [id, field, length, verifier] = [arg(cd, 0), arg(cd, 1), Number(arg(cd, 2)), arg(cd, 3)]
    const base = slot.data(id, field, verifier)
    return [BigInt(length), ...Array.from({ length }, (_, i) => ctx.storageRead(base + BigInt(i)))]
  },
  // (id, field, data: Span<felt252>): the caller writes as the verifier, like Starknet ID verifiers do.
  set_verifier_data: (ctx, cd) => {
    const [id, field] = [arg(cd, 0), arg(cd, 1)]
    const [values] = readSpan(cd, 2)
    const base = slot.data(id, field, ctx.callerAddress)
    for (const [i, value] of values.entries()) ctx.storageWrite(base + BigInt(i), value)
    return []
  },
}

const table = (entries: Record<string, EntryPoint>) =>
  Object.fromEntries(Object.entries(entries).map(([n, ep]) => [selectorKey(selectorOf(n)), ep]))
const fn = (name: string, inputs: string[], outputs: string[], view = true) => ({
  type: 'function',
  name,
  inputs: inputs.map((type, i) => ({ name: `arg${i}`, type })),
  outputs: outputs.map((type) => ({ type })),
  state_mutability: view ? 'view' : 'external',
})
const span = 'core::array::Span::<core::felt252>'
const felt = 'core::felt252'
const address = 'core::starknet::contract_address::ContractAddress'

/** The naming contract. */
export const StarknetIdNamingClass: ContractClass = {
  classHash: STARKNET_ID_NAMING_CLASS_HASH,
  name: 'StarknetIdNaming',
  abi: [
    fn('address_to_domain', [address, span], [span]),
    fn('domain_to_address', [span, span], [address]),
    fn('domain_to_id', [span], [felt]),
    fn('register', [span], [felt], false),
  ],
  entryPoints: table(naming),
}

/** The identity contract. */
export const StarknetIdIdentityClass: ContractClass = {
  classHash: STARKNET_ID_IDENTITY_CLASS_HASH,
  name: 'StarknetIdIdentity',
  abi: [
    fn('get_verifier_data', [felt, felt, address, felt], [felt]),
    fn('get_extended_verifier_data', [felt, felt, felt, address, felt], [span]),
    fn('set_verifier_data', [felt, felt, span], [], false),
  ],
  entryPoints: table(identity),
}
