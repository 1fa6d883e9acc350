import { keccak } from '@scure/starknet'
import { describe, expect, it } from 'vitest'
import { selectorOf, storageVarAddress } from './felt'
import { KNOWN_KECCAKS } from './knownSelectors'

const runtimeKeccak = (name: string) => keccak(new TextEncoder().encode(name))

describe('KNOWN_KECCAKS', () => {
  it('holds, for every name, its starknet keccak as @scure/starknet computes it', () => {
    const wrong = KNOWN_KECCAKS.filter(([name, value]) => value !== runtimeKeccak(name)).map(([name]) => name)
    // A name listed here with a wrong value: replace it with `0x${runtimeKeccak(name).toString(16)}n`.
    expect(wrong).toEqual([])
  })

  it('lists each name once', () => {
    const names = KNOWN_KECCAKS.map(([name]) => name)
    expect(new Set(names).size).toBe(names.length)
  })

  it('is what selectorOf and storageVarAddress answer, and a name not listed is hashed', () => {
    expect(selectorOf('transfer')).toBe(runtimeKeccak('transfer'))
    expect(storageVarAddress('ERC20_minter')).toBe(runtimeKeccak('ERC20_minter') % (2n ** 251n - 256n))
    expect(KNOWN_KECCAKS.some(([name]) => name === 'not_a_listed_name')).toBe(false)
    expect(selectorOf('not_a_listed_name')).toBe(runtimeKeccak('not_a_listed_name'))
  })
})
