// The approval window's exchange, both sides, with stand-in windows: the frame hands its prompt (and its login)
// only to the window it opened, at its own origin; only that window's answer, with that opening's nonce,
// settles the prompt; the window reads only its opener at the wallet's origin. Every other sender (the dapp
// that embeds the frame, a page of another origin that opened the window, a second window) is ignored.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPromptQueue } from '../core'
import { createApprovalWindow } from './approvalWindow'
import { receiveApproval } from './approvalWindowPage'

const WALLET = 'http://localhost:3005'
const DAPP = 'http://localhost:5173'
const LOGIN = { token: 'ab'.repeat(32), email: 'ann@example.com' }
const CHANNEL = 'wallet-sim:approval-window'
const CALLS = [{ contractAddress: '0x1', entrypoint: 'increment', calldata: [] }]

/** A window that records what is posted to it and lets a test deliver messages to it. */
function fakeWindow(origin: string, extra: { opener?: unknown; top?: unknown } = {}) {
  const listeners = new Set<(event: MessageEvent) => void>()
  const posted: { message: unknown; targetOrigin: string }[] = []
  const win = {
    location: { origin },
    opener: (extra.opener ?? null) as MessageEventSource | null,
    top: undefined as unknown,
    self: undefined as unknown,
    closed: false,
    opened: [] as { url: string; target: string; features: string }[],
    popup: undefined as unknown,
    postMessage(message: unknown, options: { targetOrigin: string }) {
      posted.push({ message, targetOrigin: options.targetOrigin })
    },
    open(url: string, target: string, features: string) {
      win.opened.push({ url, target, features })
      return (win.popup ?? null) as Window | null
    },
    focus: vi.fn(),
    close: vi.fn(() => {
      win.closed = true
    }),
    addEventListener: (_type: 'message', listener: (event: MessageEvent) => void) => listeners.add(listener),
    removeEventListener: (_type: 'message', listener: (event: MessageEvent) => void) =>
      listeners.delete(listener),
    /** Delivers `data` as sent by `source` from `from`. */
    receive(data: unknown, from: string, source: unknown) {
      for (const listener of [...listeners]) listener({ data, origin: from, source } as MessageEvent)
    },
    posted,
  }
  win.self = win
  win.top = extra.top ?? win
  return win
}

/** The nonce of a `prompt` message the frame posted. */
const nonceOf = (message: unknown) => (message as { nonce?: string } | undefined)?.nonce ?? ''

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

function frameWithPrompt() {
  const frame = fakeWindow(WALLET)
  const popup = fakeWindow(WALLET, { opener: frame })
  frame.popup = popup
  const prompts = createPromptQueue()
  const answered = prompts.ask({ kind: 'execute', calls: CALLS }, DAPP)
  const prompt = prompts.current()
  if (!prompt) throw new Error('no prompt')
  const approvalWindow = createApprovalWindow({ window: frame, prompts, login: () => LOGIN })
  return { frame, popup, prompts, prompt, answered, approvalWindow }
}

describe("the frame's side", () => {
  it('opens /approvalWindow at its own origin and hands the prompt and its login to that window only', () => {
    const { frame, popup, prompt, approvalWindow } = frameWithPrompt()
    approvalWindow.open(prompt)
    expect(frame.opened).toEqual([
      { url: `${WALLET}/approvalWindow`, target: '_blank', features: 'popup,width=385,height=775' },
    ])
    expect(approvalWindow.current()).toEqual({ promptId: prompt.id, status: 'open' })
    // A `ready` from anyone else: the embedding dapp, or the popup's window showing another origin.
    frame.receive({ channel: CHANNEL, kind: 'ready' }, DAPP, popup)
    frame.receive({ channel: CHANNEL, kind: 'ready' }, WALLET, {})
    expect(popup.posted).toEqual([])
    frame.receive({ channel: CHANNEL, kind: 'ready' }, WALLET, popup)
    expect(popup.posted).toEqual([
      {
        message: {
          channel: CHANNEL,
          kind: 'prompt',
          nonce: expect.stringMatching(/^[0-9a-f-]{36}$/),
          origin: DAPP,
          request: { kind: 'execute', calls: CALLS },
          login: LOGIN,
        },
        targetOrigin: WALLET,
      },
    ])
  })

  it("settles the prompt with the window's answer only: its source, the wallet's origin, the opening's nonce", async () => {
    const { frame, popup, prompt, answered, approvalWindow } = frameWithPrompt()
    approvalWindow.open(prompt)
    frame.receive({ channel: CHANNEL, kind: 'ready' }, WALLET, popup)
    const nonce = nonceOf(popup.posted[0]?.message)
    const approve = (n: string) => ({ channel: CHANNEL, kind: 'answer', nonce: n, approved: true })
    // The dapp that embeds the frame (its parent), with the right nonce or not; a guessed nonce from the window.
    frame.receive(approve(nonce), DAPP, {})
    frame.receive(approve(nonce), DAPP, popup)
    frame.receive(approve(nonce), WALLET, {})
    frame.receive(approve('guessed'), WALLET, popup)
    frame.receive({ ...approve(nonce), approved: 'yes' }, WALLET, popup)
    expect(approvalWindow.current()?.status).toBe('open')
    frame.receive(approve(nonce), WALLET, popup)
    await expect(answered).resolves.toBe(true)
    expect(approvalWindow.current()).toBeUndefined()
  })

  it('tells the window to close when the prompt ends in the frame, and offers again when the window closes', async () => {
    const { frame, popup, prompt, prompts, approvalWindow } = frameWithPrompt()
    approvalWindow.open(prompt)
    popup.close()
    vi.advanceTimersByTime(500)
    expect(approvalWindow.current()).toBeUndefined()
    popup.closed = false
    approvalWindow.open(prompt)
    frame.receive({ channel: CHANNEL, kind: 'ready' }, WALLET, popup)
    const nonce = nonceOf(popup.posted.at(-1)?.message)
    prompts.rejectAll()
    expect(popup.posted.at(-1)).toEqual({
      message: { channel: CHANNEL, kind: 'closed', nonce },
      targetOrigin: WALLET,
    })
    expect(approvalWindow.current()).toBeUndefined()
  })

  it('says when the popup blocker refused the window', () => {
    const { frame, prompt, approvalWindow } = frameWithPrompt()
    frame.popup = undefined
    approvalWindow.open(prompt)
    expect(approvalWindow.current()).toEqual({ promptId: prompt.id, status: 'blocked' })
  })
})

describe("the window's side", () => {
  it('has nothing to approve without an opener, or inside a frame', () => {
    expect(receiveApproval({ window: fakeWindow(WALLET) }).current()).toEqual({ phase: 'none' })
    const framed = fakeWindow(WALLET, { opener: fakeWindow(WALLET), top: {} })
    expect(receiveApproval({ window: framed }).current()).toEqual({ phase: 'none' })
  })

  it('asks its opener at the wallet origin only, shows its prompt, and answers it with the nonce', async () => {
    const frame = fakeWindow(WALLET)
    const win = fakeWindow(WALLET, { opener: frame })
    const page = receiveApproval({ window: win })
    expect(frame.posted).toEqual([{ message: { channel: CHANNEL, kind: 'ready' }, targetOrigin: WALLET }])
    const prompt = (origin: string) => ({
      channel: CHANNEL,
      kind: 'prompt',
      nonce: 'n-1',
      origin,
      request: { kind: 'execute', calls: CALLS },
      login: LOGIN,
    })
    // A page of another origin that opened this window (or got hold of it) cannot hand it a prompt.
    win.receive(prompt('https://evil.example'), 'https://evil.example', frame)
    win.receive(prompt(DAPP), WALLET, {})
    win.receive({ ...prompt(DAPP), login: { token: 'short', email: 'x' } }, WALLET, frame)
    expect(page.current()).toEqual({ phase: 'waiting' })
    win.receive(prompt(DAPP), WALLET, frame)
    const asking = page.current()
    if (asking.phase !== 'asking') throw new Error(`phase ${asking.phase}`)
    expect(asking.login).toEqual(LOGIN)
    expect(asking.prompts.current()).toMatchObject({ kind: 'execute', calls: CALLS, origin: DAPP })
    // A second prompt does not replace the first.
    win.receive({ ...prompt('https://other.example'), nonce: 'n-2' }, WALLET, frame)
    expect(asking.prompts.current()?.origin).toBe(DAPP)
    asking.prompts.current()?.answer(true)
    await vi.advanceTimersByTimeAsync(0)
    expect(page.current()).toEqual({ phase: 'answered', approved: true })
    expect(frame.posted.at(-1)).toEqual({
      message: { channel: CHANNEL, kind: 'answer', nonce: 'n-1', approved: true },
      targetOrigin: WALLET,
    })
    expect(win.close).toHaveBeenCalled()
  })

  it('closes when the frame says its prompt ended, and has nothing left when the frame is gone', () => {
    const frame = fakeWindow(WALLET)
    const win = fakeWindow(WALLET, { opener: frame })
    const page = receiveApproval({ window: win })
    const request = { kind: 'connect' }
    win.receive(
      { channel: CHANNEL, kind: 'prompt', nonce: 'n', origin: DAPP, request, login: LOGIN },
      WALLET,
      frame,
    )
    win.receive({ channel: CHANNEL, kind: 'closed', nonce: 'other' }, WALLET, frame)
    expect(page.current().phase).toBe('asking')
    win.receive({ channel: CHANNEL, kind: 'closed', nonce: 'n' }, WALLET, frame)
    expect(page.current()).toEqual({ phase: 'none' })
    expect(win.close).toHaveBeenCalled()

    const gone = fakeWindow(WALLET)
    const orphan = receiveApproval({ window: fakeWindow(WALLET, { opener: gone }) })
    gone.closed = true
    vi.advanceTimersByTime(500)
    expect(orphan.current()).toEqual({ phase: 'none' })
  })
})
