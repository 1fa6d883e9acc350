// A journey file's shared stack and browser, started once for the file (e2e/tests/journeys, e2e/tests/ux).
import type { StartSimOptions } from '@webwallet/wallet-sim'
import { afterAll, beforeAll } from 'vitest'
import { launchBrowser } from './browser'
import { type Stack, startStack } from './stack'

/**
 * The stack and a browser shared by a journey file: started before its tests, closed after them (the
 * `beforeAll`/`afterAll` pair every journey file had). Read the fields inside tests and hooks only.
 *
 * @example
 * const journey = useJourney()
 * test('…', async () => { const demo = await openDemo(journey.browser, journey.stack) })
 */
export function useJourney(options: StartSimOptions = {}): {
  readonly stack: Stack
  readonly browser: Awaited<ReturnType<typeof launchBrowser>>
} {
  let stack: Stack | undefined
  let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined
  beforeAll(async () => {
    stack = await startStack(options)
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await stack?.close()
  })
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useJourney: read its fields inside tests and hooks')
    return value
  }
  return {
    get stack() {
      return started(stack)
    },
    get browser() {
      return started(browser)
    },
  }
}
