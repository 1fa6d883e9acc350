import {
  AirdropSchema,
  addressKey,
  BalanceResponseSchema,
  DefiDecompositionSchema,
  PriceListSchema,
  ProfileSchema,
  TokenInfoListSchema,
  TokenInfoSchema,
} from '@webwallet/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { type Served, serve } from '../../infra/http/serve'
import { createBackendRouter } from './router'
import { createPortfolioFixtures } from './setups'
import { ETH_ADDRESS, STRK_ADDRESS } from './tokens'

const DEMO = addressKey('0xd3a')
const ALICE = addressKey('0xa11ce')
const NOW = 1_750_000_000_000
const balances = new Map<string, bigint>([
  [`${STRK_ADDRESS}:${ALICE}`, 5n * 10n ** 18n],
  [`${DEMO}:${ALICE}`, 42n],
])
const reads: string[] = []
const fixtures = createPortfolioFixtures({ now: () => NOW })

let served: Served
beforeAll(async () => {
  const router = createBackendRouter({
    readBalance: async (token, address, network) => {
      reads.push(`${network}:${token}`)
      return balances.get(`${token}:${address}`) ?? 0n
    },
    lookupName: (address) => (address === ALICE ? 'alice.stark' : undefined),
    now: () => NOW,
    fixtures,
    config: {
      demoTokens: [{ address: '0xd3a', name: 'Demo', symbol: 'DEMO', decimals: 18 }],
      initialisingPolls: 2,
    },
  })
  served = await serve('/v1', router)
})
afterAll(() => served.close())

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${served.url}${path}`, { headers })
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown }
}

describe('tokens', () => {
  it('lists every token as protocol token infos, STRK, ETH and the demo token among them', async () => {
    const { status, body } = await get('/tokens/info?chain=starknet')
    expect(status).toBe(200)
    const { tokens } = TokenInfoListSchema.parse(body)
    expect(tokens.map((t) => t.address)).toEqual(expect.arrayContaining([STRK_ADDRESS, ETH_ADDRESS, DEMO]))
    expect(new Set(tokens.map((t) => t.category))).toEqual(new Set(['tokens', 'currencies', 'savings']))
  })

  it('answers one token by address, however it is padded or cased', async () => {
    const { status, body } = await get(
      '/tokens/info/0x4718F5A0FC34CC1AF16A1CDEE98FFB20C31F5CD61D6AB07201858F4287C938D?chain=starknet',
    )
    expect(status).toBe(200)
    expect(TokenInfoSchema.parse(body)).toMatchObject({ symbol: 'STRK', decimals: 18, address: STRK_ADDRESS })
  })

  it('answers 404 for an unknown token and 400 for a bad address or chain', async () => {
    expect(await get('/tokens/info/0x1234?chain=starknet')).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    })
    expect(await get('/tokens/info/hello?chain=starknet')).toMatchObject({
      status: 400,
      body: { message: 'params.address: Invalid address' },
    })
    expect((await get('/tokens/info?chain=ethereum')).status).toBe(400)
    expect((await get('/tokens/info')).status).toBe(400)
  })

  it('gives a price entry for every priced token', async () => {
    const { body } = await get('/tokens/prices?chain=starknet')
    const { prices } = PriceListSchema.parse(body)
    expect(prices.find((p) => p.pricingId === 1)).toMatchObject({ ethValue: '1' })
    expect(prices.length).toBeGreaterThanOrEqual(5)
  })
})

describe('balances', () => {
  it('answers initialising for the configured number of polls, then the chain balances', async () => {
    const path = `/activity/starknet/sepolia/account/${ALICE}/balance`
    expect((await get(path)).body).toEqual({ status: 'initialising', balances: [] })
    expect((await get(path)).body).toEqual({ status: 'initialising', balances: [] })
    const { body } = await get(path, {
      'argent-network': 'sepolia',
      'argent-client': 'webwallet-sdk',
      'argent-version': '1.0.0',
    })
    expect(BalanceResponseSchema.parse(body)).toEqual({
      status: 'initialised',
      balances: [
        { tokenAddress: STRK_ADDRESS, tokenBalance: '5000000000000000000' },
        { tokenAddress: DEMO, tokenBalance: '42' },
      ],
    })
    expect(reads).toContain(`sepolia:${ETH_ADDRESS}`)
  })

  it('counts polls per network', async () => {
    expect((await get(`/activity/starknet/mainnet/account/${ALICE}/balance`)).body).toEqual({
      status: 'initialising',
      balances: [],
    })
  })

  it('refuses an unknown network in the path or the header, and a header disagreeing with the path', async () => {
    expect((await get(`/activity/starknet/goerli/account/${ALICE}/balance`)).status).toBe(400)
    const header = await get('/tokens/info?chain=starknet', { 'argent-network': 'goerli' })
    expect(header.status).toBe(400)
    const mismatch = await get(`/activity/starknet/mainnet/account/${ALICE}/balance`, {
      'argent-network': 'sepolia',
    })
    expect(mismatch).toMatchObject({
      status: 400,
      body: { message: 'argent-network header is sepolia but the path asks for mainnet' },
    })
  })
})

/** Positions are flat; each kind has a field of its own. */
function kindOf(position: object): string {
  if ('tokenId' in position) return 'liquidity'
  if ('stakerInfo' in position) return 'staking'
  if ('collateral' in position) return 'lending'
  if ('delegatingTo' in position) return 'delegation'
  if ('apy' in position) return 'yield'
  return 'unknown'
}

describe('defi', () => {
  const path = (address: string) => `/tokens/defi/${address}/investments?chain=starknet&application=webwallet`

  it('has no positions for a fresh account', async () => {
    expect(await get(path('0xf4e54'))).toMatchObject({ status: 200, body: { dapps: [] } })
  })

  it('reports the sample set up for an address, with every product type and position kind', async () => {
    fixtures.setDefi(ALICE, 'sample')
    // However the client pads or cases the address.
    const first = DefiDecompositionSchema.parse((await get(path('0xA11CE'))).body)
    expect(first).toEqual(fixtures.defiOf(ALICE))
    const products = first.dapps.flatMap((d) => d.products)
    expect(new Set(products.map((p) => p.type)).size).toBe(5)
    const kinds = new Set(products.flatMap((p) => p.positions.map(kindOf)))
    expect(kinds).toEqual(new Set(['liquidity', 'lending', 'delegation', 'yield', 'staking']))
    expect((await get(path('0xb0b'))).body).toEqual({ dapps: [] })
  })

  it('needs the application', async () => {
    expect((await get(`/tokens/defi/${ALICE}/investments?chain=starknet`)).status).toBe(400)
  })
})

describe('airdrops and profile', () => {
  it('has no airdrops for a fresh account, and the ones set up for an address', async () => {
    expect(await get('/airdrops/0xf4e54')).toMatchObject({ status: 200, body: [] })
    fixtures.setAirdrops(ALICE, 'sample')
    const drops = z.array(AirdropSchema).parse((await get(`/airdrops/${ALICE}`)).body)
    expect(drops[0]).toMatchObject({
      tokenAddress: STRK_ADDRESS,
      claimStart: new Date(NOW - 86400_000).toISOString(),
    })
  })

  it('gives the profile of a named address and 404 for an unnamed one', async () => {
    const profile = ProfileSchema.parse((await get(`/starknet-id/profile/${ALICE}`)).body)
    expect(profile).toMatchObject({ name: 'alice.stark', twitter: 'alice' })
    expect(await get('/starknet-id/profile/0xb0b')).toMatchObject({
      status: 404,
      body: { message: 'Starkname not found' },
    })
  })
})

describe('cors', () => {
  it('lets any origin read, with the SDK headers allowed in preflight', async () => {
    const { headers } = await get('/tokens/prices?chain=starknet', { origin: 'http://localhost:5173' })
    expect(headers.get('access-control-allow-origin')).toBe('*')
    const preflight = await fetch(`${served.url}/tokens/prices`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'argent-network',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-headers')).toContain('argent-network')
  })
})
