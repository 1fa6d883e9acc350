import { Account, CallData, ec, hash, num, RpcProvider, uint256 } from 'starknet'
import { Account as AccountV8, RpcProvider as RpcProviderV8 } from 'starknet-v8'
import { describe, expect, it } from 'vitest'
import { ETH_ADDRESS, OZ_ACCOUNT_CLASS_HASH, STRK_ADDRESS } from '../chain/contracts/index'
import { toHex } from '../chain/felt'
import { startSim } from '../index'

const ETH = toHex(ETH_ADDRESS)
const balanceOf = async (provider: RpcProvider, token: string, who: string) => {
  const [low, high] = await provider.callContract({
    contractAddress: token,
    entrypoint: 'balance_of',
    calldata: [who],
  })
  return uint256.uint256ToBN({ low: low!, high: high! })
}
const transferCall = (to: string, amount: bigint) => ({
  contractAddress: ETH,
  entrypoint: 'transfer',
  calldata: CallData.compile({ recipient: to, amount: uint256.bnToUint256(amount) }),
})

describe('starknet.js v10 against the simulator', () => {
  it('executes a transfer, waits for it, reads balances and events with continuation', async () => {
    await using sim = await startSim({ accounts: 2 })
    const provider = await RpcProvider.create({ nodeUrl: sim.rpcUrl })
    const [a, b] = sim.accounts
    const account = new Account({ provider, address: a!.address, signer: a!.private_key })
    const before = await balanceOf(provider, ETH, b!.address)
    const { transaction_hash } = await account.execute(transferCall(b!.address, 1234n))
    const receipt = await provider.waitForTransaction(transaction_hash, { retryInterval: 10 })
    expect(receipt.isSuccess()).toBe(true)
    expect(await balanceOf(provider, ETH, b!.address)).toBe(before + 1234n)
    await account.execute([transferCall(b!.address, 1n), transferCall(b!.address, 2n)])
    const page1 = await provider.getEvents({
      address: ETH,
      keys: [[num.toHex(hash.getSelectorFromName('Transfer'))]],
      chunk_size: 2,
    })
    expect(page1.events).toHaveLength(2)
    expect(page1.continuation_token).toBeDefined()
    const page2 = await provider.getEvents({
      address: ETH,
      keys: [[num.toHex(hash.getSelectorFromName('Transfer'))]],
      chunk_size: 2,
      continuation_token: page1.continuation_token!,
    })
    expect(page2.events.length).toBeGreaterThanOrEqual(1)
    expect(page2.events[0]!.transaction_hash).not.toBe(page1.events[0]!.transaction_hash)
  })

  it('deploys an OZ account with deployAccount', async () => {
    await using sim = await startSim({ accounts: 1 })
    const provider = new RpcProvider({ nodeUrl: sim.rpcUrl })
    const funder = new Account({
      provider,
      address: sim.accounts[0]!.address,
      signer: sim.accounts[0]!.private_key,
    })
    const pk = '0x1234567890abcdef'
    const pub = ec.starkCurve.getStarkKey(pk)
    const address = hash.calculateContractAddressFromHash(pub, toHex(OZ_ACCOUNT_CLASS_HASH), [pub], 0)
    const fund = await funder.execute({
      contractAddress: toHex(STRK_ADDRESS),
      entrypoint: 'transfer',
      calldata: CallData.compile({ recipient: address, amount: uint256.bnToUint256(10n ** 19n) }),
    })
    await provider.waitForTransaction(fund.transaction_hash, { retryInterval: 10 })
    const fresh = new Account({ provider, address, signer: pk })
    const res = await fresh.deployAccount({
      classHash: toHex(OZ_ACCOUNT_CLASS_HASH),
      constructorCalldata: [pub],
      addressSalt: pub,
    })
    await provider.waitForTransaction(res.transaction_hash, { retryInterval: 10 })
    expect(BigInt(res.contract_address)).toBe(BigInt(address))
    expect(BigInt(await provider.getClassHashAt(address))).toBe(OZ_ACCOUNT_CLASS_HASH)
  })

  it('answers 55 for a wrong signature, 52 for a replayed nonce, 54 for an empty balance', async () => {
    await using sim = await startSim({ accounts: 2 })
    const provider = new RpcProvider({ nodeUrl: sim.rpcUrl })
    const [a, b] = sim.accounts
    const bounds = {
      l1_gas: { max_amount: 0n, max_price_per_unit: 10n ** 14n },
      l2_gas: { max_amount: 10n ** 7n, max_price_per_unit: 10n ** 10n },
      l1_data_gas: { max_amount: 10n ** 4n, max_price_per_unit: 10n ** 10n },
    }
    const wrong = new Account({ provider, address: a!.address, signer: b!.private_key })
    await expect(
      wrong.execute(transferCall(b!.address, 1n), { resourceBounds: bounds }),
    ).rejects.toMatchObject({ baseError: { code: 55 } })
    const account = new Account({ provider, address: a!.address, signer: a!.private_key })
    await account.execute(transferCall(b!.address, 1n), { resourceBounds: bounds, nonce: 0 })
    await expect(
      account.execute(transferCall(b!.address, 2n), { resourceBounds: bounds, nonce: 0 }),
    ).rejects.toMatchObject({ baseError: { code: 52 } })
    const huge = { ...bounds, l2_gas: { max_amount: 10n ** 12n, max_price_per_unit: 10n ** 12n } }
    await expect(
      account.execute(transferCall(b!.address, 2n), { resourceBounds: huge }),
    ).rejects.toMatchObject({ baseError: { code: 54 } })
  })
})

describe('starknet.js v10 with interval mining', () => {
  it('sees the transaction pre_confirmed until its block is committed, then accepted', async () => {
    // A block time no test run reaches: the block closes when devnet_createBlock asks, not by the clock.
    await using sim = await startSim({ accounts: 2, blockTime: 600_000 })
    const provider = new RpcProvider({ nodeUrl: sim.rpcUrl })
    const [a, b] = sim.accounts
    const account = new Account({ provider, address: a!.address, signer: a!.private_key })
    const { transaction_hash } = await account.execute(transferCall(b!.address, 5n))
    expect((await provider.getTransactionStatus(transaction_hash)).finality_status).toBe('PRE_CONFIRMED')
    await fetch(sim.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'devnet_createBlock' }),
    })
    expect((await provider.getTransactionStatus(transaction_hash)).finality_status).toBe('ACCEPTED_ON_L2')
  })

  it('commits the pre_confirmed block every block-time milliseconds', async () => {
    await using sim = await startSim({ accounts: 2, blockTime: 100 })
    const provider = new RpcProvider({ nodeUrl: sim.rpcUrl })
    const [a, b] = sim.accounts
    const account = new Account({ provider, address: a!.address, signer: a!.private_key })
    const { transaction_hash } = await account.execute(transferCall(b!.address, 5n))
    const receipt = await provider.waitForTransaction(transaction_hash, {
      retryInterval: 20,
      successStates: ['ACCEPTED_ON_L2'],
    })
    expect(receipt.isSuccess()).toBe(true)
    expect((await provider.getTransactionStatus(transaction_hash)).finality_status).toBe('ACCEPTED_ON_L2')
  })
})

describe('starknet.js v8 against the simulator (RPC 0.9)', () => {
  it('executes a transfer and waits for it', async () => {
    await using sim = await startSim({ accounts: 2 })
    const provider = new RpcProviderV8({ nodeUrl: `${sim.url}/rpc/v0_9` })
    const [a, b] = sim.accounts
    const account = new AccountV8({ provider, address: a!.address, signer: a!.private_key })
    const { transaction_hash } = await account.execute(transferCall(b!.address, 77n))
    const receipt = await provider.waitForTransaction(transaction_hash, { retryInterval: 10 })
    expect(receipt.isSuccess()).toBe(true)
    const [low] = await provider.callContract({
      contractAddress: ETH,
      entrypoint: 'balanceOf',
      calldata: [b!.address],
    })
    expect(BigInt(low!)).toBe(10n ** 21n + 77n)
    const wrong = new AccountV8({ provider, address: a!.address, signer: b!.private_key })
    const bounds = {
      l1_gas: { max_amount: 0n, max_price_per_unit: 10n ** 14n },
      l2_gas: { max_amount: 10n ** 7n, max_price_per_unit: 10n ** 10n },
      l1_data_gas: { max_amount: 10n ** 4n, max_price_per_unit: 10n ** 10n },
    }
    await expect(
      wrong.execute(transferCall(b!.address, 1n), { resourceBounds: bounds }),
    ).rejects.toMatchObject({
      baseError: { code: 55, message: 'Account validation failed' },
    })
  })
})

describe('createServer', () => {
  it('serves routers mounted next to the RPC', async () => {
    const { Router } = await import('express')
    const { createServer } = await import('../server')
    const { app, mount, sim } = createServer({ accounts: 1 })
    mount(
      '/extra',
      Router().get('/', (_req, res) => void res.json({ ok: true })),
    )
    const server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    try {
      const { port } = server.address() as import('node:net').AddressInfo
      expect(await (await fetch(`http://127.0.0.1:${port}/extra`)).json()).toEqual({ ok: true })
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'starknet_blockNumber' })
      expect(
        await (await fetch(`http://127.0.0.1:${port}/rpc`, { method: 'POST', body })).json(),
      ).toMatchObject({ result: 0 })
    } finally {
      sim.close()
      server.closeAllConnections()
      server.close()
    }
  })
})
