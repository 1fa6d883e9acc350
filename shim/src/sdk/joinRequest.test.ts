// A second requestConnection while one is pending (issue 36, item 4): it shares the pending answer only when
// it asks for the same and has no signal of its own; otherwise it waits and runs as its own request, its own
// signal stops its wait, and its parameters are checked first, joined or not.
import { CHAIN_IDS } from '@webwallet/protocol'
import { serializeSignerSignatures, signHash, toHex } from '@webwallet/protocol/session'
import { typedData } from 'starknet'
import { describe, expect, it } from 'vitest'
import { memoryKeyStore } from '../storage/keyVault'
import { memoryStorage } from '../storage/storage'
import { WebWallet } from './WebWallet'

const ACCOUNT = '0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'
const GAME = '0x00000000000000000000000000000000000000000000000000000000000a11ce'
const APPROVAL = { tokenAddress: GAME, spender: GAME, amount: '1' }

function setup() {
  const prompts: { callbackData?: string; approvalRequests: unknown[] }[] = []
  const connector = {
    ready: async () => true,
    connectAndSignSession: async (request: {
      sessionTypedData: unknown
      callbackData?: string
      approvalRequests: unknown[]
    }) => {
      prompts.push({
        approvalRequests: request.approvalRequests,
        ...(request.callbackData ? { callbackData: request.callbackData } : {}),
      })
      const hash = typedData.getMessageHash(request.sessionTypedData as never, ACCOUNT)
      const signature = serializeSignerSignatures([signHash(hash, '0x5a5a5a'), signHash(hash, '0x6b6b6b')])
      return { account: [ACCOUNT], chainId: CHAIN_IDS.SN_SEPOLIA, signature: signature.map(toHex) }
    },
  }
  const wallet = WebWallet.init({
    appName: 'join',
    sessionParams: { allowedMethods: [{ contract: GAME, selector: 'play' }] },
    connector: connector as never,
    storage: memoryStorage(),
    keyStore: memoryKeyStore(),
    fetch: async () => {
      throw new TypeError('Failed to fetch')
    },
    now: () => 1_800_000_000_000,
  })
  return { wallet, prompts }
}

describe('a requestConnection while another is pending', () => {
  it('asking for the same, without a signal: joins it (one prompt, one session)', async () => {
    const { wallet, prompts } = setup()
    const [a, b] = await Promise.all([
      wallet.requestConnection({ callbackData: 'x' }),
      wallet.requestConnection({ callbackData: 'x' }),
    ])
    expect(prompts).toHaveLength(1)
    expect(a.account.session.hash).toBe(b.account.session.hash)
  })

  it('asking for something else: waits, then runs as its own request with its own parameters', async () => {
    const { wallet, prompts } = setup()
    const [a, b] = await Promise.all([
      wallet.requestConnection({ callbackData: 'first' }),
      wallet.requestConnection({ callbackData: 'second', approvalRequests: [APPROVAL] }),
    ])
    expect(prompts).toEqual([
      { callbackData: 'first', approvalRequests: [] },
      { callbackData: 'second', approvalRequests: [APPROVAL] },
    ])
    expect([a.callbackData, b.callbackData]).toEqual(['first', 'second'])
    expect(a.account.session.hash).not.toBe(b.account.session.hash)
  })

  it('its own signal stops its wait (OPERATION_ABORTED); the pending one goes on', async () => {
    const { wallet, prompts } = setup()
    const controller = new AbortController()
    const first = wallet.requestConnection()
    const second = wallet.requestConnection({ signal: controller.signal })
    controller.abort()
    await expect(second).rejects.toMatchObject({ code: 'OPERATION_ABORTED' })
    await expect(first).resolves.toMatchObject({ account: { address: ACCOUNT } })
    expect(prompts).toHaveLength(1)
  })

  it('invalid parameters are refused even while one is pending', async () => {
    const { wallet } = setup()
    const first = wallet.requestConnection()
    await expect(wallet.requestConnection({ callbackData: 7 as never })).rejects.toMatchObject({
      code: 'INVALID_OPTIONS',
      data: { path: 'callbackData' },
    })
    await expect(wallet.requestConnection({ approvalRequests: [{}] as never })).rejects.toMatchObject({
      code: 'INVALID_APPROVAL_REQUEST',
    })
    await first
  })
})
