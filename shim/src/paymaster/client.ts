import type {
  BuildTypedDataRequest,
  GasTokenPrice,
  PaymasterCompatibility,
  PaymasterExecuteRequest,
} from '@webwallet/protocol'
import {
  InvalidOptionsError,
  InvalidServerSignatureError,
  NoServerSignatureError,
  PaymasterContractError,
  PaymasterHttpError,
  PaymasterRequestError,
  UnexpectedAnswerError,
} from '@webwallet/protocol/errors'
import { verifySignerSignature } from '@webwallet/protocol/session'
import { ec, hash } from 'starknet'
import { hostAddress } from '../account/hostAddress'
import { reach } from '../http/reach'
import {
  expectShape,
  fields,
  hasShape,
  isArrayOf,
  isBoolean,
  isCount,
  isFelt,
  isString,
  isUint,
  parseJson,
} from '../http/shape'

/** Options of {@link createPaymaster}. */
export interface PaymasterOptions {
  /** e.g. https://sepolia.api.avnu.fi, or http://localhost:3005/paymaster for wallet-sim. */
  readonly baseUrl: string
  /** Sent as `api-key`; sponsors the fees. */
  readonly apiKey?: string | undefined
  /** When set, answers must carry a `signature` header made with this Stark key. */
  readonly serverPublicKey?: string | undefined
  readonly fetch?: typeof fetch
}

/**
 * A client of the AVNU gasless API v1 (docs/protocol.md, Portfolio backend): 400 and 500 fail with the first
 * message, other >400 with 'status statusText'; the server's signature is checked when a public key is set.
 *
 * @example
 * const { isCompatible } = await createPaymaster({ baseUrl: 'https://sepolia.api.avnu.fi', apiKey }).compatibility(address)
 */
export function createPaymaster(options: PaymasterOptions) {
  const headers = (json: boolean): Record<string, string> => ({
    ...(json ? { accept: 'application/json', 'content-type': 'application/json' } : {}),
    ...(options.apiKey ? { 'api-key': options.apiKey } : {}),
    ...(options.serverPublicKey ? { 'ask-signature': 'true' } : {}),
  })
  const call = async (path: string, request?: unknown): Promise<unknown> => {
    const body = request === undefined ? undefined : jsonBody(request)
    const url = `${options.baseUrl}/paymaster/v1${path}`
    // No answer at all (down, DNS, CORS): SERVICE_UNREACHABLE with the URL; an abort stays the caller's.
    const response = await reach(
      'paymaster',
      url,
      {
        method: body === undefined ? 'GET' : 'POST',
        headers: headers(body !== undefined),
        ...(body === undefined ? {} : { body }),
      },
      options.fetch,
    )
    return parseAnswer(response, options.serverPublicKey)
  }
  return {
    baseUrl: options.baseUrl,
    sponsored: options.apiKey !== undefined,
    async compatibility(address: string): Promise<PaymasterCompatibility> {
      return expectShape(
        await call(`/accounts/${hostAddress(address)}/compatible`),
        { isCompatible: isBoolean, gasConsumedOverhead: isUint, dataGasConsumedOverhead: isUint },
        'compatibility answer',
      )
    },
    async gasTokenPrices(): Promise<GasTokenPrice[]> {
      const prices = await call('/gas-token-prices')
      const isPrice = (p: unknown) =>
        hasShape(p, { tokenAddress: isFelt, decimals: isCount, priceInETH: isUint })
      if (!isArrayOf<GasTokenPrice>(isPrice)(prices)) throw new UnexpectedAnswerError('gas token prices')
      return prices
    },
    /** The typed data the account signs (its shape is the paymaster's). */
    async buildTypedData(request: BuildTypedDataRequest): Promise<unknown> {
      return expectShape(
        await call('/build-typed-data', request ?? null),
        { types: fields, primaryType: isString, domain: fields, message: fields },
        'typed data answer',
      )
    },
    async execute(request: PaymasterExecuteRequest): Promise<{ transactionHash: string }> {
      return expectShape(
        await call('/execute', request ?? null),
        { transactionHash: isFelt },
        'execute answer',
      )
    },
  }
}

// A request body is a JSON object: anything else (a bigint, a cycle, no object) is the caller's mistake.
function jsonBody(request: unknown): string {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    throw new InvalidOptionsError('request', 'must be an object')
  }
  try {
    return JSON.stringify(request)
  } catch (cause) {
    throw new InvalidOptionsError('request', 'must be JSON (no bigint, no cycle)', { cause })
  }
}

/** The client {@link createPaymaster} returns. */
export type Paymaster = ReturnType<typeof createPaymaster>

async function parseAnswer(response: Response, serverPublicKey: string | undefined): Promise<unknown> {
  if (response.status === 400 || response.status === 500) {
    const body = (await response.json().catch(() => ({}))) as { messages?: unknown; revertError?: unknown }
    const first = Array.isArray(body.messages) && typeof body.messages[0] === 'string' ? body.messages[0] : ''
    if (response.status === 500 && first.includes('Contract error')) {
      throw new PaymasterContractError(typeof body.revertError === 'string' ? body.revertError : '')
    }
    throw new PaymasterRequestError(first || `${response.status} ${response.statusText}`, response.status)
  }
  if (response.status > 400) throw new PaymasterHttpError(response.status, response.statusText)
  const text = await response.text()
  if (serverPublicKey) verifyServerSignature(text, response.headers.get('signature'), serverPublicKey)
  return parseJson(text, 'paymaster answer')
}

/**
 * Checks the paymaster's `signature` header ("r,s"): a Stark signature over
 * computeHashOnElements([starknetKeccak(body text)]), as @avnu/gasless-sdk verifies it.
 *
 * @example
 * verifyServerSignature(text, response.headers.get('signature'), serverPublicKey)
 */
export function verifyServerSignature(text: string, header: string | null, publicKey: string): void {
  if (!header) throw new NoServerSignatureError()
  const digest = hash.computeHashOnElements([hash.starknetKeccak(text)])
  try {
    const [r, s] = header.split(',').map((part) => BigInt(part.trim()))
    if (r === undefined || s === undefined) throw new InvalidServerSignatureError()
    // A full (uncompressed or compressed) key is checked as is; a Stark key (x only) with either parity.
    const ok =
      publicKey.replace(/^0x/, '').length > 64
        ? ec.starkCurve.verify(new ec.starkCurve.Signature(r, s), digest, publicKey.replace(/^0x/, ''))
        : verifySignerSignature(digest, { signer: BigInt(publicKey), r, s })
    if (ok) return
  } catch (cause) {
    throw new InvalidServerSignatureError({ cause })
  }
  throw new InvalidServerSignatureError()
}
