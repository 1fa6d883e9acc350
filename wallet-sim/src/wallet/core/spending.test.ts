import { hash } from 'starknet'
import { describe, expect, it } from 'vitest'
import { isPlainTransfer, methodName, SPENDING_SELECTORS, spendingFamily } from './spending'

describe('spending methods', () => {
  it('knows the selector hash of each spelling (as starknet.js computes it)', () => {
    for (const [selector, name] of Object.entries(SPENDING_SELECTORS)) {
      expect(BigInt(hash.getSelectorFromName(name)), name).toBe(BigInt(selector))
    }
  })

  it('classifies names in any spelling and selector hashes; other methods are not spending', () => {
    expect(spendingFamily('transfer')).toBe('transfer')
    expect(spendingFamily('transferFrom')).toBe('transfer')
    expect(spendingFamily('TRANSFER_FROM')).toBe('transfer')
    expect(spendingFamily('approve')).toBe('allowance')
    expect(spendingFamily('increase_allowance')).toBe('allowance')
    expect(spendingFamily('increaseAllowance')).toBe('allowance')
    expect(spendingFamily('set_approval_for_all')).toBe('allowance')
    expect(spendingFamily(hash.getSelectorFromName('transfer_from'))).toBe('transfer')
    expect(spendingFamily(`0x0${hash.getSelectorFromName('approve').slice(2)}`)).toBe('allowance')
    for (const other of ['increase_counter', 'balanceOf', 'transfer_ownership', '0x1', 'decreaseAllowance']) {
      expect(spendingFamily(other), other).toBeUndefined()
    }
  })

  it('a plain transfer is only transfer itself', () => {
    expect(isPlainTransfer('transfer')).toBe(true)
    expect(isPlainTransfer(hash.getSelectorFromName('transfer'))).toBe(true)
    expect(isPlainTransfer('transferFrom')).toBe(false)
    expect(methodName(hash.getSelectorFromName('increaseAllowance'))).toBe('increaseAllowance')
  })
})
