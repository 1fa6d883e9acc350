// The engine-neutral layer the cross-engine journeys use: only what they need (open a page, find by test id,
// role and name, or label; click; type; wait; evaluate; follow a popup; enter an iframe). Each engine
// backend (WebDriver BiDi for Firefox, classic WebDriver for WebKit) provides the few primitives below;
// waiting, finding and the error texts live here once.

/** What the journeys look for, the way a user sees it. */
export type Query =
  | { testId: string }
  | { role: 'button'; name: string }
  | { label: string }
  | { css: string }

/** One document a backend can run script in and act on: a window's top document or an iframe's. */
export interface Scope {
  /** Runs `fn` (a function's source) with JSON `args` in the page; its awaited result comes back as JSON. */
  call(fn: string, args: unknown[]): Promise<unknown>
  /** The element for `query` that a user could act on now (visible, enabled), scrolled into view. */
  locate(query: Query): Promise<unknown | undefined>
  /** A trusted click in the middle of a located element (it counts as a user gesture). */
  click(element: unknown): Promise<void>
  /** Focuses a located input, clears it and types `text` with key events. */
  type(element: unknown, text: string): Promise<void>
}

/** A top-level window (a tab or a popup). */
export interface WindowScope extends Scope {
  readonly id: string
  navigate(url: string): Promise<void>
  /** A PNG of the window's viewport (kept when a journey fails). */
  screenshot(): Promise<Buffer>
  /** The scope of the first iframe whose URL contains `urlPart`, if there is one now. */
  frame(urlPart: string): Promise<Scope | undefined>
}

/** One isolated browsing session of an engine (its own storage): a page and the popups it opens. */
export interface BrowsingSession {
  /** The ids of the session's open top-level windows. */
  windows(): Promise<string[]>
  window(id: string): WindowScope
  close(): Promise<void>
}

/** What an engine backend provides: a started browser that opens isolated sessions. */
export interface Engine extends AsyncDisposable {
  readonly name: string
  /** A new isolated session with one window. */
  open(): Promise<{ session: BrowsingSession; window: string }>
  close(): Promise<void>
}

const POLL_MS = 100

/**
 * The in-page finder, run through Scope.call: returns the element a user could act on, or null. Buttons match
 * their text or aria-label exactly (as Playwright's getByRole with a name does), inputs their <label>.
 */
export const FINDER = `(query) => {
  const usable = (el) => el && el.getClientRects().length > 0 && !el.disabled && getComputedStyle(el).visibility !== 'hidden'
  let found = []
  if (query.testId) found = [...document.querySelectorAll('[data-testid="' + CSS.escape(query.testId) + '"]')]
  else if (query.css) found = [...document.querySelectorAll(query.css)]
  else if (query.label) {
    found = [...document.querySelectorAll('label')].filter((l) => l.textContent.trim() === query.label).map((l) => l.control)
    found.push(...document.querySelectorAll('[aria-label="' + CSS.escape(query.label) + '"]'))
  } else if (query.role === 'button') {
    found = [...document.querySelectorAll('button, [role="button"], input[type="submit"]')].filter(
      (b) => (b.getAttribute('aria-label') || b.textContent || b.value || '').trim() === query.name,
    )
  }
  const element = found.find(usable) || null
  if (element) element.scrollIntoView({ block: 'center', inline: 'center' })
  return element
}`

const describe = (query: Query) =>
  'testId' in query
    ? `test id "${query.testId}"`
    : 'label' in query
      ? `field "${query.label}"`
      : 'css' in query
        ? `"${query.css}"`
        : `button "${query.name}"`

/** WebDriver's and BiDi's answers for an element that is no longer in the document. */
const STALE = /stale element|no such node|detached/i

/** An action's own failure, which `until` must not take for "not yet". */
class ActionError extends Error {
  constructor(cause: unknown) {
    super('the action failed', { cause })
  }
}

/**
 * Polls `probe` until it returns something other than undefined; throws `what` after `timeoutMs`. Errors
 * of a probe (a page between two documents, a frame being replaced) count as "not yet".
 */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let last: unknown
  for (;;) {
    try {
      const value = await probe()
      if (value !== undefined) return value
    } catch (error) {
      if (error instanceof ActionError) throw error
      last = error
    }
    if (Date.now() > deadline) {
      const cause = last instanceof Error ? ` (last error: ${last.message})` : ''
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${cause}`)
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}

/** The actions of the journeys on one scope, each waiting until the user could do it. */
export class Surface {
  constructor(
    readonly scope: Scope,
    readonly label: string,
  ) {}

  /** Clicks what `query` finds once it is visible and enabled. */
  click(query: Query, timeoutMs?: number): Promise<void> {
    return this.act(query, (element) => this.scope.click(element), timeoutMs)
  }

  /** Types `text` into the field `query` finds. */
  fill(query: Query, text: string): Promise<void> {
    return this.act(query, (element) => this.scope.type(element, text))
  }

  /**
   * Finds, then acts; an element that a re-render replaced between the two (stale) is found again, as
   * Playwright's locators do. Any other error is the action's: never repeated (a click may have landed).
   */
  private async act(query: Query, action: (element: unknown) => Promise<void>, timeoutMs?: number) {
    await until(
      `${describe(query)} in ${this.label}`,
      async () => {
        const element = await this.scope.locate(query)
        if (element === undefined) return undefined
        try {
          await action(element)
          return true
        } catch (error) {
          if (error instanceof Error && STALE.test(error.message)) return undefined
          throw new ActionError(error)
        }
      },
      timeoutMs,
    ).catch((error: unknown) => {
      throw error instanceof ActionError ? error.cause : error
    })
  }

  /** Waits until `query` finds something a user could act on. */
  find(query: Query, timeoutMs?: number): Promise<unknown> {
    return until(`${describe(query)} in ${this.label}`, () => this.scope.locate(query), timeoutMs)
  }

  /** The trimmed text of the element with `testId`, or undefined when there is none. */
  async text(testId: string): Promise<string | undefined> {
    return (await this.scope.call(
      `(id) => document.querySelector('[data-testid="' + CSS.escape(id) + '"]')?.textContent?.trim()`,
      [testId],
    )) as string | undefined
  }

  /** Waits until `predicate` (a function's source, run in the page with `args`) returns a truthy value. */
  waitFor(what: string, predicate: string, args: unknown[] = [], timeoutMs?: number): Promise<unknown> {
    return until(
      `${what} in ${this.label}`,
      async () => (await this.scope.call(predicate, args)) || undefined,
      timeoutMs,
    )
  }

  evaluate<T>(fn: string, ...args: unknown[]): Promise<T> {
    return this.scope.call(fn, args) as Promise<T>
  }
}

/** A page: its window, with its popups and iframes. */
export class Page extends Surface {
  constructor(
    readonly session: BrowsingSession,
    readonly window: WindowScope,
  ) {
    super(window, 'the page')
  }

  /** Opens a page in a new isolated session of `engine` (fresh storage: no login, no stored session). */
  static async open(engine: Engine): Promise<Page> {
    const { session, window } = await engine.open()
    return new Page(session, session.window(window))
  }

  /** The ids of this page's window and its popups. */
  windows(): Promise<string[]> {
    return this.session.windows()
  }

  close(): Promise<void> {
    return this.session.close()
  }

  async goto(url: string): Promise<void> {
    await this.window.navigate(url)
  }

  /** Runs `action` (a click) and returns the window it opened. */
  async popup(action: () => Promise<void>, timeoutMs?: number): Promise<Surface & { id: string }> {
    const before = new Set(await this.session.windows())
    await action()
    const id = await until(
      'a popup window',
      async () => (await this.session.windows()).find((w) => !before.has(w)),
      timeoutMs,
    )
    return Object.assign(new Surface(this.session.window(id), 'the popup'), { id })
  }

  /** The iframe whose URL contains `urlPart`, once it exists. */
  async frame(urlPart: string): Promise<Surface> {
    return new Surface(await until(`an iframe at ${urlPart}`, () => this.window.frame(urlPart)), 'the iframe')
  }

  /** Waits until the window `id` has closed (the wallet closes its popup after answering). */
  async closed(id: string, timeoutMs?: number): Promise<void> {
    await until(
      'the popup to close',
      async () => ((await this.session.windows()).includes(id) ? undefined : true),
      timeoutMs,
    )
  }
}
