// The spending ledger: cumulative per session and fee token, refuses corrupt state, and survives a restart
// of the simulator with --state (next to the wallet's sessions).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createWalletSim } from '../../app'
import { createSpendingLedger } from './spending'

const SESSION = '0x2d3b4c'
const STRK = 0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938dn
const ETH = 0x49d36n
const dir = mkdtempSync(join(tmpdir(), 'spending-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('spending ledger', () => {
  it('adds up charges per session and token, and reports each change', () => {
    const ledger = createSpendingLedger()
    const changes: unknown[] = []
    ledger.onChange((state) => changes.push(state))
    ledger.charge(SESSION, new Map([[STRK, 5n]]))
    ledger.charge(
      '0x002d3b4c',
      new Map([
        [STRK, 7n],
        [ETH, 1n],
      ]),
    )
    ledger.charge(SESSION, new Map())
    expect(ledger.spent(SESSION, STRK)).toBe(12n)
    expect(ledger.spent(SESSION, ETH)).toBe(1n)
    expect(ledger.spent('0x1', STRK)).toBe(0n)
    expect(changes).toHaveLength(2)
    expect(createSpendingLedger(ledger.snapshot()).spent(SESSION, STRK)).toBe(12n)
  })

  it('refuses saved state that is not amounts', () => {
    expect(() => createSpendingLedger({ [SESSION]: { '0x1': '-5' } })).toThrow('Expected a base-unit amount')
  })

  it('keeps what sessions spent across a restart with a state file', () => {
    const stateFile = join(dir, 'state.json')
    const options = { stateFile, seed: 3, logger: { info: () => {} } }
    const first = createWalletSim(options)
    first.spending.charge(SESSION, new Map([[STRK, 9n * 10n ** 18n]]))
    first.close()
    const second = createWalletSim(options)
    try {
      expect(second.spending.spent(SESSION, STRK)).toBe(9n * 10n ** 18n)
    } finally {
      second.close()
    }
  })
})
