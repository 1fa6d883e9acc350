// The spending ledger: cumulative per session and fee token, pending charges settled against how they ended
// on chain, corrupt state refused, and kept across a restart of the simulator with --state.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createWalletSim } from '../../app'
import { STRK } from './fees'
import { type ChargeOutcome, settlePending } from './settle'
import { createSpendingLedger } from './spending'

const SESSION = '0x2d3b4c'
const ETH = 0x49d36n
const E18 = 10n ** 18n
const dir = mkdtempSync(join(tmpdir(), 'spending-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const invoke = { kind: 'invoke', account: '0xacc', nonce: '0x1' } as const

describe('spending ledger', () => {
  it('adds up charges per session and token, and reports each change', () => {
    const ledger = createSpendingLedger()
    const changes: unknown[] = []
    ledger.onChange((state) => changes.push(state))
    ledger.charge(SESSION, '0x1', new Map([[STRK, 5n]]))
    ledger.charge(
      '0x002d3b4c',
      '0x2',
      new Map([
        [STRK, 7n],
        [ETH, 1n],
      ]),
      { ...invoke, maxFee: '7' },
    )
    ledger.charge(SESSION, '0x3', new Map())
    expect(ledger.spent(SESSION, STRK)).toBe(12n)
    expect(ledger.spent(SESSION, ETH)).toBe(1n)
    expect(ledger.spent('0x1', STRK)).toBe(0n)
    expect(ledger.isPending(SESSION, '0x2')).toBe(true)
    expect(ledger.isPending(SESSION, '0x1')).toBe(false)
    expect(changes).toHaveLength(2)
    expect(createSpendingLedger(ledger.snapshot()).spent(SESSION, STRK)).toBe(12n)
  })

  it('refuses saved state that is not amounts', () => {
    expect(() => createSpendingLedger({ [SESSION]: { spent: { '0x1': '-5' }, pending: {} } })).toThrow(
      'Expected a base-unit amount',
    )
  })

  it('keeps what sessions spent, and their pending charges, across a restart with a state file', () => {
    const stateFile = join(dir, 'state.json')
    const options = { stateFile, seed: 3, logger: { info: () => {} } }
    const first = createWalletSim(options)
    first.spending.charge(SESSION, '0xabc', new Map([[STRK, 9n * E18]]), { ...invoke, maxFee: `${9n * E18}` })
    first.close()
    const second = createWalletSim(options)
    try {
      expect(second.spending.spent(SESSION, STRK)).toBe(9n * E18)
      expect(second.spending.isPending(SESSION, '0xabc')).toBe(true)
    } finally {
      second.close()
    }
  })
})

describe('settling pending charges', () => {
  /** One invoke charged a maximum fee of 3 STRK plus a 2 STRK fee transfer; one outside execution 1 ETH. */
  function charged() {
    const ledger = createSpendingLedger()
    ledger.charge(SESSION, '0xa', new Map([[STRK, 5n * E18]]), { ...invoke, maxFee: `${3n * E18}` })
    ledger.charge(SESSION, '0xb', new Map([[ETH, E18]]), {
      kind: 'outside',
      account: '0xacc',
      nonce: '0x9',
      executeBefore: 100,
    })
    return ledger
  }
  const settleWith = async (outcomes: Record<string, ChargeOutcome>) => {
    const ledger = charged()
    await settlePending(SESSION, ledger, (hash) => outcomes[hash] ?? { state: 'pending' })
    return ledger
  }

  it('keeps the maximum charged while the chain cannot tell', async () => {
    const ledger = await settleWith({})
    expect([ledger.spent(SESSION, STRK), ledger.spent(SESSION, ETH)]).toEqual([5n * E18, E18])
    expect(ledger.pending(SESSION).map(([hash]) => hash)).toEqual(['0xa', '0xb'])
  })

  it('gives back the unused margin of a transaction that ran, and its fee transfers when it reverted', async () => {
    expect((await settleWith({ '0xa': { state: 'done', actualFee: E18 } })).spent(SESSION, STRK)).toBe(
      3n * E18,
    )
    expect(
      (await settleWith({ '0xa': { state: 'done', reverted: true, actualFee: E18 } })).spent(SESSION, STRK),
    ).toBe(E18)
    // An actual fee the chain did not give in STRK keeps the maximum.
    expect((await settleWith({ '0xa': { state: 'done' } })).spent(SESSION, STRK)).toBe(5n * E18)
  })

  it('gives back everything that can never run, and nothing of an outside execution that ran', async () => {
    const voided = await settleWith({ '0xa': { state: 'void' }, '0xb': { state: 'void' } })
    expect([voided.spent(SESSION, STRK), voided.spent(SESSION, ETH)]).toEqual([0n, 0n])
    const ran = await settleWith({ '0xb': { state: 'done' } })
    expect(ran.spent(SESSION, ETH)).toBe(E18)
    expect(ran.pending(SESSION).map(([hash]) => hash)).toEqual(['0xa'])
  })
})
