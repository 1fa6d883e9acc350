// The SDK's session hashes come from the app's starknet.js: each must equal protocol/session's (which
// wallet-sim's account verifies), with starknet.js v10 and v8 alike.
import {
  allowedMethodsTree,
  buildSession,
  onChainSession,
  sessionHash,
  toHex,
} from '@webwallet/protocol/session'
import { describe, expect, it, vi } from 'vitest'

const METHODS = ['transfer', 'play', 'approve', 'claim', 'burn'].map((selector, i) => ({
  'Contract Address': `0x${(0x123 + i).toString(16)}`,
  selector,
}))

function session(count: number, metadata = '{"projectID":"game","txFees":[]}') {
  return buildSession({
    expiresAt: 1_900_000_000,
    allowedMethods: METHODS.slice(0, count),
    metadata: `${metadata}${'x'.repeat(count * 17)}`,
    sessionPublicKey: '0x1234',
  })
}

async function check(load: () => Promise<typeof import('./crypto')>) {
  const { metadataHashOf, methodsTree, sessionHashOf } = await load()
  for (const count of [0, 1, 2, 3, 5]) {
    const s = session(count)
    for (const chainId of ['SN_SEPOLIA', '0x534e5f4d41494e']) {
      expect(sessionHashOf(s, '0xabc', chainId)).toBe(sessionHash(s, '0xabc', chainId))
    }
    expect(metadataHashOf(s.metadata)).toBe(onChainSession(s).metadataHash)
    const ours = methodsTree(s.allowedMethods)
    const theirs = allowedMethodsTree(s.allowedMethods)
    expect(ours.root).toBe(theirs.root)
    for (const m of s.allowedMethods) {
      const call = { contractAddress: m['Contract Address'], entrypoint: m.selector }
      expect(ours.proofFor(call).map(toHex)).toEqual(theirs.proofFor(call).map(toHex))
    }
    // A call outside the session: the same coded refusal (CALL_NOT_ALLOWED, naming the entrypoint).
    const outside = { contractAddress: '0x999', entrypoint: 'transfer' }
    expect(() => ours.proofFor(outside)).toThrow(
      expect.objectContaining({
        code: 'CALL_NOT_ALLOWED',
        message: 'Call not allowed by the session: transfer',
      }),
    )
  }
}

describe('session hashes through starknet.js', () => {
  it('equal protocol/session with starknet.js v10', async () => {
    await check(() => import('./crypto'))
  })

  it('equal protocol/session with starknet.js v8', async () => {
    vi.resetModules()
    vi.doMock('starknet', async () => await import('starknet-v8'))
    try {
      await check(() => import('./crypto'))
      const v8 = await import('starknet')
      const v10 = await vi.importActual<typeof import('starknet')>('starknet')
      expect(v8.typedData.getMessageHash).not.toBe(v10.typedData.getMessageHash)
    } finally {
      vi.doUnmock('starknet')
      vi.resetModules()
    }
  })
})
