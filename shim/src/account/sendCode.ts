import { FetchUrlError } from '@webwallet/protocol/errors'
import { lazyImport } from '../http/lazyImport'

/**
 * The code a session account sends with (./onSend.ts, in the SDK's first-use chunk), loaded once at its first
 * execute, estimate or outside execution. A failed load (offline, or the app deployed anew and the chunk is gone) is FETCH_URL before
 * anything was sent, and the next call tries again.
 *
 * @example
 * const { runPipeline } = await sendCode()
 */
export const sendCode = lazyImport(
  () => import('../firstUse'),
  (cause) => new FetchUrlError({ cause }),
)
