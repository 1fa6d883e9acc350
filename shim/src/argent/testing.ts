// Test fixtures of the Argent entry: a wallet double that signs sessions as owner and guardian.
import { CHAIN_IDS, type SessionSignRequest } from '@webwallet/protocol'
import { serializeSignerSignatures, signHash, toHex } from '@webwallet/protocol/session'
import { typedData } from 'starknet'
import { vi } from 'vitest'

export const ACCOUNT = '0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'
export const GAME = '0x00000000000000000000000000000000000000000000000000000000000a11ce'
export const DEPLOYMENT = {
  classHash: '0x1',
  constructorCalldata: ['0x2'],
  addressSalt: '0x3',
  contractAddress: ACCOUNT,
}

/** A wallet double: signs the session as owner and guardian, sends wallet-API transactions. */
export function fakeConnector(answer: Record<string, unknown> = {}) {
  let fail: Error | undefined
  return {
    failNext: (error: Error) => {
      fail = error
    },
    ready: vi.fn(async () => true),
    request: vi.fn(async (_call: unknown) => ({ transaction_hash: '0x7a' })),
    connectAndSignSession: vi.fn(async (request: SessionSignRequest) => {
      if (fail) throw fail
      const hash = typedData.getMessageHash(request.sessionTypedData as never, ACCOUNT)
      const signature = serializeSignerSignatures([signHash(hash, '0x5a5a5a'), signHash(hash, '0x6b6b6b')])
      return { account: [ACCOUNT], chainId: CHAIN_IDS.SN_SEPOLIA, signature: signature.map(toHex), ...answer }
    }),
  }
}
