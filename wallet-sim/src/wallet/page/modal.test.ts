// The modal grows for a screen whose content does not fit, up to the display, and each prompt starts over.

import { describe, expect, it } from 'vitest'
import { createPromptQueue } from '../core'
import { mailTypedData, outsideExecutionTypedData } from '../testing/typedData'
import { createModalSize, modalEvents, modalTitle } from './modal'
import { createPageHandlers } from './pageMode'

/** Collects the stream's events until `count` arrived. */
async function take(stream: AsyncIterable<unknown>, count: number): Promise<unknown[]> {
  const events: unknown[] = []
  for await (const event of stream) {
    events.push(event)
    if (events.length === count) break
  }
  return events
}

describe('createModalSize', () => {
  it('grows by the overflow, never above the limit, never shrinks, and resets per screen kind', () => {
    const prompts = createPromptQueue()
    const size = createModalSize(prompts)
    size.fit(200, 1000) // nothing shown: nothing to grow
    expect(size.height()).toBe(0)
    void prompts.ask({ kind: 'login' }, 'https://dapp.example')
    expect(size.height()).toBe(420)
    size.fit(0.5, 1000) // rounding noise
    expect(size.height()).toBe(420)
    size.fit(100.2, 1000)
    expect(size.height()).toBe(521)
    size.fit(900, 700)
    expect(size.height()).toBe(700)
    size.fit(50, 600) // a smaller limit never shrinks what is shown
    expect(size.height()).toBe(700)
    prompts.current()?.answer(false)
    void prompts.ask({ kind: 'execute', calls: [] }, 'https://dapp.example')
    expect(size.height()).toBe(775)
  })

  it('modalEvents sends updateHeight after the screen size when the screen asks for room', async () => {
    const prompts = createPromptQueue()
    const size = createModalSize(prompts)
    void prompts.ask({ kind: 'signSession', request: {} as never }, 'https://dapp.example')
    const controller = new AbortController()
    const events = take(modalEvents(prompts, controller.signal, size), 3)
    await Promise.resolve()
    size.fit(180, 900)
    expect(await events).toEqual([
      { action: 'updateSize', width: 385, height: 440 },
      { action: 'show', title: 'Start a session' },
      { action: 'updateHeight', height: 620 },
    ])
    controller.abort()
  })
})

describe('modalTitle', () => {
  it('names each step as its screen does; an outside execution is a transaction, whatever the dapp calls it', () => {
    expect(modalTitle({ kind: 'login' })).toBe('Log in')
    expect(modalTitle({ kind: 'connect' })).toBe('Connect')
    expect(modalTitle({ kind: 'signSession', request: {} as never })).toBe('Start a session')
    expect(modalTitle({ kind: 'execute', calls: [] })).toBe('Confirm transaction')
    expect(modalTitle({ kind: 'signTypedData', typedData: mailTypedData() })).toBe('Sign message')
    const outside = outsideExecutionTypedData(['0x1', '1', '0'])
    expect(modalTitle({ kind: 'signTypedData', typedData: outside })).toBe('Sign a transaction')
    // The domain name spelled as its felt, in decimal: still a transaction.
    const decimal = {
      ...outside,
      domain: {
        ...outside.domain,
        name: String(BigInt('0x4163636f756e742e657865637574655f66726f6d5f6f757473696465')),
      },
    }
    expect(modalTitle({ kind: 'signTypedData', typedData: decimal })).toBe('Sign a transaction')
    // In the outside-execution domain but another shape: refused, never "a message".
    expect(
      modalTitle({ kind: 'signTypedData', typedData: { ...mailTypedData(), domain: outside.domain } }),
    ).toBe('Cannot be signed')
  })

  it('a plain message then an outside execution: the title changes though the screen kind does not', async () => {
    const prompts = createPromptQueue()
    const controller = new AbortController()
    const events = take(modalEvents(prompts, controller.signal), 6)
    void prompts.ask({ kind: 'signTypedData', typedData: mailTypedData() }, 'https://dapp.example')
    prompts.current()?.answer(false)
    void prompts.ask(
      { kind: 'signTypedData', typedData: outsideExecutionTypedData(['0x1', '1', '0']) },
      'https://dapp.example',
    )
    expect(await events).toEqual([
      { action: 'hide' },
      { action: 'updateSize', width: 385, height: 440 },
      { action: 'show', title: 'Sign message' },
      { action: 'hide' },
      { action: 'updateSize', width: 385, height: 440 },
      { action: 'show', title: 'Sign a transaction' },
    ])
    controller.abort()
  })

  it('the page handlers stream the modal of the current prompt (updateModal), hidden again after it', async () => {
    const prompts = createPromptQueue()
    const handlers = createPageHandlers({
      api: {} as never,
      prompts,
      isListed: () => false,
      modal: (signal) => modalEvents(prompts, signal),
    })
    const controller = new AbortController()
    const events = take(handlers.updateModal({ origin: 'https://dapp.example' }, controller.signal), 4)
    const sent = prompts.ask({ kind: 'execute', calls: [] }, 'https://dapp.example')
    prompts.current()?.answer(true)
    expect(await sent).toBe(true)
    expect(await events).toEqual([
      { action: 'hide' },
      { action: 'updateSize', width: 385, height: 775 },
      { action: 'show', title: 'Confirm transaction' },
      { action: 'hide' },
    ])
    controller.abort()
  })
})
