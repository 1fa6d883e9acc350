import { ValidationError } from '@webwallet/protocol/errors'

/**
 * Normalises a URL or origin to its origin, refusing wildcards and opaque origins (VALIDATION error).
 *
 * @example
 * exactOrigin('https://web.argent.xyz/iframes/comms') // 'https://web.argent.xyz'
 */
export function exactOrigin(urlOrOrigin: string): string {
  let origin = 'null'
  let cause: unknown
  try {
    origin = new URL(urlOrOrigin).origin
  } catch (error) {
    cause = error
  }
  if (origin === 'null') {
    throw new ValidationError([{ path: ['url'], message: `Not a web origin: ${urlOrOrigin}` }], { cause })
  }
  return origin
}
