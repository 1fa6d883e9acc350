// A minimal stand-in for Argent's cosigner, served over real HTTP so @argent/x-sessions runs unchanged:
// it signs poseidon(message hash, session hash, cache flag) with the guardian key, as the real service does.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type FeltLike, sessionMessageHash, signHash } from '@webwallet/protocol/session'
import { typedData } from 'starknet'

export interface Cosigner {
  readonly url: string
  /** The bodies received, for assertions. */
  readonly requests: { path: string; body: CosignerBody }[]
  close(): Promise<void>
}

interface CosignerBody {
  session: { sessionHash: string; cacheAuthorisation?: boolean }
  message?: { accountAddress: string; message: Parameters<typeof typedData.getMessageHash>[0] }
}

/**
 * Starts the cosigner. `transactionHash` is the hash of the invoke being co-signed (the real service
 * recomputes it from the transaction in the body; the test knows it already).
 */
export async function startCosigner(
  guardianPrivateKey: FeltLike,
  transactionHash: () => FeltLike,
): Promise<Cosigner> {
  const requests: Cosigner['requests'] = []
  const server: Server = createServer((request, response) => {
    let text = ''
    request.on('data', (chunk: Buffer) => {
      text += chunk.toString()
    })
    request.on('end', () => {
      const body = JSON.parse(text) as CosignerBody
      const path = request.url ?? ''
      requests.push({ path, body })
      const hash = path.endsWith('/cosigner/signSessionEFO')
        ? typedData.getMessageHash(body.message!.message, body.message!.accountAddress)
        : transactionHash()
      const message = sessionMessageHash(
        hash,
        body.session.sessionHash,
        body.session.cacheAuthorisation ?? false,
      )
      const signature = signHash(message, guardianPrivateKey)
      response.setHeader('content-type', 'application/json')
      response.end(
        JSON.stringify({
          signature: {
            publicKey: `0x${signature.signer.toString(16)}`,
            r: `0x${signature.r.toString(16)}`,
            s: `0x${signature.s.toString(16)}`,
          },
        }),
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  }
}
