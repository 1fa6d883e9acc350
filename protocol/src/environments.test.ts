import { describe, expect, it } from 'vitest'
import { CHAIN_IDS, POPUP_SIZES, websocketReconnectDelay } from './constants'
import { DEFAULT_ENVIRONMENT, ENVIRONMENTS, getEnvironment, networkFromWalletUrl } from './environments'

function shortStringToHex(text: string): string {
  return `0x${[...text].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('')}`
}

describe('constants', () => {
  it('chain ids are the felt hex of their names', () => {
    expect(CHAIN_IDS.SN_MAIN).toBe(shortStringToHex('SN_MAIN'))
    expect(CHAIN_IDS.SN_SEPOLIA).toBe(shortStringToHex('SN_SEPOLIA'))
  })

  it.each([
    [0, 1000],
    [1, 2000],
    [4, 16000],
    [5, 30000],
    [50, 30000],
  ])('websocket reconnect delay after %i attempts is %i ms', (attempt, ms) => {
    expect(websocketReconnectDelay(attempt)).toBe(ms)
  })

  it('popup sizes follow the spec', () => {
    expect(POPUP_SIZES).toEqual({
      default: { width: 775, height: 385 },
      signing: { width: 385, height: 440 },
      review: { width: 385, height: 775 },
    })
  })
})

describe('environments', () => {
  it('defaults to sepolia', () => {
    expect(DEFAULT_ENVIRONMENT).toBe('sepolia')
    expect(getEnvironment().chainId).toBe(CHAIN_IDS.SN_SEPOLIA)
  })

  it('points mainnet and sepolia at the hosted wallets', () => {
    expect(ENVIRONMENTS.mainnet.webWalletUrl).toBe('https://web.argent.xyz')
    expect(ENVIRONMENTS.mainnet.chainId).toBe(CHAIN_IDS.SN_MAIN)
    expect(ENVIRONMENTS.sepolia.webWalletUrl).toBe('https://sepolia-web.argent.xyz')
  })

  it('points every dev URL at wallet-sim', () => {
    const dev = ENVIRONMENTS.dev
    expect(dev).toMatchObject({
      webWalletUrl: 'http://localhost:3005',
      providerDefaultUrl: 'http://localhost:3005/rpc',
      paymasterUrl: 'http://localhost:3005/paymaster',
      cosignerUrl: 'http://localhost:3005/cosigner',
      backendUrl: 'http://localhost:3005/v1',
      allowListUrl: 'http://localhost:3005/allowlist/sepolia.json',
    })
    for (const value of Object.values(dev)) {
      if (typeof value === 'string' && value.includes('://'))
        expect(value.startsWith('http://localhost:3005')).toBe(true)
    }
  })

  it('applies overrides but ignores undefined ones', () => {
    const env = getEnvironment('dev', { providerDefaultUrl: 'http://x/rpc', paymasterUrl: undefined })
    expect(env.providerDefaultUrl).toBe('http://x/rpc')
    expect(env.paymasterUrl).toBe('http://localhost:3005/paymaster')
  })

  it('rejects an unknown environment', () => {
    expect(() => getEnvironment('nope' as 'dev')).toThrow('Unknown environment: nope')
  })

  it.each([
    ['https://sepolia-web.argent.xyz', 'sepolia'],
    ['http://localhost:3005', 'sepolia'],
    ['http://127.0.0.1:5173', 'sepolia'],
    ['https://web.argent.xyz', 'mainnet'],
    ['not a url', 'mainnet'],
  ])('infers the network of %s as %s', (url, network) => {
    expect(networkFromWalletUrl(url)).toBe(network)
  })
})
