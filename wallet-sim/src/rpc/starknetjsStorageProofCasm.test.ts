import { RpcError, RpcProvider } from 'starknet'
import { RpcProvider as RpcProviderV8 } from 'starknet-v8'
import { describe, expect, it } from 'vitest'
import { OZ_ACCOUNT_CLASS_HASH } from '../chain/contracts/index'
import { toHex } from '../chain/felt'
import { startSim } from '../index'

const OZ = toHex(OZ_ACCOUNT_CLASS_HASH)
const rejection = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected the call to fail')
    },
    (e: unknown) => e,
  )

describe('starknet.js storage proofs, compiled CASM and L1 message status against the simulator', () => {
  it('v10 (RPC 0.10) gets the spec errors as typed RpcErrors', async () => {
    await using sim = await startSim({ accounts: 1 })
    const provider = new RpcProvider({ nodeUrl: sim.rpcUrl })
    const address = sim.accounts[0]!.address

    const proof = await rejection(
      provider.getStorageProof([OZ], [address], [{ contract_address: address, storage_keys: ['0x1'] }]),
    )
    expect(proof).toBeInstanceOf(RpcError)
    expect((proof as RpcError).isType('STORAGE_PROOF_NOT_SUPPORTED')).toBe(true)
    await expect(provider.getStorageProof([], [address], [], 12_345)).rejects.toMatchObject({
      baseError: { code: 24, message: 'Block not found' },
    })

    const casm = await rejection(provider.getCompiledCasm(OZ))
    expect((casm as RpcError).isType('COMPILATION_ERROR')).toBe(true)
    expect((casm as RpcError).baseError).toMatchObject({
      message: 'Failed to compile the contract',
      data: { compilation_error: expect.stringContaining('TypeScript class') },
    })
    expect(
      ((await rejection(provider.getCompiledCasm('0x1234'))) as RpcError).isType('CLASS_HASH_NOT_FOUND'),
    ).toBe(true)

    const status = await rejection(provider.getL1MessagesStatus(`0x${'ab'.repeat(32)}`))
    expect((status as RpcError).isType('TXN_HASH_NOT_FOUND')).toBe(true)
  })

  it('v8 (RPC 0.9) gets the same codes', async () => {
    await using sim = await startSim({ accounts: 1 })
    const provider = new RpcProviderV8({ nodeUrl: `${sim.url}/rpc/v0_9` })
    await expect(provider.getStorageProof([OZ], [], [], 'latest')).rejects.toMatchObject({
      baseError: { code: 42 },
    })
    await expect(provider.getCompiledCasm(OZ)).rejects.toMatchObject({ baseError: { code: 100 } })
    await expect(provider.getCompiledCasm('0x1234')).rejects.toMatchObject({ baseError: { code: 28 } })
    await expect(provider.getL1MessagesStatus('0x1')).rejects.toMatchObject({ baseError: { code: 29 } })
  })
})
