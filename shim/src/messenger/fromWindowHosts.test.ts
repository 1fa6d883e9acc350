// @vitest-environment happy-dom
// The hosted wallet's two hosts (Argent's and Ready's, protocol's HOSTED_WALLET_ORIGINS): a window opened at one
// may answer from the other of the same network, exact origins only; any third origin is still refused.
import { describe, expect, it, vi } from 'vitest'
import { fromWindow } from './fromWindow'
import * as Messenger from './Messenger'
import type { Observer, TrpcRequest } from './types'

const ARGENT = 'https://web.argent.xyz'
const READY = 'https://web.ready.co'

function setup(walletUrl: string) {
  let wallet = { postMessage: vi.fn() }
  const messenger = Messenger.create(
    fromWindow({
      listen: window,
      target: () => wallet as unknown as Window,
      origin: walletUrl,
      ready: async () => {},
    }),
  )
  const results: unknown[] = []
  const errors: Error[] = []
  const observer: Observer = {
    next: (r) => results.push(r.data),
    error: (e) => errors.push(e),
    complete() {},
  }
  const send = async () => {
    const before = wallet.postMessage.mock.calls.length
    messenger.send({ type: 'mutation', path: 'requestChainId', input: undefined }, observer)
    await vi.waitFor(() => expect(wallet.postMessage.mock.calls.length).toBeGreaterThan(before))
    const calls = wallet.postMessage.mock.calls.slice(before)
    return { id: (calls[0]![0] as { trpc: TrpcRequest }).trpc.id, targets: calls.map((call) => call[1]) }
  }
  const reply = (id: unknown, data: string, origin: string, source: unknown = wallet) =>
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { trpc: { id, result: { data } } },
        origin,
        source: source as Window,
      }),
    )
  const reopen = () => {
    wallet = { postMessage: vi.fn() }
  }
  return { messenger, results, errors, send, reply, reopen }
}

describe('Messenger.fromWindow with the hosted wallet on two hosts', () => {
  it.each([
    [ARGENT, READY],
    [READY, ARGENT],
  ])('opened at %s, takes the answer from %s and then posts only there', async (opened, answering) => {
    const { results, send, reply, reopen } = setup(`${opened}/iframes/comms`)
    const first = await send()
    // Before the window answered: one post per exact origin of the list, the opened one first; never '*'.
    expect(first.targets).toEqual([opened, answering])
    reply(first.id, 'SN_MAIN', answering)
    expect(results).toEqual(['SN_MAIN'])
    const second = await send()
    expect(second.targets).toEqual([answering])
    reply(second.id, 'again', opened) // the opened host is on the list too
    expect(results).toEqual(['SN_MAIN', 'again'])
    // A reopened popup (another window) starts again from the whole list.
    reopen()
    expect((await send()).targets).toEqual([opened, answering])
  })

  it('attack: a third origin, a look-alike, another network or scheme, or another window is refused', async () => {
    const { results, errors, send, reply } = setup(ARGENT)
    const { id } = await send()
    for (const origin of [
      'https://evil.example',
      'https://web.ready.co.evil.example',
      'https://evil.ready.co',
      'https://sepolia-web.ready.co',
      'http://web.ready.co',
      'https://web.ready.co:8443',
      'null',
    ]) {
      reply(id, `forged by ${origin}`, origin)
    }
    reply(id, 'forged by another window', READY, { postMessage() {} })
    expect(results).toEqual([])
    expect(errors).toEqual([])
    reply(id, 'SN_MAIN', READY)
    expect(results).toEqual(['SN_MAIN'])
  })

  it("attack: an app's own wallet URL answers only from itself, never from the hosted wallet's hosts", async () => {
    const { results, send, reply } = setup('https://wallet.example/')
    const { id, targets } = await send()
    expect(targets).toEqual(['https://wallet.example'])
    reply(id, 'forged', READY)
    reply(id, 'forged', ARGENT)
    expect(results).toEqual([])
    reply(id, 'ok', 'https://wallet.example')
    expect(results).toEqual(['ok'])
  })
})
