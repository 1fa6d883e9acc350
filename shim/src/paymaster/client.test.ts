import {
  InvalidServerSignatureError,
  NoServerSignatureError,
  PaymasterContractError,
  PaymasterHttpError,
  PaymasterRequestError,
} from '@webwallet/protocol/errors'
import { ec, encode, hash } from 'starknet'

const toHex = (bytes: Uint8Array) => `0x${encode.buf2hex(bytes)}`

import { describe, expect, it, vi } from 'vitest'
import { createPaymaster } from './client'
import { feeInGasToken } from './fee'

const SERVER_KEY = '0x5e5e5e'
const SERVER_PUBLIC = ec.starkCurve.getStarkKey(SERVER_KEY)

function signed(text: string, key = SERVER_KEY) {
  const sig = ec.starkCurve.sign(hash.computeHashOnElements([hash.starknetKeccak(text)]), key)
  return `${sig.r},${sig.s}`
}

describe('createPaymaster', () => {
  it('calls the AVNU v1 paths with api-key and ask-signature headers', async () => {
    const body = JSON.stringify({
      isCompatible: true,
      gasConsumedOverhead: '0x10',
      dataGasConsumedOverhead: '0x1',
    })
    const fetch = vi.fn<typeof globalThis.fetch>(
      async () => new Response(body, { headers: { signature: signed(body) } }),
    )
    const paymaster = createPaymaster({
      baseUrl: 'https://pm',
      apiKey: 'k',
      serverPublicKey: SERVER_PUBLIC,
      fetch,
    })
    expect(await paymaster.compatibility('0xabc')).toEqual(JSON.parse(body))
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toBe('https://pm/paymaster/v1/accounts/0xabc/compatible')
    expect(init?.headers).toEqual({ 'api-key': 'k', 'ask-signature': 'true' })
    expect(paymaster.sponsored).toBe(true)
  })

  it('posts build-typed-data and execute as JSON', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => Response.json({ transactionHash: '0x99' }))
    const paymaster = createPaymaster({ baseUrl: 'https://pm', fetch })
    const request = { userAddress: '0x1', typedData: '{}', signature: ['0x1', '0x2'] }
    expect(await paymaster.execute(request)).toEqual({ transactionHash: '0x99' })
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toBe('https://pm/paymaster/v1/execute')
    expect(init?.method).toBe('POST')
    expect(JSON.parse(String(init?.body))).toEqual(request)
    expect(init?.headers).toEqual({ accept: 'application/json', 'content-type': 'application/json' })
  })

  it.each([
    [400, { messages: ['Invalid calls', 'other'] }, PaymasterRequestError, 'Invalid calls'],
    [500, { messages: ['Boom'] }, PaymasterRequestError, 'Boom'],
    [
      500,
      { messages: ['Contract error: x'], revertError: 'u256_sub Overflow' },
      PaymasterContractError,
      'u256_sub Overflow',
    ],
    [404, {}, PaymasterHttpError, '404 Not Found'],
    [503, {}, PaymasterHttpError, '503 Service Unavailable'],
  ])('status %i gives %o', async (status, body, errorClass, message) => {
    const statusText = status === 404 ? 'Not Found' : status === 503 ? 'Service Unavailable' : 'Error'
    const paymaster = createPaymaster({
      baseUrl: 'https://pm',
      fetch: async () => Response.json(body, { status, statusText }),
    })
    const error = await paymaster.gasTokenPrices().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(errorClass)
    expect((error as Error).message).toBe(message)
  })

  it('accepts a full public key too, and refuses an answer without a signature or with a wrong one', async () => {
    const body = '[]'
    const full = createPaymaster({
      baseUrl: 'https://pm',
      serverPublicKey: toHex(ec.starkCurve.getPublicKey(SERVER_KEY, false)),
      fetch: async () => new Response(body, { headers: { signature: signed(body) } }),
    })
    expect(await full.gasTokenPrices()).toEqual([])
    const none = createPaymaster({
      baseUrl: 'https://pm',
      serverPublicKey: SERVER_PUBLIC,
      fetch: async () => new Response(body),
    })
    await expect(none.gasTokenPrices()).rejects.toBeInstanceOf(NoServerSignatureError)
    const forged = createPaymaster({
      baseUrl: 'https://pm',
      serverPublicKey: SERVER_PUBLIC,
      fetch: async () => new Response(body, { headers: { signature: signed(body, '0x777') } }),
    })
    await expect(forged.gasTokenPrices()).rejects.toThrow('Invalid server signature')
    const tampered = createPaymaster({
      baseUrl: 'https://pm',
      serverPublicKey: SERVER_PUBLIC,
      fetch: async () => new Response('[ ]', { headers: { signature: signed(body) } }),
    })
    await expect(tampered.gasTokenPrices()).rejects.toBeInstanceOf(InvalidServerSignatureError)
    const garbage = createPaymaster({
      baseUrl: 'https://pm',
      serverPublicKey: SERVER_PUBLIC,
      fetch: async () => new Response(body, { headers: { signature: 'zz' } }),
    })
    await expect(garbage.gasTokenPrices()).rejects.toBeInstanceOf(InvalidServerSignatureError)
  })
})

describe('feeInGasToken', () => {
  it('converts (fee + overhead × prices) / price in ETH, scaled by decimals, rounded up', () => {
    const estimate = {
      l1_gas_consumed: '0',
      l1_gas_price: '0',
      l2_gas_consumed: '0',
      l2_gas_price: '10',
      l1_data_gas_consumed: '0',
      l1_data_gas_price: '2',
      overall_fee: '1000000000000000', // 0.001 ETH
    }
    const price = { tokenAddress: '0x1', decimals: 6, priceInETH: '500000000000000' } // 1 token = 0.0005 ETH
    expect(feeInGasToken(estimate, price, { gasConsumedOverhead: '0', dataGasConsumedOverhead: '0' })).toBe(
      2_000_000n,
    )
    // + 10×100 + 2×50 = 1100 wei more: 1100 × 10^6 / 5×10^14 rounds up to 1 more unit.
    expect(
      feeInGasToken(estimate, price, { gasConsumedOverhead: '100', dataGasConsumedOverhead: '50' }),
    ).toBe(2_000_001n)
  })

  it('converts a V3 fee in FRI through the STRK price: paid in STRK it is the fee itself', () => {
    const estimate = {
      l1_gas_consumed: '0',
      l1_gas_price: '0',
      l2_gas_consumed: '0',
      l2_gas_price: '0',
      l1_data_gas_consumed: '0',
      l1_data_gas_price: '0',
      overall_fee: '20000000000000000', // 0.02 STRK
      unit: 'FRI',
    }
    const strkPrice = 10n ** 14n // 1 STRK = 0.0001 ETH
    const noOverhead = { gasConsumedOverhead: '0', dataGasConsumedOverhead: '0' }
    const strk = { tokenAddress: '0x4718', decimals: 18, priceInETH: '100000000000000' }
    const eth = { tokenAddress: '0x49d3', decimals: 18, priceInETH: '1000000000000000000' }
    expect(feeInGasToken(estimate, strk, noOverhead, strkPrice)).toBe(20_000_000_000_000_000n)
    expect(feeInGasToken(estimate, eth, noOverhead, strkPrice)).toBe(2_000_000_000_000n) // 0.000002 ETH
    expect(() => feeInGasToken(estimate, eth, noOverhead)).toThrow('A fee in FRI needs the STRK price')
  })
  // Issue 27: an unreachable paymaster was a bare TypeError 'Failed to fetch'.
  it('reports an unreachable paymaster with a code and its URL', async () => {
    const down = vi.fn(async () => {
      throw new TypeError('Failed to fetch')
    })
    const paymaster = createPaymaster({ baseUrl: 'http://paymaster.down', fetch: down as never })
    await expect(paymaster.gasTokenPrices()).rejects.toMatchObject({
      code: 'SERVICE_UNREACHABLE',
      data: { service: 'paymaster', url: 'http://paymaster.down/paymaster/v1/gas-token-prices' },
    })
    await expect(paymaster.buildTypedData({} as never)).rejects.toMatchObject({
      code: 'SERVICE_UNREACHABLE',
      data: { service: 'paymaster', url: 'http://paymaster.down/paymaster/v1/build-typed-data' },
    })
  })
})
