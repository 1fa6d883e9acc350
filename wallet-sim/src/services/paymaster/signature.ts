import { computeHashOnElements, keccak } from '@scure/starknet'
import { signHash, toHex } from '@webwallet/protocol/session'
import type { Request, Response } from 'express'
import { SIGNATURE_HEADER } from '../dev/faultInjector'

/**
 * The digest AVNU signs an answer with: Pedersen hash-on-elements of the starknet-keccak of the body text.
 *
 * @example
 * answerDigest('{"transactionHash":"0x1"}')
 */
export function answerDigest(text: string): bigint {
  return BigInt(computeHashOnElements([keccak(new TextEncoder().encode(text))]) as string | bigint)
}

/**
 * Send `body` as JSON; when the client asked (`ask-signature: true`) and the paymaster has a key, add the
 * `signature: r,s` header over exactly the bytes sent.
 *
 * @example
 * sendSigned(req, res, { transactionHash }, serverPrivateKey)
 */
export function sendSigned(
  req: Request,
  res: Response,
  body: unknown,
  serverPrivateKey: string | undefined,
): void {
  const text = JSON.stringify(body)
  if (serverPrivateKey !== undefined && req.headers['ask-signature'] === 'true') {
    const { r, s } = signHash(answerDigest(text), serverPrivateKey)
    res.setHeader(SIGNATURE_HEADER, `${toHex(r)},${toHex(s)}`)
  }
  res.type('application/json').send(text)
}
