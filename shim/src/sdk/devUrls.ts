import type { EnvironmentConfig } from '@webwallet/protocol'
import { DEV_ORIGIN, ENVIRONMENTS } from '@webwallet/protocol/constants'
import { InvalidOptionsError } from '@webwallet/protocol/errors'

/** Every URL of an environment: what `urls` of `WebWallet.init` overrides. */
export type EnvironmentUrls = Omit<EnvironmentConfig, 'name' | 'chainId' | 'network'>

/**
 * Every URL of the `dev` environment moved to one wallet-sim origin (wallet-sim serves all its services side
 * by side); a path or trailing slash is dropped, and anything but an http(s) URL is INVALID_OPTIONS.
 *
 * @example
 * WebWallet.init({ appName: 'my-dapp', environment: 'dev', urls: devUrls('http://localhost:4100'), sessionParams })
 */
export function devUrls(origin: string): EnvironmentUrls {
  let parsed: URL | undefined
  try {
    parsed = new URL(origin)
  } catch {
    parsed = undefined
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new InvalidOptionsError('urls', `devUrls needs an http(s) origin, got ${JSON.stringify(origin)}`)
  }
  const { name: _name, chainId: _chainId, network: _network, ...urls } = ENVIRONMENTS.dev
  return Object.fromEntries(
    Object.entries(urls).map(([key, url]) => [key, parsed.origin + url.slice(DEV_ORIGIN.length)]),
  ) as EnvironmentUrls
}
