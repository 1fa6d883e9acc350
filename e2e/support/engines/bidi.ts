// A minimal WebDriver BiDi client (JSON over one WebSocket) and the driver scopes on top of it. Firefox
// speaks BiDi itself (--remote-debugging-port), so the system firefox-esr needs no geckodriver and no
// Playwright build.
import WebSocket from 'ws'
import { type BrowsingSession, type Engine, FINDER, type Query, type Scope, type WindowScope } from './driver'

const COMMAND_TIMEOUT_MS = 45_000

type Message = { id?: number; type: string; result?: unknown; error?: string; message?: string }

/** One BiDi connection: `send` resolves with a command's result or rejects with its error. */
export class BidiConnection {
  private next = 0
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>()

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as Message
      const waiting = message.id === undefined ? undefined : this.pending.get(message.id)
      if (!waiting || message.id === undefined) return // events: the journeys poll instead
      this.pending.delete(message.id)
      if (message.type === 'error') waiting.reject(new Error(`${message.error}: ${message.message}`))
      else waiting.resolve(message.result)
    })
    socket.on('close', () => {
      for (const waiting of this.pending.values()) waiting.reject(new Error('BiDi connection closed'))
      this.pending.clear()
    })
  }

  static async open(url: string): Promise<BidiConnection> {
    const socket = new WebSocket(url)
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve())
      socket.once('error', reject)
    })
    return new BidiConnection(socket)
  }

  /** Sends a command; one with no answer in 45 s fails naming it (not as a hook timeout of the test). */
  send<T = Record<string, unknown>>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = ++this.next
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id)
        reject(new Error(`${method}: no answer in ${COMMAND_TIMEOUT_MS} ms`))
      }, COMMAND_TIMEOUT_MS)
      this.pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer)
          resolve(value as T)
        },
        reject: (error) => {
          clearTimeout(timer)
          reject(error)
        },
      })
      this.socket.send(JSON.stringify({ id, method, params }))
    })
  }

  close(): void {
    this.socket.close()
  }
}

type Evaluated = {
  type: 'success' | 'exception'
  result?: { type: string; value?: unknown; sharedId?: string }
  exceptionDetails?: { text: string }
}
type Tree = {
  contexts: { context: string; url: string; userContext?: string; children?: Tree['contexts'] | null }[]
}

function contextScope(bidi: BidiConnection, context: string): Scope {
  const run = async (functionDeclaration: string, args: unknown[]) => {
    const evaluated = await bidi.send<Evaluated>('script.callFunction', {
      functionDeclaration,
      arguments: args,
      target: { context },
      awaitPromise: true,
      resultOwnership: 'none',
    })
    if (evaluated.type === 'exception') throw new Error(`In the page: ${evaluated.exceptionDetails?.text}`)
    return evaluated.result
  }
  const pointer = (actions: unknown[]) =>
    bidi.send('input.performActions', { context, actions: [{ type: 'pointer', id: 'mouse', actions }] })
  return {
    async call(fn, args) {
      const result = await run(
        `async (json) => JSON.stringify((await (${fn})(...JSON.parse(json))) ?? null)`,
        [{ type: 'string', value: JSON.stringify(args) }],
      )
      return JSON.parse(String(result?.value)) ?? undefined
    },
    async locate(query: Query) {
      const result = await run(`(json) => (${FINDER})(JSON.parse(json))`, [
        { type: 'string', value: JSON.stringify(query) },
      ])
      return result?.type === 'node' ? result.sharedId : undefined
    },
    async click(sharedId) {
      await pointer([
        { type: 'pointerMove', x: 0, y: 0, origin: { type: 'element', element: { sharedId } } },
        { type: 'pointerDown', button: 0 },
        { type: 'pointerUp', button: 0 },
      ])
    },
    async type(sharedId, text) {
      await run('(el) => { el.focus(); el.select() }', [{ sharedId }])
      const keys = [...text].flatMap((value) => [
        { type: 'keyDown', value },
        { type: 'keyUp', value },
      ])
      await bidi.send('input.performActions', {
        context,
        actions: [{ type: 'key', id: 'keyboard', actions: keys }],
      })
    },
  }
}

function findFrame(contexts: Tree['contexts'], urlPart: string): string | undefined {
  for (const child of contexts) {
    if (child.url.includes(urlPart)) return child.context
    const inner = findFrame(child.children ?? [], urlPart)
    if (inner) return inner
  }
  return undefined
}

function windowScope(bidi: BidiConnection, id: string): WindowScope {
  return {
    id,
    ...contextScope(bidi, id),
    async navigate(url) {
      await bidi.send('browsingContext.navigate', { context: id, url, wait: 'complete' })
    },
    async screenshot() {
      const { data } = await bidi.send<{ data: string }>('browsingContext.captureScreenshot', { context: id })
      return Buffer.from(data, 'base64')
    },
    async frame(urlPart) {
      const tree = await bidi.send<Tree>('browsingContext.getTree', { root: id })
      const frame = findFrame(tree.contexts[0]?.children ?? [], urlPart)
      return frame ? contextScope(bidi, frame) : undefined
    },
  }
}

/**
 * The driver's Engine over a BiDi session whose browser is already started (see launch.ts). Each page gets a
 * user context of its own (separate cookies and storage, as a new profile), so one browser serves them all.
 */
export function bidiEngine(name: string, bidi: BidiConnection, stop: () => Promise<void>): Engine {
  const close = async () => {
    await bidi.send('browser.close').catch(() => {})
    bidi.close()
    await stop()
  }
  return {
    name,
    async open() {
      const { userContext } = await bidi.send<{ userContext: string }>('browser.createUserContext')
      const { context } = await bidi.send<{ context: string }>('browsingContext.create', {
        type: 'window',
        userContext,
      })
      const session: BrowsingSession = {
        async windows() {
          const tree = await bidi.send<Tree>('browsingContext.getTree', { maxDepth: 0 })
          return tree.contexts.filter((c) => c.userContext === userContext).map((c) => c.context)
        },
        window: (id) => windowScope(bidi, id),
        async close() {
          await bidi.send('browser.removeUserContext', { userContext })
        },
      }
      return { session, window: context }
    },
    close,
    [Symbol.asyncDispose]: close,
  }
}
