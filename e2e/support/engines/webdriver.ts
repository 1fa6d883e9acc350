// A minimal classic WebDriver client (HTTP + JSON) and the driver scopes on top of it, for WebKitGTK's
// WebKitWebDriver (which has no BiDi in Debian's 2.50). Classic WebDriver addresses one window and one frame
// at a time, so every scope switches to its own before it acts.
import { type BrowsingSession, type Engine, FINDER, type Query, type Scope, type WindowScope } from './driver'

const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf'

type Element = Record<typeof ELEMENT_KEY, string>

/** One WebDriver session. */
export class WebDriverSession {
  private constructor(
    private readonly base: string,
    readonly id: string,
  ) {}

  static async create(driverUrl: string, capabilities: Record<string, unknown>): Promise<WebDriverSession> {
    const { sessionId } = await command<{ sessionId: string }>(`${driverUrl}/session`, 'POST', {
      capabilities: { alwaysMatch: capabilities },
    })
    return new WebDriverSession(`${driverUrl}/session/${sessionId}`, sessionId)
  }

  send<T = unknown>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    return command<T>(`${this.base}${path}`, method, body)
  }
}

/** Longest a command may take (a new session starts a browser): past it the journey fails saying which. */
const COMMAND_TIMEOUT_MS = 45_000

async function command<T>(url: string, method: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
    signal: AbortSignal.timeout(COMMAND_TIMEOUT_MS),
  }).catch((error: unknown) => {
    throw new Error(`${method} ${new URL(url).pathname}: no answer`, { cause: error })
  })
  const { value } = (await response.json()) as { value: T & { error?: string; message?: string } }
  if (!response.ok) throw new Error(`${method} ${new URL(url).pathname}: ${value.error}: ${value.message}`)
  return value
}

const IFRAME_BY_URL = `return [...document.querySelectorAll('iframe')].find((f) => f.src.includes(arguments[0])) || null`

/** The windows of one WebDriver session (one browser process) as the driver sees them. */
function browsingSession(session: WebDriverSession): BrowsingSession {
  // Where the session's commands go now: a window, and an iframe in it (by URL) or its top document.
  let current: { window?: string; frame?: string | undefined } = {}

  const enter = async (window: string, frame: string | undefined) => {
    if (current.window === window && current.frame === frame) return
    current = {}
    await session.send('POST', '/window', { handle: window })
    await session.send('POST', '/frame', { id: null })
    if (frame) {
      const iframe = await session.send<Element | null>('POST', '/execute/sync', {
        script: IFRAME_BY_URL,
        args: [frame],
      })
      if (!iframe) throw new Error(`No iframe at ${frame}`)
      await session.send('POST', '/frame', { id: iframe })
    }
    current = { window, frame }
  }

  const scope = (window: string, frame?: string): Scope => {
    // A failed command may have left the session elsewhere (a closed popup, a replaced frame): switch again.
    const inScope = async <T>(run: () => Promise<T>) => {
      await enter(window, frame)
      return run().catch((error: unknown) => {
        current = {}
        throw error
      })
    }
    const execute = (script: string, args: unknown[]) =>
      inScope(() => session.send<unknown>('POST', '/execute/sync', { script, args }))
    return {
      async call(fn, args) {
        const json = await execute(
          `return (async (json) => JSON.stringify((await (${fn})(...JSON.parse(json))) ?? null))(arguments[0])`,
          [JSON.stringify(args)],
        )
        return JSON.parse(String(json)) ?? undefined
      },
      async locate(query: Query) {
        return (
          (await execute(`return (${FINDER})(JSON.parse(arguments[0]))`, [JSON.stringify(query)])) ??
          undefined
        )
      },
      async click(element) {
        await inScope(() => session.send('POST', `/element/${(element as Element)[ELEMENT_KEY]}/click`))
      },
      async type(element, text) {
        // Clicked (focus as a user gives it), selected, then typed as key actions: WebKitWebDriver's Element
        // Send Keys answers "Element is not focusable" for fields in a cross-origin iframe.
        await inScope(() => session.send('POST', `/element/${(element as Element)[ELEMENT_KEY]}/click`))
        await execute('arguments[0].select()', [element])
        const keys = [...text].flatMap((value) => [
          { type: 'keyDown', value },
          { type: 'keyUp', value },
        ])
        await inScope(() =>
          session.send('POST', '/actions', { actions: [{ type: 'key', id: 'keyboard', actions: keys }] }),
        )
      },
    }
  }

  return {
    windows: () => session.send<string[]>('GET', '/window/handles'),
    window(id): WindowScope {
      return {
        id,
        ...scope(id),
        async navigate(url) {
          await enter(id, undefined)
          await session.send('POST', '/url', { url })
        },
        async screenshot() {
          await enter(id, undefined)
          return Buffer.from(await session.send<string>('GET', '/screenshot'), 'base64')
        },
        async frame(urlPart) {
          await enter(id, undefined)
          const found = await session.send<Element | null>('POST', '/execute/sync', {
            script: IFRAME_BY_URL,
            args: [urlPart],
          })
          return found ? scope(id, urlPart) : undefined
        },
      }
    },
    async close() {
      await session.send('DELETE', '').catch(() => {})
    },
  }
}

/**
 * The driver's Engine over a running WebDriver server (see launch.ts): each page is a new WebDriver session,
 * a new browser process with an empty profile.
 */
export function webDriverEngine(
  name: string,
  driverUrl: string,
  capabilities: Record<string, unknown>,
  stop: () => Promise<void>,
  /** What the driver printed, added to the error when a session cannot start. */
  diagnostics: () => string = () => '',
): Engine {
  const close = () => stop()
  return {
    name,
    async open() {
      const session = await WebDriverSession.create(driverUrl, capabilities).catch((error: unknown) => {
        throw new Error(`${error instanceof Error ? error.message : error}\n${diagnostics()}`, {
          cause: error,
        })
      })
      const window = await session.send<string>('GET', '/window')
      return { session: browsingSession(session), window }
    },
    close,
    [Symbol.asyncDispose]: close,
  }
}
