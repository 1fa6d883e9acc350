// Each wallet-sim's own guardian and relayer keys (issue 23): random per instance, kept in the `--state`
// file across restarts, set by the options, and given to an older state file that has none.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Point } from '@scure/starknet'
import { publicKeyOf, toHex } from '@webwallet/protocol/session'
import { afterAll, describe, expect, it } from 'vitest'
import { createWalletSim } from '../app'
import { Simulator } from '../chain/simulator'
import { openStateStore } from '../infra/state/store'
import { checkStarkKey, randomStarkKey } from './keys'
import { relayerAccountOf } from './paymaster/relayer'

const dir = mkdtempSync(join(tmpdir(), 'wallet-sim-keys-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const quiet = { logger: { info: () => {} }, accounts: 1 }

/** The keys an instance over `stateFile` runs with (public parts), and the instance closed again. */
function keysOf(options: Parameters<typeof createWalletSim>[0]) {
  const walletSim = createWalletSim({ ...quiet, ...options })
  try {
    return { guardian: walletSim.guardianPublicKey, relayer: walletSim.relayer.address }
  } finally {
    walletSim.close()
  }
}

describe('randomStarkKey', () => {
  it('is a fresh scalar of the curve each time', () => {
    const keys = new Set(Array.from({ length: 50 }, () => randomStarkKey()))
    expect(keys.size).toBe(50)
    for (const key of keys) {
      expect(BigInt(key)).toBeGreaterThan(0n)
      expect(BigInt(key)).toBeLessThan(Point.Fn.ORDER)
      expect(checkStarkKey(key, 'key')).toBe(key)
    }
  })

  it('checkStarkKey refuses what is no key, without echoing it', () => {
    expect(() => checkStarkKey('0x0', 'guardianPrivateKey')).toThrow(
      /^guardianPrivateKey must be a Stark curve scalar/,
    )
    expect(() => checkStarkKey('secret', 'guardianPrivateKey')).toThrow(
      'guardianPrivateKey must be a hex felt: 0x and 1 to 64 hex digits',
    )
  })
})

describe("an instance's keys", () => {
  it('differ between instances without a state file', () => {
    const a = keysOf({})
    const b = keysOf({})
    expect(a.guardian).not.toBe(b.guardian)
    expect(a.relayer).not.toBe(b.relayer)
  })

  it("include the minter behind devnet_mint: not the seed's, and kept by devnet_restart", () => {
    const minterOf = (walletSim: ReturnType<typeof createWalletSim>) =>
      (walletSim.sim.dump() as { minter: { address: string } }).minter.address
    const a = createWalletSim({ ...quiet, seed: 7 })
    const b = createWalletSim({ ...quiet, seed: 7 })
    try {
      expect(minterOf(a)).not.toBe(minterOf(b))
      // The seed's own minter, which anyone can derive, is neither.
      const seeded = (new Simulator({ seed: 7, accounts: 1 }).dump() as { minter: { address: string } })
        .minter
      expect([minterOf(a), minterOf(b)]).not.toContain(seeded.address)
      const before = minterOf(a)
      a.sim.restart()
      expect(minterOf(a)).toBe(before)
    } finally {
      a.close()
      b.close()
    }
  })

  it('are kept in the state file: a restart with it has the same guardian and relayer', () => {
    const stateFile = join(dir, 'kept.json')
    const first = keysOf({ stateFile })
    expect(keysOf({ stateFile })).toEqual(first)
    // What the file holds is the private key, next to the users' keys; not the package's, not printed.
    expect(readFileSync(`${stateFile}.wallet.journal`, 'utf8')).toContain('"keys"')
  })

  it("are the options' when given (reproducible tests), and then kept", () => {
    const stateFile = join(dir, 'given.json')
    const guardianPrivateKey = '0x6775617264'
    const relayerPrivateKey = '0x72656c61796572'
    const given = keysOf({ stateFile, guardianPrivateKey, relayerPrivateKey })
    expect(given).toEqual({
      guardian: toHex(publicKeyOf(guardianPrivateKey)),
      relayer: relayerAccountOf(relayerPrivateKey).address,
    })
    expect(keysOf({ stateFile })).toEqual(given)
    expect(() => keysOf({ guardianPrivateKey: '0x0' })).toThrow(
      /guardianPrivateKey must be a Stark curve scalar/,
    )
  })

  it('are fresh, then kept, for a state file written before instances had keys of their own', () => {
    const stateFile = join(dir, 'older.json')
    const older = openStateStore(`${stateFile}.wallet`)
    older.append({ permissions: {} })
    older.close()
    const migrated = keysOf({ stateFile })
    expect(migrated.guardian).not.toBe(keysOf({}).guardian)
    expect(keysOf({ stateFile })).toEqual(migrated)
  })
})
