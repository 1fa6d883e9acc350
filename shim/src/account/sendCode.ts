import { FetchUrlError } from '@webwallet/protocol/errors'
import { lazyImport } from '../http/lazyImport'

/**
 * The send code (the SDK's first-use chunk), loaded at a session account's first send. A failed load (offline,
 * or a redeploy removed the chunk) is FETCH_URL before anything was sent; the next call tries again.
 *
 * @example
 * const { runPipeline } = await sendCode()
 */
export const sendCode = lazyImport(
  () => import('../firstUse'),
  (cause) => new FetchUrlError({ cause }),
)
