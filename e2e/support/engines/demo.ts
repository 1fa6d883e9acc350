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
export async function openDemo(page: Page, stack: Stack, transport: Transport): Promise<void> {
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
  const query: Query = { role: 'button', name }
  // The approve buttons arm only after the prompt has been on screen a while (clickjacking guard).
  const button = await wallet.find(query)
  const closing = wallet.id
  try {
    await wallet.scope.click(button)
  } catch (error) {
    if (!closing || (await page.engine.windows()).includes(closing)) throw error
  }
  if (closing) await page.closed(closing)
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

/**
 * Waits until the demo shows `text` in the element `testId` (or, with `within`, in one of its children);
 * fails at once with the demo's error when it shows one.
 */
export async function demoShows(page: Page, testId: string, text: string, within = false): Promise<void> {
  const seen = (await page.waitFor(
    `"${text}" in ${testId}`,
    `(id, text, within) => {
      const error = document.querySelector('[data-testid="error-message"]')
      if (error) return { error: error.textContent }
      const el = document.querySelector('[data-testid="' + id + '"]')
      if (!el) return false
      const texts = within ? [...el.children].map((c) => c.textContent) : [el.textContent]
      return texts.some((t) => t.includes(text)) && { ok: true }
    }`,
    [testId, text, within],
    60_000,
  )) as { error?: string }
  if (seen.error !== undefined) throw new Error(`The demo shows an error: ${seen.error}`)
}
