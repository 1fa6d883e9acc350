// The data-availability and archival formulas against blockifier 0.20's own cases (fee/gas_usage_test.rs):
// test_get_da_gas_cost_basic's state-change counts, test_get_event_gas_cost's 8 keys and 11 data felts, and
// the blob constants (DATA_GAS_PER_FIELD_ELEMENT = 2^17 / 4096).
import { describe, expect, it } from 'vitest'
import { daGas, onchainDataSegmentLength, stateChangesForFee } from './da'
import { ALLOCATION, ARCHIVAL, DATA_GAS_PER_FIELD_ELEMENT, dataFeltsGas, eventsGas } from './gas'
import { State } from './state'

const count = (storageUpdates: number, classHashUpdates: number, compiled: number, modified: number) => ({
  storageUpdates,
  classHashUpdates,
  compiledClassHashUpdates: compiled,
  modifiedContracts: modified,
})

describe('blockifier DA formula', () => {
  it.each([
    ['storage write', count(1, 0, 0, 0), 2],
    ['deploy account', count(0, 1, 0, 1), 3],
    ['declare', count(0, 0, 1, 0), 2],
    ['general scenario', count(7, 11, 13, 17), 85],
  ])('%s: segment length and blob gas', (_, c, felts) => {
    expect(onchainDataSegmentLength(c)).toBe(felts)
    expect(daGas(c)).toBe(BigInt(felts) * 32n)
  })

  it('a blob is 2^17 data gas for 4096 field elements', () => {
    expect(DATA_GAS_PER_FIELD_ELEMENT).toBe(2n ** 17n / 4096n)
  })

  it('archival data: 5,120 L2 gas per calldata or signature felt; an event key counts twice', () => {
    expect(dataFeltsGas(2, 3)).toBe(5n * 5_120n)
    // test_get_event_gas_cost: 8 keys and 11 data felts over several calls.
    const events = [
      { keys: [0n], data: [0n, 0n] },
      { keys: [0n], data: [0n, 0n] },
      { keys: [0n], data: [] },
      { keys: [], data: [0n] },
      { keys: [], data: [0n] },
      { keys: [0n, 0n, 0n, 0n, 0n], data: [0n, 0n, 0n, 0n, 0n] },
    ]
    expect(eventsGas(events)).toBe(ARCHIVAL.perDataFelt * (ARCHIVAL.eventKeyFactor * 8n + 11n))
    expect(eventsGas([])).toBe(0n)
    expect(ALLOCATION).toEqual({ l2Gas: 402_000n, l1DataGas: 32n })
  })
})

describe('state changes for fee (count_for_fee_charge)', () => {
  const TOKEN = 0xf00n
  const SENDER = 0xa11n
  const SENDER_BALANCE = 0xba1n
  const feeTransfer = { feeToken: TOKEN, sender: SENDER, senderBalanceKey: SENDER_BALANCE }

  const world = () => {
    const base = new State()
    base.setStorage(0xc0n, 1n, 7n)
    base.setStorage(TOKEN, SENDER_BALANCE, 1000n)
    base.setStorage(TOKEN, 0x5een, 50n)
    base.setNonce(SENDER, 3n)
    return base
  }

  it('counts real changes only, adds the sender balance the fee transfer will write, drops the fee token', () => {
    const base = world()
    const tx = base.child()
    tx.setNonce(SENDER, 4n)
    tx.setStorage(0xc0n, 1n, 7n) // written with its own value: no change
    tx.setStorage(0xc0n, 2n, 9n) // 0 -> 9: a change and an allocated key
    tx.setStorage(TOKEN, 0x5een, 60n) // a fee-token entry: counted, the fee token is not a modified contract
    const { count: c, allocatedKeys } = stateChangesForFee([tx], base, feeTransfer)
    expect(c).toEqual(count(3, 0, 0, 2))
    expect(allocatedKeys).toBe(1)
    expect(onchainDataSegmentLength(c)).toBe(10)
  })

  it('the sender balance is counted once when execution already changed it; later layers win', () => {
    const base = world()
    const validate = base.child()
    validate.setNonce(SENDER, 4n)
    const execute = validate.child()
    execute.setStorage(TOKEN, SENDER_BALANCE, 900n)
    execute.setStorage(0xc0n, 1n, 8n)
    const later = execute.child()
    later.setStorage(0xc0n, 1n, 7n) // back to its value before the transaction
    const { count: c, allocatedKeys } = stateChangesForFee([validate, execute, later], base, feeTransfer)
    expect(c).toEqual(count(1, 0, 0, 1))
    expect(allocatedKeys).toBe(0)
  })

  it('a deployment is a class hash update of a modified contract; without a sender nothing is added', () => {
    const base = world()
    const tx = base.child()
    tx.setClassHash(0xde9n, 0x1234n)
    tx.setStorage(0xde9n, 1n, 1n)
    expect(stateChangesForFee([tx], base)).toEqual({ count: count(1, 1, 0, 1), allocatedKeys: 1 })
    expect(daGas(count(1, 1, 0, 1))).toBe(5n * 32n)
  })
})
