// Portfolio fixtures: empty by default, the sample preset deterministic and schema-valid, corrupt saved state
// refused, and kept across a restart of the simulator with --state.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AirdropSchema, addressKey, DefiDecompositionSchema } from '@webwallet/protocol'
import { afterAll, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { createWalletSim } from '../../app'
import { createPortfolioFixtures } from './setups'
import { STRK_ADDRESS } from './tokens'

const ALICE = addressKey('0xa11ce')
const NOW = 1_750_000_000_000
const dir = mkdtempSync(join(tmpdir(), 'fixtures-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('portfolio fixtures', () => {
  it('has no positions and no airdrops for an account nobody set up', () => {
    const fixtures = createPortfolioFixtures({ now: () => NOW })
    expect(fixtures.defiOf(ALICE)).toEqual({ dapps: [] })
    expect(fixtures.airdropsOf(ALICE)).toEqual([])
  })

  it('draws the sample from the seed and the address: every product type, an open STRK drop', () => {
    const fixtures = createPortfolioFixtures({ seed: 's', now: () => NOW })
    const defi = DefiDecompositionSchema.parse(fixtures.setDefi(ALICE, 'sample'))
    expect(new Set(defi.dapps.flatMap((d) => d.products.map((p) => p.type))).size).toBe(5)
    expect(createPortfolioFixtures({ seed: 's', now: () => NOW }).setDefi(ALICE, 'sample')).toEqual(defi)
    const drops = z.array(AirdropSchema).parse(fixtures.setAirdrops(ALICE, 'sample'))
    expect(drops[0]).toMatchObject({
      tokenAddress: STRK_ADDRESS,
      claimStart: new Date(NOW - 86400_000).toISOString(),
    })
    expect(fixtures.defiOf(ALICE)).toEqual(defi)
    expect(fixtures.defiOf(addressKey('0xb0b'))).toEqual({ dapps: [] })
  })

  it('keeps given data as given, hands out copies, clears, and tells listeners of each change', () => {
    const fixtures = createPortfolioFixtures()
    const changes: unknown[] = []
    fixtures.onChange((state) => changes.push(state))
    const dapps = [{ dappId: 'ekubo', products: [] }]
    fixtures.setDefi(ALICE, dapps)
    dapps.push({ dappId: 'vesu', products: [] })
    fixtures.defiOf(ALICE).dapps.push({ dappId: 'x', products: [] })
    expect(fixtures.defiOf(ALICE)).toEqual({ dapps: [{ dappId: 'ekubo', products: [] }] })
    fixtures.clearDefi(ALICE)
    fixtures.clearDefi(ALICE)
    expect(fixtures.defiOf(ALICE)).toEqual({ dapps: [] })
    expect(changes).toEqual([
      { defi: { [ALICE]: [{ dappId: 'ekubo', products: [] }] }, airdrops: {} },
      { defi: {}, airdrops: {} },
    ])
  })

  it('refuses saved state that does not fit the schemas', () => {
    expect(() =>
      createPortfolioFixtures({ initial: { defi: { [ALICE]: [{ dappId: 1 }] }, airdrops: {} } }),
    ).toThrow()
    expect(() => createPortfolioFixtures({ initial: { airdrops: {} } })).toThrow()
  })

  it('keeps what was set up across a restart with a state file', () => {
    const stateFile = join(dir, 'state.json')
    const options = { stateFile, seed: 3, logger: { info: () => {} } }
    const first = createWalletSim(options)
    const defi = first.portfolio.setDefi(ALICE, 'sample')
    const drops = first.portfolio.setAirdrops(ALICE, [{ tokenAddress: STRK_ADDRESS, claimStart: '1' }])
    first.close()
    const second = createWalletSim(options)
    try {
      expect(second.portfolio.defiOf(ALICE)).toEqual(defi)
      expect(second.portfolio.airdropsOf(ALICE)).toEqual(drops)
    } finally {
      second.close()
    }
  })
})
