import { config, constants as starknetConstants } from 'starknet'
import { describe, expect, it } from 'vitest'
import { CHAIN_IDS, DEFAULT_RPC_SPEC_VERSION, POPUP_SIZES, websocketReconnectDelay } from './constants'
import {
  DEFAULT_ENVIRONMENT,
  ENVIRONMENTS,
  getEnvironment,
  HOSTED_WALLET_ORIGINS,
  networkFromWalletUrl,
  walletOrigins,
} from './environments'

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

  it("points mainnet and sepolia at the hosted wallets, Ready's hosts (where starknetkit 3.x opens) first", () => {
    expect(ENVIRONMENTS.mainnet.webWalletUrl).toBe('https://web.ready.co')
    expect(ENVIRONMENTS.mainnet.chainId).toBe(CHAIN_IDS.SN_MAIN)
    expect(ENVIRONMENTS.sepolia.webWalletUrl).toBe('https://sepolia-web.ready.co')
    expect(HOSTED_WALLET_ORIGINS.mainnet).toEqual(['https://web.ready.co', 'https://web.argent.xyz'])
    expect(HOSTED_WALLET_ORIGINS.sepolia).toEqual([
      'https://sepolia-web.ready.co',
      'https://sepolia-web.argent.xyz',
    ])
    for (const name of ['mainnet', 'sepolia'] as const) {
      for (const origin of HOSTED_WALLET_ORIGINS[name]) {
        expect(new URL(origin).origin).toBe(origin)
        expect(networkFromWalletUrl(origin)).toBe(name)
      }
    }
  })

  it("lets a hosted wallet answer from its network's other hosts, anything else only from itself", () => {
    expect(walletOrigins('https://web.argent.xyz')).toEqual([
      'https://web.argent.xyz',
      'https://web.ready.co',
    ])
    expect(walletOrigins('https://sepolia-web.ready.co')).toEqual([
      'https://sepolia-web.ready.co',
      'https://sepolia-web.argent.xyz',
    ])
    // Never across networks, never by suffix or prefix.
    expect(walletOrigins('https://web.ready.co')).not.toContain('https://sepolia-web.ready.co')
    for (const other of [
      'https://evil.ready.co',
      'https://web.ready.co.evil.example',
      'http://web.ready.co',
      'https://web.ready.co:8443',
      'http://localhost:3005',
    ]) {
      expect(walletOrigins(other)).toEqual([other])
    }
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

  it('speaks RPC 0.10, the version starknet.js v10 sends and wallet-sim serves at /rpc', () => {
    expect(DEFAULT_RPC_SPEC_VERSION).toBe('v0_10')
    const [major, minor] = String(config.get('rpcVersion')).split('.')
    expect(`v${major}_${minor}`).toBe(DEFAULT_RPC_SPEC_VERSION)
  })

  it.each([
    ['sepolia', 'SN_SEPOLIA'],
    ['mainnet', 'SN_MAIN'],
  ] as const)(
    'points %s at a public node whose URL path is the RPC version the SDK speaks',
    (name, chain) => {
      const url = new URL(ENVIRONMENTS[name].providerDefaultUrl)
      expect(url.protocol).toBe('https:')
      expect(url.pathname.endsWith(`/rpc/${DEFAULT_RPC_SPEC_VERSION}`)).toBe(true)
      expect(url.pathname).not.toMatch(/v0_[0-8]\b/)
      // The same node starknet.js v10 picks by default for that chain, at the same version.
      const [starknetDefault] = starknetConstants.RPC_DEFAULT_NODES[chain]
      expect(url.href).toBe(`${starknetDefault}${DEFAULT_RPC_SPEC_VERSION}`)
    },
  )

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
    ['https://sepolia-web.ready.co', 'sepolia'],
    ['https://web.ready.co', 'mainnet'],
    ['not a url', 'mainnet'],
  ])('infers the network of %s as %s', (url, network) => {
    expect(networkFromWalletUrl(url)).toBe(network)
  })
})
