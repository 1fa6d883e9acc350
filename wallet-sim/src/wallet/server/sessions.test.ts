import {
  allowedMethodsTree,
  buildSession,
  toHex,
  sessionTypedData as toSessionTypedData,
} from '@webwallet/protocol/session'
import { typedData as snip12 } from 'starknet'
import { describe, expect, it } from 'vitest'
import { createSessionRegistry, isSessionTypedData } from './sessions'

const ACCOUNT = '0x0123'
// Built as the SDK builds it (protocol's buildSession and sessionTypedData), not written by hand.
const sessionTypedData = toSessionTypedData(
  buildSession({
    expiresAt: 1800000000,
    allowedMethods: [{ 'Contract Address': '0xc0de', selector: 'increment' }],
    metadata: { projectID: 'game', txFees: [{ tokenAddress: '0x4718', maxAmount: '10000000000000000000' }] },
    sessionPublicKey: '0x5e55',
    sessionKeyGuid: '0x1',
  }),
  'SN_SEPOLIA',
)

describe('the signed-session registry', () => {
  it('finds a session by its SNIP-12 hash for the account, and survives a snapshot round trip', () => {
    const registry = createSessionRegistry()
    const saved: unknown[] = []
    registry.onChange((state) => saved.push(state))
    const hash = registry.register(sessionTypedData as never, ACCOUNT, 'https://game.example')
    expect(BigInt(hash)).toBe(BigInt(snip12.getMessageHash(sessionTypedData as never, ACCOUNT)))
    const record = {
      allowedMethods: [{ contractAddress: '0xc0de', selector: 'increment' }],
      expiresAt: 1800000000,
      txFees: [{ tokenAddress: '0x4718', maxAmount: '10000000000000000000' }],
      account: '0x123',
      origin: 'https://game.example',
      // What the account stores of the session: the allowed methods' Merkle root and the key's GUID.
      allowedMethodsRoot: toHex(
        allowedMethodsTree([{ 'Contract Address': '0xc0de', selector: 'increment' }]).root,
      ),
      sessionKeyGuid: '0x1',
      // The cosigner co-signs it for this chain only.
      chainId: '0x534e5f5345504f4c4941',
    }
    expect(registry.lookup(hash)).toEqual(record)
    // Any spelling of the same felt finds it.
    expect(registry.lookup(`0x000${hash.slice(2)}`)).toEqual(record)
    expect(registry.lookup('0x999')).toBeUndefined()
    expect(saved).toHaveLength(1)
    expect(createSessionRegistry(registry.snapshot()).lookup(hash)).toEqual(record)
  })

  it('lists the sessions an account signed for an origin; older records without them match none', () => {
    const registry = createSessionRegistry({
      '0x1': { allowedMethods: [], expiresAt: 1 },
    })
    const hash = registry.register(sessionTypedData as never, ACCOUNT, 'https://game.example')
    registry.register(sessionTypedData as never, '0x0456', 'https://game.example')
    expect(registry.signedFor('0x00123', 'https://game.example')).toEqual([
      expect.objectContaining({ hash, expiresAt: 1800000000, account: '0x123' }),
    ])
    expect(registry.signedFor(ACCOUNT, 'https://other.example')).toEqual([])
    expect(registry.lookup('0x1')).toEqual({ allowedMethods: [], expiresAt: 1 })
  })

  it('reads a hex selector as the selector itself, as SNIP-12 does', () => {
    const transfer = '0x83afd3f4caedc6eebf44246fe54e38c95e3179a5ec9ea81740eca5b482d12e'
    const byName = createSessionRegistry()
    const byHex = createSessionRegistry()
    const withSelector = (selector: string) => ({
      ...sessionTypedData,
      message: {
        ...sessionTypedData.message,
        'Allowed Methods': [{ 'Contract Address': '0xc0de', selector }],
      },
    })
    const root = (registry: typeof byName, selector: string) => {
      const hash = registry.register(withSelector(selector) as never, ACCOUNT)
      return registry.snapshot()[hash]?.allowedMethodsRoot
    }
    const fromName = root(byName, 'transfer')
    expect(fromName).toMatch(/^0x[0-9a-f]+$/)
    expect(root(byHex, transfer)).toBe(fromName)
  })

  it('recognises Argent session typed data by primary type and domain', () => {
    expect(isSessionTypedData(sessionTypedData as never)).toBe(true)
    expect(isSessionTypedData({ ...sessionTypedData, primaryType: 'Mail' } as never)).toBe(false)
    expect(
      isSessionTypedData({
        ...sessionTypedData,
        domain: { ...sessionTypedData.domain, name: 'Game' },
      } as never),
    ).toBe(false)
  })

  it('refuses a saved state that is not a session map', () => {
    expect(() => createSessionRegistry({ '0x1': { allowedMethods: 'all' } })).toThrow()
  })
})
