import { Account, CallData, hash, RpcProvider, starknetId } from 'starknet'
import { describe, expect, it } from 'vitest'
import {
  COUNTER_ADDRESS,
  MULTICALL_ADDRESS,
  STARKNET_ID_NAMING_ADDRESS,
  STRK_ADDRESS,
} from '../chain/contracts/index'
import { toHex } from '../chain/felt'
import { CONTRACTS, startSim } from '../index'

describe('predeployed demo contracts through starknet.js', () => {
  it('has a deployed contract at every address of CONTRACTS, STRK and ETH where Starknet has them', async () => {
    await using sim = await startSim({ accounts: 1 })
    const provider = new RpcProvider({ nodeUrl: sim.rpcUrl })
    expect(CONTRACTS.strk).toBe('0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d')
    expect(CONTRACTS.eth).toBe('0x049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7')
    for (const address of Object.values(CONTRACTS)) {
      expect(address).toMatch(/^0x[0-9a-f]{64}$/)
      expect(BigInt(await provider.getClassHashAt(address))).not.toBe(0n)
    }
    expect(Object.isFrozen(CONTRACTS)).toBe(true)
  })

  it('registers a Starknet ID name and reads it back: name, address, profile', async () => {
    await using sim = await startSim({ accounts: 1 })
    const provider = new RpcProvider({ nodeUrl: sim.rpcUrl })
    const a = sim.accounts[0]!
    const account = new Account({ provider, address: a.address, signer: a.private_key })
    await expect(provider.getStarkName(a.address)).rejects.toThrow('Starkname not found')
    const domain = starknetId.useEncoded('alice')
    const { transaction_hash } = await account.execute({
      contractAddress: toHex(STARKNET_ID_NAMING_ADDRESS),
      entrypoint: 'register',
      calldata: CallData.compile({ domain: [domain] }),
    })
    await provider.waitForTransaction(transaction_hash, { retryInterval: 10 })
    expect(await provider.getStarkName(a.address)).toBe('alice.stark')
    expect(BigInt(await provider.getAddressFromStarkName('alice.stark'))).toBe(BigInt(a.address))
    const profile = await provider.getStarkProfile(a.address)
    expect(profile.name).toBe('alice.stark')
    expect(profile.profilePicture).toBe('https://starknet.id/api/identicons/1')
    expect(profile.proofOfPersonhood).toBe(false)
  })

  it('increments the demo counter with events and aggregates views through the multicall', async () => {
    await using sim = await startSim({ accounts: 1 })
    const provider = new RpcProvider({ nodeUrl: sim.rpcUrl })
    const a = sim.accounts[0]!
    const account = new Account({ provider, address: a.address, signer: a.private_key })
    const counter = toHex(COUNTER_ADDRESS)
    const { transaction_hash } = await account.execute([
      { contractAddress: counter, entrypoint: 'increment', calldata: [] },
      { contractAddress: counter, entrypoint: 'increment', calldata: [] },
    ])
    const receipt = await provider.waitForTransaction(transaction_hash, { retryInterval: 10 })
    expect(receipt.isSuccess()).toBe(true)
    const [count] = await provider.callContract({
      contractAddress: counter,
      entrypoint: 'get_counter',
      calldata: [a.address],
    })
    expect(BigInt(count!)).toBe(2n)
    const calls = [
      { to: counter, selector: hash.getSelectorFromName('get_counter'), calldata: [a.address] },
      { to: toHex(STRK_ADDRESS), selector: hash.getSelectorFromName('decimals'), calldata: [] },
    ]
    const out = await provider.callContract({
      contractAddress: toHex(MULTICALL_ADDRESS),
      entrypoint: 'aggregate',
      calldata: CallData.compile({ calls }),
    })
    const block = await provider.getBlockNumber()
    expect(out.map((x) => BigInt(x))).toEqual([BigInt(block + 1), 2n, 1n, 2n, 1n, 18n])
  })
})
