// The demo journeys' steps through the engine-neutral driver: the same page (the built demo on the shim)
// and the same wallet-sim as the Chromium journeys (support/stack.ts), driven as a user does.
import type { Transport } from '../demo'
import type { Stack } from '../stack'
import type { Page, Query, Surface } from './driver'

const WALLET_FRAME = '/iframes/comms'

/**
 * The demo with `transport` preset, from a fresh start. It is opened on `localhost` while the wallet stays on
 * 127.0.0.1: another site, so the wallet's iframe is a third-party frame as on a user's dapp (storage
 * partitioning and blocking apply to it).
 */
export async function openDemo(page: Page, stack: Stack, transport: Transport | 'auto'): Promise<void> {
  const url = stack.demoUrl.replace(/^http:\/\/127\.0\.0\.1:/, 'http://localhost:')
  await page.goto(url)
  await page.evaluate(
    '(preset) => { localStorage.clear(); localStorage.setItem("demo-settings", JSON.stringify(preset)) }',
    { transport, gas: 'self', approval: false },
  )
  await page.goto(url)
  await page.find({ testId: 'connect' })
}

/** Clicks a demo button that shows the wallet, and returns the wallet as the user then sees it. */
export async function openWallet(
  page: Page,
  transport: Transport,
  testId: string,
): Promise<Surface & { id?: string }> {
  if (transport === 'popup') return page.popup(() => page.click({ testId }))
  await page.click({ testId })
  return page.frame(WALLET_FRAME)
}

/**
 * Clicks a wallet button whose answer closes the popup (Sign session, Confirm) and waits until it is gone;
 * the window closing under the click is its expected end.
 */
export async function clickClosing(page: Page, wallet: Surface & { id?: string }, name: string) {
  if (name === 'Sign session') await readConsent(wallet)
  const query: Query = { role: 'button', name }
  // The approve buttons arm only after the prompt has been on screen a while (clickjacking guard).
  const button = await wallet.find(query)
  const closing = wallet.id
  try {
    await wallet.scope.click(button)
  } catch (error) {
    if (!closing || (await page.windows()).includes(closing)) throw error
  }
  if (closing) await page.closed(closing)
}

/**
 * Reads the session consent to its end, as a user scrolls it: its Sign session stays off until then
 * (`data-seen`), whenever the details scroll (a small window).
 */
export async function readConsent(wallet: Surface): Promise<void> {
  await wallet.waitFor(
    'the session consent read to its end',
    `() => {
      const body = document.querySelector('.screen-body')
      if (!body) return false
      body.scrollTo(0, body.scrollHeight)
      return document.querySelector('button[data-seen="true"]') !== null
    }`,
  )
}

/** Logs in inside the wallet with the one-time code from wallet-sim's dev inbox. */
export async function logInWithEmail(wallet: Surface, stack: Stack, email: string): Promise<void> {
  await wallet.fill({ label: 'E-mail address' }, email)
  await wallet.click({ role: 'button', name: 'Send code' })
  await wallet.find({ label: 'Code' })
  const { code } = await stack.dev<{ code: string }>(`/inbox/${encodeURIComponent(email)}`)
  await wallet.fill({ label: 'Code' }, code)
  await wallet.click({ role: 'button', name: 'Log in' })
}

/** Polls the demo until `probe` (run in the page) is truthy; fails at once when the demo shows an error. */
async function demoWaits(page: Page, what: string, probe: string, args: unknown[]): Promise<void> {
  const seen = (await page.waitFor(
    what,
    `(...args) => {
      const error = document.querySelector('[data-testid="error-message"]')
      return error ? { error: error.textContent } : (${probe})(...args) && { ok: true }
    }`,
    args,
    60_000,
  )) as { error?: string }
  if (seen.error !== undefined) throw new Error(`The demo shows an error: ${seen.error}`)
}

/** Waits until the element `testId` shows `text`. */
export const demoShows = (page: Page, testId: string, text: string) =>
  demoWaits(
    page,
    `"${text}" in ${testId}`,
    `(id, text) => document.querySelector('[data-testid="' + id + '"]')?.textContent.trim() === text`,
    [testId, text],
  )

/** Waits until the demo's transaction list shows `label` with the node's receipt: succeeded. */
export const landed = (page: Page, label: string) =>
  demoWaits(
    page,
    `"${label}" succeeded`,
    `(label) => [...document.querySelectorAll('[data-testid="activity"] li')].some(
      (li) => li.querySelector('.tx-label')?.textContent === label && li.querySelector('.badge.succeeded'),
    )`,
    [label],
  )

/** The demo's error text once it shows one (for requests the browser or the wallet refuses). */
export async function demoError(page: Page): Promise<string> {
  return (await page.waitFor(
    'the demo to show an error',
    `() => document.querySelector('[data-testid="error-message"]')?.textContent`,
  )) as string
}
