import { argentSigners, publicKeyOf } from '@webwallet/protocol/session'
import { describe, expect, it } from 'vitest'
import { decodeSigners } from '../../chain/contracts/argent/constructor'
import { argentAccount, keys } from '../../chain/contracts/argent/testing'
import { argentConstructorCalldata } from './account'

// docs/protocol.md, Entities: a guardian absent reads as 0. protocol's constructor calldata is starknet.js's
// ABI encoding, with and without a guardian, and the simulated account and protocol read it alike.
describe("the wallet's Argent constructor calldata", () => {
  it.each([true, false])('with a guardian: %s', (guardian) => {
    const owner = publicKeyOf(keys.owner)
    const guardianKey = guardian ? publicKeyOf(keys.guardian) : undefined
    const calldata = argentConstructorCalldata(
      `0x${owner.toString(16)}`,
      guardianKey === undefined ? undefined : `0x${guardianKey.toString(16)}`,
    )
    const abi = argentAccount({ keys, chainId: 1n, guardian }).constructorCalldata.map((f) => BigInt(f))
    expect(calldata.map((f) => BigInt(f))).toEqual(abi)
    const expected = { owner, guardian: guardianKey ?? 0n }
    expect(argentSigners(calldata)).toEqual(expected)
    expect(decodeSigners(calldata.map((f) => BigInt(f)))).toEqual(expected)
  })
})
