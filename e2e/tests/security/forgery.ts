// The forger's tools of the transport attacks: replies shaped exactly as the wallet's, for the real request
// id and for guessed ones, posted from whatever window the attacker holds; and the typed data a dapp asks
// to sign.
import type { Frame, Page } from 'playwright-core'
import { mail } from '../../support/typedData'
import { heardBy } from './transportPages'

const MAINNET = '0x534e5f4d41494e'
const FORGED_ACCOUNT = '0x0bad'

/** Where a forger posts: its parent, the window it opened (`window.victim`), or its opener's parent. */
type ForgeTarget = 'parent' | 'victim' | 'opener.parent'

/**
 * Posts, from `forger`, replies shaped exactly as the wallet's to `to` for the real id and for guessed ones
 * (and a forged hide of the modal when its id is given), then the marker 'forged', each to the dapp's
 * exact origin (the attacker knows it). Returns how many replies.
 */
export function forge(
  forger: Page | Frame,
  to: ForgeTarget,
  dappOrigin: string,
  ids: { real: string | number; modal?: string | number },
) {
  return forger.evaluate(
    ({ to, dappOrigin, ids, account, chainId }) => {
      const opened = (window as unknown as { victim: Window }).victim
      const target = to === 'parent' ? window.parent : to === 'victim' ? opened : window.opener.parent
      let count = 0
      const post = (id: string | number, body: object) => {
        target.postMessage({ trpc: { id, jsonrpc: '2.0', ...body } }, dappOrigin)
        count++
      }
      const data = { account: [account], chainId }
      post(ids.real, { result: { type: 'data', data } })
      post(ids.real, {
        error: {
          code: -32603,
          message: 'User rejected request',
          data: { webwalletErrorCode: 'USER_REJECTED' },
        },
      })
      if (ids.modal !== undefined) post(ids.modal, { result: { type: 'data', data: { action: 'hide' } } })
      // Guesses: small integers (other transports' counters) and random 16-hex ids like the shim's.
      for (let i = 0; i < 20; i++) post(i, { result: { type: 'data', data } })
      for (let i = 0; i < 20; i++) {
        const bytes = crypto.getRandomValues(new Uint8Array(8))
        post(Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(''), {
          result: { type: 'data', data },
        })
      }
      target.postMessage('forged', dappOrigin)
      return count
    },
    { to, dappOrigin, ids, account: FORGED_ACCOUNT, chainId: MAINNET },
  )
}

/** The forged replies `page` heard from `origin` (the envelopes, not the marker). */
export const forgedHeard = async (page: Page, origin: string) =>
  (await heardBy(page)).filter((h) => h.origin === origin && JSON.stringify(h.data).includes('"jsonrpc"'))

/** A typed data to sign whose message is `contents`. */
export const typedData = (contents: string) => mail(contents, { name: 'Dapp' })
