// Compatibility with starknet.js v7 (JSON-RPC 0.8, `/rpc/v0_8`) and v6 (0.7, `/rpc/v0_7`), unmodified, against
// the simulated chain: provider reads (chain id, blocks, nonce, classes, calls, events, receipts), a predeployed
// account's transfer with its fee estimate, wait and receipt, and a fresh account's deployment.
import { CONTRACTS, type RunningSim, startSim } from '@webwallet/wallet-sim'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { starknet6, starknet7 } from '../../support/starknetLegacy'

interface Predeployed {
  address: string
  private_key: string
  public_key: string
}

/** Fields of 0.7 answers the journeys read as sent (starknet.js v6 types them loosely). */
interface RawReceipt07 {
  actual_fee: { amount: string; unit: string }
  execution_resources: { steps: number; data_availability: { l1_gas: number; l1_data_gas: number } }
}
interface RawTx07 {
  version: string
  sender_address: string
  calldata: string[]
  max_fee: string
  nonce: string
  tip: string
  paymaster_data: string[]
  account_deployment_data: string[]
  resource_bounds: {
    l1_gas: { max_amount: string; max_price_per_unit: string }
    l2_gas: { max_amount: string; max_price_per_unit: string }
  }
}

interface Emitted {
  transaction_hash: string
  keys: string[]
}

/** What a subscription delivers, one item at a time, in order. */
function collect<T>(subscription: { on(handler: (data: T) => void): void }) {
  const items: T[] = []
  const waiting: ((item: T) => void)[] = []
  subscription.on((item) => {
    const next = waiting.shift()
    if (next) next(item)
    else items.push(item)
  })
  return () => (items.length > 0 ? Promise.resolve(items.shift()!) : new Promise<T>((r) => waiting.push(r)))
}

let sim: RunningSim
let predeployed: Predeployed[]

beforeAll(async () => {
  sim = await startSim({ accounts: 3 })
  const res = await fetch(`${sim.url}/rpc/v0_8`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'devnet_getPredeployedAccounts', params: {} }),
  })
  predeployed = ((await res.json()) as { result: Predeployed[] }).result
})
afterAll(async () => {
  await sim?.[Symbol.asyncDispose]()
})

const TRANSFER_KEY = '0x99cd8bde557814842a3121e8ddfd433a539b8c9f14bf31ebf108d12e6196e9'

describe('starknet.js v7 on /rpc/v0_8', () => {
  const { Account, CallData, RpcProvider, ec, hash, num, uint256 } = starknet7
  const provider = () => new RpcProvider({ nodeUrl: `${sim.url}/rpc/v0_8` })
  const balanceOf = async (p: InstanceType<typeof RpcProvider>, who: string) => {
    const [low, high] = await p.callContract({
      contractAddress: CONTRACTS.strk,
      entrypoint: 'balance_of',
      calldata: [who],
    })
    return uint256.uint256ToBN({ low: low!, high: high! })
  }

  it('reads: spec version, chain id, blocks (also pending), nonce, class, call', async () => {
    const p = provider()
    expect(await p.getSpecVersion()).toBe('0.8.1')
    expect(await p.getChainId()).toBe('0x534e5f5345504f4c4941')
    const latest = await p.getBlock('latest')
    expect(latest.block_number).toBeGreaterThanOrEqual(0)
    expect(latest).toHaveProperty('l2_gas_price')
    const pending = (await p.getBlock('pending')) as unknown as Record<string, unknown>
    expect(pending.parent_hash).toBe((latest as { block_hash: string }).block_hash)
    expect(pending).not.toHaveProperty('block_number')
    const a = predeployed[0]!
    expect(BigInt(await p.getNonceForAddress(a.address))).toBe(0n)
    const classHash = await p.getClassHashAt(a.address)
    const cls = (await p.getClass(classHash)) as { abi: unknown }
    expect(Array.isArray(cls.abi) || typeof cls.abi === 'string').toBe(true)
    expect(await balanceOf(p, a.address)).toBeGreaterThan(0n)
  })

  it('estimates, executes a transfer, waits, reads receipt, status, events', async () => {
    const p = provider()
    const [a, b] = predeployed
    const account = new Account(p, a!.address, a!.private_key)
    const call = {
      contractAddress: CONTRACTS.strk,
      entrypoint: 'transfer',
      calldata: CallData.compile({ recipient: b!.address, amount: uint256.bnToUint256(4321n) }),
    }
    const estimate = await account.estimateInvokeFee(call)
    expect(estimate.overall_fee).toBeGreaterThan(0n)
    expect(estimate.unit).toBe('FRI')
    const before = await balanceOf(p, b!.address)
    const { transaction_hash } = await account.execute(call)
    const receipt = await p.waitForTransaction(transaction_hash, { retryInterval: 20 })
    expect(receipt.isSuccess()).toBe(true)
    const raw = (await p.getTransactionReceipt(transaction_hash)) as unknown as Record<string, unknown>
    expect(raw.finality_status).toBe('ACCEPTED_ON_L2')
    expect(raw.execution_resources).toHaveProperty('l2_gas')
    expect(await balanceOf(p, b!.address)).toBe(before + 4321n)
    const status = await p.getTransactionStatus(transaction_hash)
    expect(status.finality_status).toBe('ACCEPTED_ON_L2')
    expect(status.execution_status).toBe('SUCCEEDED')
    // The hash v7 computes for what it signed is the chain's.
    const tx = (await p.getTransactionByHash(transaction_hash)) as unknown as Record<string, unknown>
    expect(tx.version).toBe('0x3')
    const events = await p.getEvents({
      address: CONTRACTS.strk,
      keys: [[num.toHex(hash.getSelectorFromName('Transfer'))]],
      from_block: { block_number: 0 },
      to_block: 'pending',
      chunk_size: 100,
    })
    expect(events.events.some((e: Emitted) => e.transaction_hash === transaction_hash)).toBe(true)
    expect(events.events.find((e: Emitted) => e.transaction_hash === transaction_hash)!.keys[0]).toBe(
      TRANSFER_KEY,
    )
  })

  it('deploys a fresh account with deployAccount', async () => {
    const p = provider()
    const funder = new Account(p, predeployed[1]!.address, predeployed[1]!.private_key)
    const classHash = await p.getClassHashAt(predeployed[1]!.address)
    const pk = '0x7e57ab1e'
    const pub = ec.starkCurve.getStarkKey(pk)
    const address = hash.calculateContractAddressFromHash(pub, classHash, [pub], 0)
    const fund = await funder.execute({
      contractAddress: CONTRACTS.strk,
      entrypoint: 'transfer',
      calldata: CallData.compile({ recipient: address, amount: uint256.bnToUint256(10n ** 19n) }),
    })
    await p.waitForTransaction(fund.transaction_hash, { retryInterval: 20 })
    const fresh = new Account(p, address, pk)
    const res = await fresh.deployAccount({ classHash, constructorCalldata: [pub], addressSalt: pub })
    await p.waitForTransaction(res.transaction_hash, { retryInterval: 20 })
    expect(BigInt(res.contract_address)).toBe(BigInt(address))
    expect(BigInt(await p.getClassHashAt(address))).toBe(BigInt(classHash))
  })

  it('block with receipts, state update, trace and simulation', async () => {
    const p = provider()
    const [a, b] = predeployed
    const account = new Account(p, a!.address, a!.private_key)
    const call = {
      contractAddress: CONTRACTS.strk,
      entrypoint: 'transfer',
      calldata: CallData.compile({ recipient: b!.address, amount: uint256.bnToUint256(3n) }),
    }
    const { transaction_hash } = await account.execute(call)
    await p.waitForTransaction(transaction_hash, { retryInterval: 20 })
    const block = await p.getBlockWithReceipts('latest')
    expect(
      block.transactions.some(
        (t: { receipt: { transaction_hash: string } }) => t.receipt.transaction_hash === transaction_hash,
      ),
    ).toBe(true)
    const update = (await p.getStateUpdate('pending')) as { state_diff: unknown }
    expect(update).toHaveProperty('state_diff')
    const trace = (await p.getTransactionTrace(transaction_hash)) as { execute_invocation: object }
    expect(trace.execute_invocation).toHaveProperty('is_reverted', false)
    const [simulated] = await account.simulateTransaction([
      { type: starknet7.TransactionType.INVOKE, ...call },
    ])
    expect(simulated!.fee_estimation).toHaveProperty('l2_gas_consumed')
    expect(BigInt(simulated!.suggestedMaxFee)).toBeGreaterThan(0n)
  })

  it('WebSocketChannel on /rpc/v0_8: new heads, events, pending transactions, a transaction status', async () => {
    const channel = new starknet7.WebSocketChannel({ nodeUrl: `${sim.url.replace(/^http/, 'ws')}/rpc/v0_8` })
    try {
      await channel.waitForConnection()
      const heads = collect<Record<string, unknown>>(await channel.subscribeNewHeads())
      const events = collect<Record<string, unknown>>(await channel.subscribeEvents(CONTRACTS.strk))
      const pending = collect<unknown>(await channel.subscribePendingTransaction(false))
      const p = provider()
      const [a, b] = predeployed
      const account = new Account(p, a!.address, a!.private_key)
      const { transaction_hash } = await account.execute({
        contractAddress: CONTRACTS.strk,
        entrypoint: 'transfer',
        calldata: CallData.compile({ recipient: b!.address, amount: uint256.bnToUint256(6n) }),
      })
      expect(await pending()).toBe(transaction_hash)
      const header = await heads()
      expect(header).toHaveProperty('l2_gas_price')
      expect(header).not.toHaveProperty('event_count')
      // The replay first: the events of the latest block at subscription (an earlier test's transfer).
      let event = await events()
      while (event.transaction_hash !== transaction_hash) event = await events()
      expect(BigInt(event.from_address as string)).toBe(BigInt(CONTRACTS.strk))
      expect(event).not.toHaveProperty('finality_status')
      const status = await channel.subscribeTransactionStatus(transaction_hash)
      expect(await collect<unknown>(status)()).toEqual({
        transaction_hash,
        status: { finality_status: 'ACCEPTED_ON_L2', execution_status: 'SUCCEEDED' },
      })
      expect(await status.unsubscribe()).toBe(true)
    } finally {
      channel.disconnect()
      await channel.waitForDisconnection()
    }
  })
})

describe('starknet.js v6 on /rpc/v0_7', () => {
  const { Account, CallData, RpcProvider, ec, hash, num, uint256 } = starknet6
  // v6 warns on every V1 it builds ("deprecated transaction version"): the V1 is the point here.
  starknet6.logger.setLogLevel('ERROR')
  const provider = () => new RpcProvider({ nodeUrl: `${sim.url}/rpc/v0_7` })
  const balanceOf = async (p: InstanceType<typeof RpcProvider>, token: string, who: string) => {
    const [low, high] = await p.callContract({
      contractAddress: token,
      entrypoint: 'balance_of',
      calldata: [who],
    })
    return uint256.uint256ToBN({ low: low!, high: high! })
  }
  const transfer = (token: string, to: string, amount: bigint) => ({
    contractAddress: token,
    entrypoint: 'transfer',
    calldata: CallData.compile({ recipient: to, amount: uint256.bnToUint256(amount) }),
  })

  it('reads: spec version, chain id, blocks (also pending, without l2_gas_price), nonce, class, call', async () => {
    const p = provider()
    expect(await p.getSpecVersion()).toBe('0.7.1')
    expect(await p.getChainId()).toBe('0x534e5f5345504f4c4941')
    const latest = (await p.getBlock('latest')) as unknown as Record<string, unknown>
    expect(latest).toHaveProperty('l1_data_gas_price')
    expect(latest).not.toHaveProperty('l2_gas_price')
    const pending = (await p.getBlock('pending')) as unknown as Record<string, unknown>
    expect(pending.parent_hash).toBe(latest.block_hash)
    const a = predeployed[2]!
    expect(BigInt(await p.getNonceForAddress(a.address))).toBeGreaterThanOrEqual(0n)
    const classHash = await p.getClassHashAt(a.address)
    expect(await p.getClass(classHash)).toHaveProperty('entry_points_by_type')
    expect(await balanceOf(p, CONTRACTS.eth, a.address)).toBeGreaterThan(0n)
  })

  it('executes a V1 transfer by default (max_fee, paid in ETH): estimate, wait, receipt, status, events', async () => {
    const p = provider()
    const [, b, a] = predeployed
    const account = new Account(p, a!.address, a!.private_key)
    const call = transfer(CONTRACTS.strk, b!.address, 777n)
    const estimate = await account.estimateInvokeFee(call)
    expect(estimate.unit).toBe('WEI')
    expect(estimate.overall_fee).toBeGreaterThan(0n)
    const ethBefore = await balanceOf(p, CONTRACTS.eth, a!.address)
    const before = await balanceOf(p, CONTRACTS.strk, b!.address)
    const { transaction_hash } = await account.execute(call)
    const receipt = await p.waitForTransaction(transaction_hash, { retryInterval: 20 })
    expect(receipt.isSuccess()).toBe(true)
    expect(await balanceOf(p, CONTRACTS.strk, b!.address)).toBe(before + 777n)
    const raw = (await p.getTransactionReceipt(transaction_hash)) as unknown as RawReceipt07
    expect(raw.actual_fee.unit).toBe('WEI')
    expect(raw.execution_resources.steps).toBeGreaterThan(0)
    expect(raw.execution_resources.data_availability).toHaveProperty('l1_data_gas')
    expect(await balanceOf(p, CONTRACTS.eth, a!.address)).toBe(ethBefore - BigInt(raw.actual_fee.amount))
    const status = await p.getTransactionStatus(transaction_hash)
    expect(status).toEqual({ finality_status: 'ACCEPTED_ON_L2', execution_status: 'SUCCEEDED' })
    // The V1 hash starknet.js v6 computes is the chain's.
    const tx = (await p.getTransactionByHash(transaction_hash)) as unknown as RawTx07
    expect(tx.version).toBe('0x1')
    const chainId = await p.getChainId()
    const local = hash.calculateInvokeTransactionHash({
      senderAddress: tx.sender_address,
      version: starknet6.constants.TRANSACTION_VERSION.V1,
      compiledCalldata: tx.calldata,
      maxFee: tx.max_fee,
      chainId,
      nonce: tx.nonce,
    })
    expect(BigInt(local)).toBe(BigInt(transaction_hash))
    const events = await p.getEvents({
      address: CONTRACTS.strk,
      keys: [[num.toHex(hash.getSelectorFromName('Transfer'))]],
      from_block: { block_number: 0 },
      to_block: 'pending',
      chunk_size: 100,
    })
    expect(events.events.some((e: Emitted) => e.transaction_hash === transaction_hash)).toBe(true)
  })

  it('executes a V3 transfer (L1 gas bounds only, paid in STRK) with the hash v6 computes', async () => {
    const p = provider()
    const [, b, a] = predeployed
    const account = new Account(p, a!.address, a!.private_key, undefined, '0x3')
    const call = transfer(CONTRACTS.eth, b!.address, 555n)
    const estimate = await account.estimateInvokeFee(call)
    expect(estimate.unit).toBe('FRI')
    const before = await balanceOf(p, CONTRACTS.eth, b!.address)
    const { transaction_hash } = await account.execute(call)
    const receipt = await p.waitForTransaction(transaction_hash, { retryInterval: 20 })
    expect(receipt.isSuccess()).toBe(true)
    expect(await balanceOf(p, CONTRACTS.eth, b!.address)).toBe(before + 555n)
    const raw = (await p.getTransactionReceipt(transaction_hash)) as unknown as RawReceipt07
    expect(raw.actual_fee.unit).toBe('FRI')
    const tx = (await p.getTransactionByHash(transaction_hash)) as unknown as RawTx07
    expect(Object.keys(tx.resource_bounds).sort()).toEqual(['l1_gas', 'l2_gas'])
    const local = hash.calculateInvokeTransactionHash({
      senderAddress: tx.sender_address,
      version: starknet6.constants.TRANSACTION_VERSION.V3,
      compiledCalldata: tx.calldata,
      chainId: await p.getChainId(),
      nonce: tx.nonce,
      accountDeploymentData: tx.account_deployment_data,
      nonceDataAvailabilityMode: 0,
      feeDataAvailabilityMode: 0,
      resourceBounds: tx.resource_bounds,
      tip: tx.tip,
      paymasterData: tx.paymaster_data,
    })
    expect(BigInt(local)).toBe(BigInt(transaction_hash))
  })

  it('deploys a fresh account with a V1 deployAccount (fee in ETH)', async () => {
    const p = provider()
    const funder = new Account(p, predeployed[2]!.address, predeployed[2]!.private_key)
    const classHash = await p.getClassHashAt(predeployed[2]!.address)
    const pk = '0x7e57ab1e6'
    const pub = ec.starkCurve.getStarkKey(pk)
    const address = hash.calculateContractAddressFromHash(pub, classHash, [pub], 0)
    const fund = await funder.execute(transfer(CONTRACTS.eth, address, 10n ** 17n))
    await p.waitForTransaction(fund.transaction_hash, { retryInterval: 20 })
    const fresh = new Account(p, address, pk)
    const res = await fresh.deployAccount({ classHash, constructorCalldata: [pub], addressSalt: pub })
    const receipt = await p.waitForTransaction(res.transaction_hash, { retryInterval: 20 })
    expect(receipt.isSuccess()).toBe(true)
    expect(BigInt(res.contract_address)).toBe(BigInt(address))
    expect(BigInt(await p.getClassHashAt(address))).toBe(BigInt(classHash))
  })

  it('block with receipts, state update, trace, simulation and a deploy estimate', async () => {
    const p = provider()
    const [, b, a] = predeployed
    const account = new Account(p, a!.address, a!.private_key)
    const call = transfer(CONTRACTS.strk, b!.address, 2n)
    const { transaction_hash } = await account.execute(call)
    await p.waitForTransaction(transaction_hash, { retryInterval: 20 })
    const block = await p.getBlockWithReceipts('latest')
    expect(
      block.transactions.some(
        (t: { receipt: { transaction_hash: string } }) => t.receipt.transaction_hash === transaction_hash,
      ),
    ).toBe(true)
    expect(await p.getStateUpdate('pending')).toHaveProperty('state_diff')
    const trace = (await p.getTransactionTrace(transaction_hash)) as {
      execute_invocation: Record<string, unknown>
    }
    expect(trace.execute_invocation).not.toHaveProperty('is_reverted')
    expect(trace.execute_invocation.execution_resources).toHaveProperty('steps')
    const [simulated] = await account.simulateTransaction([
      { type: starknet6.TransactionType.INVOKE, ...call },
    ])
    expect(simulated!.fee_estimation).toHaveProperty('gas_consumed')
    expect(BigInt(simulated!.suggestedMaxFee)).toBeGreaterThan(0n)
    const pub = ec.starkCurve.getStarkKey('0x5e1f')
    const classHash = await p.getClassHashAt(a!.address)
    const fresh = new Account(p, hash.calculateContractAddressFromHash(pub, classHash, [pub], 0), '0x5e1f')
    const deployFee = await fresh.estimateAccountDeployFee({
      classHash,
      constructorCalldata: [pub],
      addressSalt: pub,
    })
    expect(deployFee.unit).toBe('WEI')
    expect(deployFee.overall_fee).toBeGreaterThan(0n)
  })
})
