// The DeFi positions and airdrops the portfolio backend reports: none for an account unless set up through
// the dev API (`POST /dev/accounts/:address/defi` and `/airdrops`), so a fresh account shows what it really
// has. Kept with the wallet's state (`--state`), so a seeded demo account keeps them across restarts.
import {
  type Airdrop,
  AirdropSchema,
  type DefiDecomposition,
  DefiDecompositionSchema,
} from '@webwallet/protocol'
import * as z from 'zod/mini'
import { airdropsFor } from './airdrops'
import { decomposeDefi } from './defi'

/** What `--state` keeps: per normalised address, its dapps and its airdrops. */
export const PortfolioFixtureState = z.object({
  defi: z.record(z.string(), DefiDecompositionSchema.shape.dapps),
  airdrops: z.record(z.string(), z.array(AirdropSchema)),
})
export type PortfolioFixtureState = z.infer<typeof PortfolioFixtureState>

export type Dapps = DefiDecomposition['dapps']

/** The positions and airdrops set up per address (addresses as `Address` normalises them). */
export interface PortfolioFixtures {
  defiOf(address: string): DefiDecomposition
  airdropsOf(address: string): Airdrop[]
  /** Sets the account's dapps; `'sample'` draws one dapp per product type from the seed and the address. */
  setDefi(address: string, dapps: Dapps | 'sample'): DefiDecomposition
  /** Sets the account's airdrops; `'sample'` is an open STRK drop (and, for some addresses, an upcoming one). */
  setAirdrops(address: string, drops: Airdrop[] | 'sample'): Airdrop[]
  clearDefi(address: string): void
  clearAirdrops(address: string): void
  onChange(listener: (state: PortfolioFixtureState) => void): () => void
}

export interface FixtureOptions {
  /** Seed of the `'sample'` data (default `wallet-sim`). */
  seed?: string
  /** Milliseconds since the epoch: the sample's dates are relative to it. */
  now?: () => number
  /** What `--state` saved (validated; a malformed file throws rather than being half-used). */
  initial?: unknown
}

/**
 * @example
 * const fixtures = createPortfolioFixtures({ seed: 'wallet-sim', now: () => Date.now() })
 * fixtures.setDefi(address, 'sample')
 * fixtures.defiOf(address).dapps.length // 5
 */
export function createPortfolioFixtures(options: FixtureOptions = {}): PortfolioFixtures {
  const seed = options.seed ?? 'wallet-sim'
  const now = options.now ?? Date.now
  const state: PortfolioFixtureState = structuredClone(
    PortfolioFixtureState.parse(options.initial ?? { defi: {}, airdrops: {} }),
  )
  const listeners = new Set<(state: PortfolioFixtureState) => void>()
  const changed = () => {
    for (const listener of [...listeners]) listener(structuredClone(state))
  }
  const nowSeconds = () => Math.floor(now() / 1000)

  return {
    defiOf: (address) => ({ dapps: structuredClone(state.defi[address] ?? []) }),
    airdropsOf: (address) => structuredClone(state.airdrops[address] ?? []),
    setDefi(address, dapps) {
      state.defi[address] =
        dapps === 'sample' ? decomposeDefi(address, seed, nowSeconds()).dapps : structuredClone(dapps)
      changed()
      return { dapps: structuredClone(state.defi[address]) }
    },
    setAirdrops(address, drops) {
      state.airdrops[address] =
        drops === 'sample' ? airdropsFor(address, seed, nowSeconds()) : structuredClone(drops)
      changed()
      return structuredClone(state.airdrops[address])
    },
    clearDefi(address) {
      if (!Object.hasOwn(state.defi, address)) return
      delete state.defi[address]
      changed()
    },
    clearAirdrops(address) {
      if (!Object.hasOwn(state.airdrops, address)) return
      delete state.airdrops[address]
      changed()
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
