// Requests the wallet tests send: a SNIP-12 message, a session, calls.
import type { TypedData } from '@webwallet/protocol'
import { toAddress, toHex } from '@webwallet/protocol/constants'
import { buildSession, sessionHash, sessionTypedData } from '@webwallet/protocol/session'
import { mail } from '../../../protocol/src/typedData/testing/messages'
import { ETH_ADDRESS, STRK_ADDRESS } from '../chain/contracts/erc20'

export const STRK = toAddress(STRK_ADDRESS)
export const ETH = toAddress(ETH_ADDRESS)
export const SPENDER = '0x5bd1e5'

/** A revision 1 SNIP-12 message, as a dapp would ask to sign. */
export const MAIL: TypedData = mail('hello', { to: '0x1234' })

/** A session of `expiresAt` for a fixed session key, allowing STRK transfers. */
export function sessionRequest(expiresAt: number, chainId = 'SN_SEPOLIA') {
  const session = buildSession({
    expiresAt,
    allowedMethods: [{ 'Contract Address': STRK, selector: 'transfer' }],
    metadata: { projectID: 'demo', txFees: [{ tokenAddress: STRK, maxAmount: '10000000000000000000' }] },
    sessionPublicKey: '0x5e55',
  })
  const typedData = sessionTypedData(
    session,
    chainId === 'SN_SEPOLIA' ? BigInt('0x534e5f5345504f4c4941') : BigInt('0x534e5f4d41494e'),
  )
  return {
    session,
    typedData: typedData as unknown as TypedData,
    hashFor: (address: string) => toHex(sessionHash(session, address, BigInt('0x534e5f5345504f4c4941'))),
  }
}
