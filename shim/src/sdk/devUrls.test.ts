import { DEV_ORIGIN, getEnvironment } from '@webwallet/protocol'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { devUrls } from './devUrls'
import { resolveEnvironment } from './options'

const sessionParams = { allowedMethods: [] }

describe('devUrls', () => {
  it('moves every URL of the dev environment to the origin, path for path', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('http', 'https'),
        fc.constantFrom('localhost', '127.0.0.1', 'wallet.test', '[::1]'),
        fc.integer({ min: 1, max: 65535 }),
        fc.constantFrom('', '/', '/some/path?x=1'),
        (scheme, host, port, tail) => {
          const origin = new URL(`${scheme}://${host}:${port}`).origin
          const urls = devUrls(`${origin}${tail}`)
          const { name: _n, chainId: _c, network: _w, ...dev } = getEnvironment('dev')
          expect(Object.keys(urls).sort()).toEqual(Object.keys(dev).sort())
          for (const [key, url] of Object.entries(urls)) {
            expect(url).toBe(origin + dev[key as keyof typeof dev].slice(DEV_ORIGIN.length))
          }
        },
      ),
    )
  })

  it('as `urls`, leaves no URL of the SDK at port 3005', () => {
    const env = resolveEnvironment({
      appName: 'a',
      environment: 'dev',
      urls: devUrls('http://localhost:4100'),
      sessionParams,
    })
    expect(Object.values(env).filter((v) => String(v).includes(':3005'))).toEqual([])
    expect(env).toMatchObject({
      webWalletUrl: 'http://localhost:4100',
      chainId: getEnvironment('dev').chainId,
    })
  })

  it.each(['', 'localhost:4100', 'ftp://localhost:4100', 'javascript:alert(1)', 'http://['])(
    'refuses %j with INVALID_OPTIONS',
    (origin) => {
      expect(() => devUrls(origin)).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }))
    },
  )
})
