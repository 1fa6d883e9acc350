// The opt-in P-256 session key in Chromium (the demo with `sessionKey: p256SessionKey()`): a new user signs
// a session whose key is a non-extractable WebCrypto key, a session call lands on chain, and no script of
// the page can read the key: crypto.subtle.exportKey refuses it in every format, after a reload too.
import { expect, test } from 'vitest'
import { connectNewUser, newEmail, openDemo } from '../../support/demo'
import { useJourney } from '../../support/journey'

const journey = useJourney()

/** What page script can get of the stored session key: the key's flags and every export attempt's outcome. */
const probeKey = () =>
  new Promise<{ count: number; extractable: boolean[]; exports: string[] }>((resolve, reject) => {
    const opening = indexedDB.open('webwallet-sdk-p256')
    opening.onerror = () => reject(opening.error)
    opening.onsuccess = () => {
      const all = opening.result.transaction('keys').objectStore('keys').getAll()
      all.onerror = () => reject(all.error)
      all.onsuccess = async () => {
        const keys = all.result as CryptoKey[]
        const exports = await Promise.all(
          keys.flatMap((key) =>
            (['pkcs8', 'jwk', 'raw'] as const).map((format) =>
              crypto.subtle.exportKey(format as 'jwk', key).then(
                () => `${format}: exported`,
                (error: Error) => `${format}: ${error.name}`,
              ),
            ),
          ),
        )
        resolve({ count: keys.length, extractable: keys.map((key) => key.extractable), exports })
      }
    }
  })

test('a non-extractable P-256 session key: a session call lands on chain and the key cannot be exported', async () => {
  const demo = await openDemo(journey.browser, journey.stack, { transport: 'iframe', sessionKey: 'p256' })
  await connectNewUser(demo, journey.stack, newEmail('p256'))
  expect(await demo.text('session-status')).toBe('VALID')
  const stored = await demo.page.evaluate(() => localStorage.getItem('session') ?? '')
  expect(JSON.parse(stored).sessionKey.publicKey).toMatch(/^webauthn-p256:/)

  await demo.run('increment')
  expect(await demo.error()).toBeUndefined()
  expect(await demo.text('counter')).toBe('1')

  const refused = ['pkcs8: InvalidAccessError', 'jwk: InvalidAccessError', 'raw: InvalidAccessError']
  expect(await demo.page.evaluate(probeKey)).toEqual({ count: 1, extractable: [false], exports: refused })
  // After a reload the same key, still in IndexedDB, still signs and still cannot be read.
  await demo.page.reload()
  await demo.page.getByTestId('connect').waitFor()
  expect(await demo.page.evaluate(probeKey)).toEqual({ count: 1, extractable: [false], exports: refused })
  await demo.page.locator('[data-testid="session-status"]', { hasText: 'VALID' }).waitFor()
  await demo.run('increment')
  expect(await demo.error()).toBeUndefined()
  expect(await demo.text('counter')).toBe('2')
})
