// Felt helpers shared by the node, the RPC layer and the contract classes.

import { keccak } from '@scure/starknet'
import { FIELD_PRIME, rpcIntegerOf, shortStringFelt, toHex } from '@webwallet/protocol/constants'
import type { Felt } from './contract'
import { KNOWN_KECCAKS } from './knownSelectors'
import { hashOnElements, pedersenHash } from './pedersen'

// The field prime and the bigint-only helpers live once in protocol; the node's modules read them here.
export { decodeShortString, FIELD_PRIME, toAddress, toHex } from '@webwallet/protocol/constants'

/**
 * Parses a felt: a 0x-hex (lowercase 0x, as the RPC writes it) or decimal string, a safe integer or a bigint
 * (protocol's integerOf), below the field prime. A negative is no integer here: a TypeError, like text.
 * @example parseFelt('0x1f') // 31n
 */
export function parseFelt(value: unknown): Felt {
  const n = rpcIntegerOf(value)
  if (n === undefined) throw new TypeError(`invalid felt: ${String(value)}`)
  if (n >= FIELD_PRIME) throw new RangeError(`felt out of range: ${String(value)}`)
  return n
}

const selectorCache = new Map<string, Felt>(KNOWN_KECCAKS)

/**
 * The entry-point selector of a function or event name (starknet keccak), cached.
 * @example selectorOf('transfer') // 0x83afd3f4caedc6eebf44246fe54e38c95e3179a5ec9ea81740eca5b482d12en
 */
export function selectorOf(name: string): Felt {
  let sel = selectorCache.get(name)
  if (sel === undefined) {
    sel = starknetKeccak(name)
    selectorCache.set(name, sel)
  }
  return sel
}

/** The key under which `ContractClass.entryPoints` stores a selector. */
export const selectorKey = (selector: Felt): string => toHex(selector)

/**
 * Encodes a Cairo short string (≤ 31 ASCII characters: the node's own texts) as a felt.
 * @example shortString('ERC20: insufficient balance')
 */
export function shortString(text: string): Felt {
  const felt = shortStringFelt(text)
  if (felt === undefined) throw new RangeError(`not a short string: ${text}`)
  return felt
}

const ADDR_BOUND = 2n ** 251n - 256n
const varCache = new Map<string, Felt>(KNOWN_KECCAKS)

/**
 * Storage address of a Cairo 1 storage variable, as the compiler lays it out: `sn_keccak(name)`,
 * then one Pedersen hash per map key, reduced below 2^251 - 256.
 * @example storageVarAddress('ERC20_balances', owner)
 */
export function storageVarAddress(name: string, ...keys: Felt[]): Felt {
  if (keys.length === 0) return (varCache.get(name) ?? baseOf(name)) % ADDR_BOUND
  // Each map key costs a Pedersen hash (~0.07 ms); contracts read the same slots again and again.
  const id = `${name}:${keys.join(':')}`
  const hit = slotCache.get(id)
  if (hit !== undefined) return hit
  let addr = baseOf(name)
  for (const key of keys) addr = pedersenHash(addr, key)
  addr %= ADDR_BOUND
  if (slotCache.size >= 500_000) slotCache.clear()
  slotCache.set(id, addr)
  return addr
}

const slotCache = new Map<string, Felt>()

function baseOf(name: string): Felt {
  let base = varCache.get(name)
  if (base === undefined) {
    base = starknetKeccak(name)
    varCache.set(name, base)
  }
  return base
}

/**
 * Starknet keccak: keccak-256 of the UTF-8 text, cut to 250 bits (selectors, storage variable bases).
 * @example starknetKeccak('transfer')
 */
export const starknetKeccak = (text: string): Felt => keccak(new TextEncoder().encode(text))

const CONTRACT_ADDRESS_PREFIX = 0x535441524b4e45545f434f4e54524143545f41444452455353n // 'STARKNET_CONTRACT_ADDRESS'

/**
 * The address a deployment gets (Pedersen chain over prefix, deployer, salt, class hash, calldata hash),
 * as `hash.calculateContractAddressFromHash` of starknet.js computes it.
 * @example contractAddress(salt, classHash, [publicKey], 0n)
 */
export function contractAddress(
  salt: Felt,
  classHash: Felt,
  calldata: readonly Felt[],
  deployer: Felt,
): Felt {
  const calldataHash = hashOnElements(calldata)
  const parts = [CONTRACT_ADDRESS_PREFIX, deployer, salt, classHash, calldataHash]
  const h = hashOnElements(parts)
  return h % ADDR_BOUND
}
