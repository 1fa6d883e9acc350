import type { Call } from '@webwallet/protocol'
import { strictCalls } from '@webwallet/protocol/procedures'

/**
 * The calls as the felts the wallet signs (hex), or ValidationError before any prompt for a value that
 * reads two ways: the prompt, the server's review and the signature then see the same felts.
 *
 * @example
 * feltCalls([{ contractAddress: '0x1', entrypoint: 'go', calldata: [10n] }]) // calldata ['0xa']
 */
export function feltCalls(calls: Call[]): Call[] {
  return strictCalls(calls).map((call) => ({
    contractAddress: call.contractAddress,
    entrypoint: call.entrypoint,
    calldata: call.calldata.map((felt) => `0x${felt.toString(16)}`),
  }))
}
