import { OperationTimeoutError, UserRejectedError } from '@webwallet/protocol/errors'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { callLink, messengerLink } from './link'
import * as Messenger from './Messenger'
import { CHANNELS, type Reply, type WalletEnd } from './testing/wallets'

// One body of behaviours over every channel kind (memory, window, WebSocket, HTTP), each against a test
// wallet that puts a hostile party's noise on the wire before each answer (testing/wallets.ts).

const READ_LIMIT_MS = 20_000
let opened: Array<{ wallet: WalletEnd; messenger: ReturnType<typeof Messenger.create> }> = []

afterEach(async () => {
  vi.useRealTimers()
  for (const { wallet, messenger } of opened) {
    messenger.destroy()
    await wallet.close()
  }
  opened = []
})

describe.each(CHANNELS)('over the $name channel', ({ open, goneCode }) => {
  async function connect(reply: (path: string) => Reply) {
    const wallet = await open(reply)
    const messenger = Messenger.create(wallet.channel)
    opened.push({ wallet, messenger })
    return { wallet, messenger, call: callLink(messengerLink(messenger)) }
  }

  it('carries a request and its answer, whatever noise a hostile party adds', async () => {
    const { wallet, call } = await connect((path) => ({ data: `${path}: yes` }))
    await expect(call.mutation('requestChainId')).resolves.toBe('requestChainId: yes')
    await expect(call.mutation('enable')).resolves.toBe('enable: yes')
    expect(wallet.seen).toEqual(['requestChainId', 'enable'])
  })

  it("rebuilds the wallet's refusal as its coded error", async () => {
    const { call } = await connect(() => ({ error: new UserRejectedError() }))
    const refusal = await call.mutation('signTypedData').catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(UserRejectedError)
    expect(refusal).toMatchObject({ code: 'USER_REJECTED', message: 'User rejected request' })
  })

  it("refuses an answer that is not tRPC's with TRANSFORM_RESPONSE", async () => {
    const { call } = await connect(() => 'garble')
    await expect(call.mutation('requestChainId')).rejects.toMatchObject({
      code: 'TRANSFORM_RESPONSE',
      message: 'Unable to transform response from server',
    })
  })

  it('ends a request the wallet does not answer at its time limit, and tells the wallet', async () => {
    const { wallet, call } = await connect((path) => (path === 'warm' ? { data: 'up' } : 'hang'))
    await call.mutation('warm') // the channel is open (socket, lazy chunk) before the clock is faked
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
    const pending = call.mutation('signTypedData', undefined, { timeoutMs: READ_LIMIT_MS }).catch((e) => e)
    await vi.waitFor(() => expect(wallet.seen).toContain('signTypedData'))
    await vi.advanceTimersByTimeAsync(READ_LIMIT_MS)
    expect(await pending).toBeInstanceOf(OperationTimeoutError)
    await vi.waitFor(() => expect(wallet.seen).toContain('stop'))
  })

  it(`rejects what is pending with ${goneCode} when the wallet goes away`, async () => {
    const { wallet, call } = await connect(() => 'hang')
    const pending = call.mutation('signTypedData')
    await vi.waitFor(() => expect(wallet.seen).toEqual(['signTypedData']))
    wallet.kill()
    await expect(pending).rejects.toMatchObject({ code: goneCode })
  })

  it('rejects what is pending, and every later request, with PORT_DISCONNECTED once destroyed', async () => {
    const { wallet, messenger, call } = await connect(() => 'hang')
    const pending = call.mutation('signTypedData')
    await vi.waitFor(() => expect(wallet.seen).toEqual(['signTypedData']))
    messenger.destroy()
    await expect(pending).rejects.toMatchObject({ code: 'PORT_DISCONNECTED' })
    await expect(call.mutation('requestChainId')).rejects.toMatchObject({ code: 'PORT_DISCONNECTED' })
    expect(wallet.seen).toEqual(['signTypedData'])
  })
})
