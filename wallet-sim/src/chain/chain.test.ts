import { describe, expect, it } from 'vitest'
import { ETH_ADDRESS, erc20BalanceOf, STRK_ADDRESS } from './contracts/index'
import { RpcCode, RpcError } from './errors'
import { selectorOf } from './felt'
import { createChain } from './genesis'
import { GENEROUS_BOUNDS, signedInvoke } from './testHelpers'

const transfer = (to: bigint, amount: bigint) => ({
  to: ETH_ADDRESS,
  selector: selectorOf('transfer'),
  calldata: [to, amount, 0n],
})

function setup() {
  const { chain, accounts } = createChain({ accounts: 2 })
  const [a, b] = accounts.map((x) => ({ address: BigInt(x.address), key: BigInt(x.private_key) }))
  return { chain, a: a!, b: b! }
}

const rpcCode = (fn: () => unknown) => {
  try {
    fn()
  } catch (e) {
    if (e instanceof RpcError) return e.code
    throw e
  }
  throw new Error('expected an RpcError')
}

describe('Chain', () => {
  it('executes a signed ERC-20 transfer, bumps the nonce and charges the fee in STRK', () => {
    const { chain, a, b } = setup()
    const strkBefore = erc20BalanceOf(chain.base, STRK_ADDRESS, a.address)
    const tx = signedInvoke({
      sender: a.address,
      privateKey: a.key,
      nonce: 0n,
      calls: [transfer(b.address, 5n)],
      chainId: chain.chainId,
    })
    const { hash } = chain.addTransaction(tx)
    const rec = chain.getTx(hash)
    expect(rec.receipt.execution_status).toBe('SUCCEEDED')
    expect(rec.blockNumber).toBe(1)
    expect(erc20BalanceOf(chain.base, ETH_ADDRESS, b.address)).toBe(10n ** 21n + 5n)
    expect(chain.base.getNonce(a.address)).toBe(1n)
    const fee = BigInt((rec.receipt.actual_fee as { amount: string }).amount)
    expect(fee).toBeGreaterThan(0n)
    expect(erc20BalanceOf(chain.base, STRK_ADDRESS, a.address)).toBe(strkBefore - fee)
  })

  it('rejects a wrong signature (55), a replayed nonce (52) and a duplicate (59)', () => {
    const { chain, a, b } = setup()
    const calls = [transfer(b.address, 1n)]
    const wrongKey = signedInvoke({
      sender: a.address,
      privateKey: b.key,
      nonce: 0n,
      calls,
      chainId: chain.chainId,
    })
    expect(rpcCode(() => chain.addTransaction(wrongKey))).toBe(RpcCode.VALIDATION_FAILURE)
    const ok = signedInvoke({
      sender: a.address,
      privateKey: a.key,
      nonce: 0n,
      calls,
      chainId: chain.chainId,
    })
    chain.addTransaction(ok)
    expect(rpcCode(() => chain.addTransaction(ok))).toBe(RpcCode.DUPLICATE_TX)
    const replay = signedInvoke({
      sender: a.address,
      privateKey: a.key,
      nonce: 0n,
      calls: [transfer(b.address, 2n)],
      chainId: chain.chainId,
    })
    expect(rpcCode(() => chain.addTransaction(replay))).toBe(RpcCode.INVALID_TRANSACTION_NONCE)
  })

  it('reverts a failing call but keeps the nonce bump and the fee', () => {
    const { chain, a, b } = setup()
    const tx = signedInvoke({
      sender: a.address,
      privateKey: a.key,
      nonce: 0n,
      calls: [transfer(b.address, 10n ** 30n)],
      chainId: chain.chainId,
    })
    const rec = chain.getTx(chain.addTransaction(tx).hash)
    expect(rec.receipt.execution_status).toBe('REVERTED')
    expect(String(rec.receipt.revert_reason)).toContain('ERC20: insufficient balance')
    expect(chain.base.getNonce(a.address)).toBe(1n)
    expect(erc20BalanceOf(chain.base, ETH_ADDRESS, b.address)).toBe(10n ** 21n)
  })

  it('rejects bounds below the gas price (53), too little balance (54) and old versions (61)', () => {
    const { chain, a, b } = setup()
    const calls = [transfer(b.address, 1n)]
    const cheap = { ...GENEROUS_BOUNDS, l2_gas: { max_amount: '0x1000000', max_price_per_unit: '0x1' } }
    const low = signedInvoke({
      sender: a.address,
      privateKey: a.key,
      nonce: 0n,
      calls,
      chainId: chain.chainId,
      resourceBounds: cheap,
    })
    expect(rpcCode(() => chain.addTransaction(low))).toBe(RpcCode.INSUFFICIENT_RESOURCES_FOR_VALIDATE)
    const huge = {
      ...GENEROUS_BOUNDS,
      l2_gas: { max_amount: '0xffffffffffff', max_price_per_unit: '0xffffffffffff' },
    }
    const poor = signedInvoke({
      sender: a.address,
      privateKey: a.key,
      nonce: 0n,
      calls,
      chainId: chain.chainId,
      resourceBounds: huge,
    })
    expect(rpcCode(() => chain.addTransaction(poor))).toBe(RpcCode.INSUFFICIENT_ACCOUNT_BALANCE)
    const v3 = signedInvoke({
      sender: a.address,
      privateKey: a.key,
      nonce: 0n,
      calls,
      chainId: chain.chainId,
    })
    const v1 = { ...v3, version: '0x1', max_fee: '0x100' }
    expect(rpcCode(() => chain.addTransaction(v1))).toBe(RpcCode.UNSUPPORTED_TX_VERSION)
  })

  it('estimates exactly the gas that execution then uses', () => {
    const { chain, a, b } = setup()
    const calls = [transfer(b.address, 3n)]
    const q = signedInvoke({
      sender: a.address,
      privateKey: a.key,
      nonce: 0n,
      calls,
      chainId: chain.chainId,
      version: 2n ** 128n + 3n,
    })
    const [est] = chain.simulate([q], { skipValidate: true }, { tag: 'pre_confirmed' }, true)
    const tx = signedInvoke({
      sender: a.address,
      privateKey: a.key,
      nonce: 0n,
      calls,
      chainId: chain.chainId,
    })
    const rec = chain.getTx(chain.addTransaction(tx).hash)
    expect(rec.receipt.execution_resources).toEqual({
      l1_gas: 0,
      l1_data_gas: Number(est!.outcome.usage.l1DataGas),
      l2_gas: Number(est!.outcome.usage.l2Gas),
    })
  })
})

describe('genesis', () => {
  it('uses only valid felts for class hashes and addresses', async () => {
    const { listContractClasses } = await import('./registry')
    const { FIELD_PRIME } = await import('./felt')
    const { chain } = createChain({ accounts: 1 })
    for (const cls of listContractClasses()) expect(cls.classHash < FIELD_PRIME).toBe(true)
    for (const address of chain.base.allAddresses()) expect(address < 2n ** 251n).toBe(true)
  })
})
