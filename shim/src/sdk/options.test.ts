// WebWallet.init refuses options that cannot work, with INVALID_OPTIONS naming the option, and agrees with
// protocol's InitOptionsSchema on every case (the shim's check is zod-free to keep the bundle small).
import { InitOptionsSchema } from '@webwallet/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { memoryKeyStore } from '../storage/keyVault'
import { memoryStorage } from '../storage/storage'
import type { WebWalletOptions } from './options'
import { WebWallet } from './WebWallet'

const GAME = '0x00000000000000000000000000000000000000000000000000000000000a11ce'
const base = { appName: 'demo', sessionParams: { allowedMethods: [{ contract: GAME, selector: 'play' }] } }
const withParams = (params: Record<string, unknown>) => ({
  ...base,
  sessionParams: { ...base.sessionParams, ...params },
})

const REFUSED: [string, unknown, string][] = [
  ['validityDays -5', withParams({ validityDays: -5 }), 'sessionParams.validityDays'],
  ['validityDays 0', withParams({ validityDays: 0 }), 'sessionParams.validityDays'],
  ['validityDays NaN', withParams({ validityDays: Number.NaN }), 'sessionParams.validityDays'],
  [
    'validityDays Infinity',
    withParams({ validityDays: Number.POSITIVE_INFINITY }),
    'sessionParams.validityDays',
  ],
  ['validityDays as text', withParams({ validityDays: '7' }), 'sessionParams.validityDays'],
  ['an empty appName', { ...base, appName: '' }, 'appName'],
  ['a blank appName', { ...base, appName: '   ' }, 'appName'],
  ['no appName', { sessionParams: base.sessionParams }, 'appName'],
  ['an unknown environment', { ...base, environment: 'testnet' }, 'environment'],
  ['no sessionParams', { appName: 'demo' }, 'sessionParams'],
  ['allowedMethods not a list', withParams({ allowedMethods: {} }), 'sessionParams.allowedMethods'],
  [
    'a contract that is no address',
    withParams({ allowedMethods: [{ contract: 'game', selector: 'play' }] }),
    'sessionParams.allowedMethods.0.contract',
  ],
  [
    'a contract at the field prime',
    withParams({
      allowedMethods: [{ contract: `0x${(2n ** 251n + 17n * 2n ** 192n + 1n).toString(16)}`, selector: 'p' }],
    }),
    'sessionParams.allowedMethods.0.contract',
  ],
  [
    'an empty selector',
    withParams({ allowedMethods: [{ contract: GAME, selector: '' }] }),
    'sessionParams.allowedMethods.0.selector',
  ],
  // Issue 27: out of range before any prompt.
  [
    'validityDays 1e-9 (signed already expired)',
    withParams({ validityDays: 1e-9 }),
    'sessionParams.validityDays',
  ],
  ['validityDays 1e15 (beyond u64)', withParams({ validityDays: 1e15 }), 'sessionParams.validityDays'],
  ['validityDays 1e300', withParams({ validityDays: 1e300 }), 'sessionParams.validityDays'],
  [
    'a selector at the field prime',
    withParams({
      allowedMethods: [
        { contract: GAME, selector: `0x${(2n ** 251n + 17n * 2n ** 192n + 1n).toString(16)}` },
      ],
    }),
    'sessionParams.allowedMethods.0.selector',
  ],
  [
    'a contract at 2^251',
    withParams({ allowedMethods: [{ contract: `0x${(2n ** 251n).toString(16)}`, selector: 'p' }] }),
    'sessionParams.allowedMethods.0.contract',
  ],
  ['allowSessionKeyExport as text', { ...base, allowSessionKeyExport: 'yes' }, 'allowSessionKeyExport'],
  ['a negative connect timeout', { ...base, connectTimeoutMs: -1 }, 'connectTimeoutMs'],
]
const ACCEPTED: [string, unknown][] = [
  ['the defaults', base],
  ['1 day', withParams({ validityDays: 1 })],
  ['half a day', withParams({ validityDays: 0.5 })],
  ['one minute', withParams({ validityDays: 1 / 1440 })],
  ['100 years', withParams({ validityDays: 36_500 })],
  ['a hex selector', withParams({ allowedMethods: [{ contract: GAME, selector: '0x1234' }] })],
  ['45 days (warns later)', withParams({ validityDays: 45 })],
  ['no methods', withParams({ allowedMethods: [] })],
  ['the export opt-in', { ...base, allowSessionKeyExport: true, environment: 'dev' }],
]

const init = (options: unknown) =>
  WebWallet.init({ ...(options as WebWalletOptions), storage: memoryStorage(), keyStore: memoryKeyStore() })

afterEach(() => {
  vi.restoreAllMocks()
})

describe('WebWallet.init options', () => {
  it.each(REFUSED)('refuses %s as INVALID_OPTIONS, as InitOptionsSchema does', (_name, options, path) => {
    expect(InitOptionsSchema.safeParse(options).success).toBe(false)
    const error = (() => {
      try {
        init(options)
      } catch (e) {
        return e
      }
      return undefined
    })()
    expect(error).toMatchObject({ code: 'INVALID_OPTIONS', data: { path } })
  })

  it.each(ACCEPTED)('accepts %s, as InitOptionsSchema does', (_name, options) => {
    expect(InitOptionsSchema.safeParse(options).success).toBe(true)
    expect(init(options)).toBeInstanceOf(WebWallet)
  })

  it('keeps the console warning above 30 days (the session is still built)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const connectAndSignSession = vi.fn(async () => ({ errorCode: 'USER_REJECTED' as const }))
    const wallet = WebWallet.init({
      ...withParams({ validityDays: 45 }),
      connector: { connectAndSignSession, ready: async () => true },
      storage: memoryStorage(),
      keyStore: memoryKeyStore(),
    })
    await wallet.requestConnection().catch(() => {})
    expect(warn).toHaveBeenCalledWith('Session validity of 45 days is above the maximum of 30 days.')
    expect(connectAndSignSession).toHaveBeenCalledOnce()
  })
})

describe('the sessionKey option', () => {
  it('refuses what is no session-key kind, and takes p256SessionKey()', async () => {
    for (const sessionKey of ['p256', {}, { generate() {}, guid() {} }]) {
      expect(() => init({ ...base, sessionKey })).toThrow(
        expect.objectContaining({ code: 'INVALID_OPTIONS', message: expect.stringContaining('sessionKey') }),
      )
    }
    const { p256SessionKey } = await import('../p256')
    expect(() =>
      init({ ...base, sessionKey: p256SessionKey({ origin: 'http://localhost:5173' }) }),
    ).not.toThrow()
  })
})
