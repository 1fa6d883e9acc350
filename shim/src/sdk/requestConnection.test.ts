// What requestConnection does with wallet answers a real wallet rarely gives (an error code in a resolved
// result, another chain, a signature that does not verify) and with time: each is a coded error, and the
// session in use is never lost.
import { CHAIN_IDS, type SessionSignRequest } from '@webwallet/protocol'
import { serializeSignerSignatures, signHash, toHex } from '@webwallet/protocol/session'
import { typedData } from 'starknet'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { memoryKeyStore } from '../storage/keyVault'
import { memoryStorage } from '../storage/storage'
import type { SessionConnector } from './options'
import { WebWallet } from './WebWallet'

const ACCOUNT = '0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'
const GAME = '0x00000000000000000000000000000000000000000000000000000000000a11ce'

function signedAnswer(request: SessionSignRequest, signer = '0x5a5a5a') {
  const hash = typedData.getMessageHash(request.sessionTypedData as never, ACCOUNT)
  return {
    account: [ACCOUNT],
    chainId: CHAIN_IDS.SN_SEPOLIA,
    signature: serializeSignerSignatures([signHash(hash, signer), signHash(hash, '0x6b6b6b')]).map(toHex),
  }
}

function setup(
  answer: (request: SessionSignRequest, call: number) => Promise<unknown>,
  fetch?: typeof globalThis.fetch,
) {
  let calls = 0
  const connector: SessionConnector = {
    ready: async () => true,
    connectAndSignSession: vi.fn(async (request: SessionSignRequest) => answer(request, calls++) as never),
  }
  const storage = memoryStorage()
  const wallet = WebWallet.init({
    appName: 'demo',
    sessionParams: { allowedMethods: [{ contract: GAME, selector: 'play' }] },
    connector,
    storage,
    keyStore: memoryKeyStore(),
    connectTimeoutMs: 60_000,
    ...(fetch ? { fetch } : {}),
  })
  return { wallet, storage, connector }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('requestConnection', () => {
  it('surfaces a resolved result carrying errorCode as that coded error, not "No account address found"', async () => {
    const { wallet } = setup(async () => ({ errorCode: 'NOT_ENOUGH_BALANCE' }))
    await expect(wallet.requestConnection()).rejects.toMatchObject({
      code: 'CONNECT_AND_SIGN_SESSION',
      data: { webwalletErrorCode: 'NOT_ENOUGH_BALANCE' },
    })
  })

  it("refuses a session signed on another chain ('Unknown chain id')", async () => {
    const { wallet, storage } = setup(async (request) => ({
      ...signedAnswer(request),
      chainId: CHAIN_IDS.SN_MAIN,
    }))
    await expect(wallet.requestConnection()).rejects.toMatchObject({
      code: 'UNKNOWN_CHAIN_ID',
      message: 'Unknown chain id',
    })
    expect(storage.getItem('session')).toBeNull()
  })

  it("refuses an owner signature that does not verify ('Signature verification Error') and keeps the old session", async () => {
    const { wallet, storage } = setup(async (request, call) =>
      call === 0
        ? signedAnswer(request)
        : { ...signedAnswer(request), signature: tamper(signedAnswer(request).signature) },
    )
    const first = await wallet.requestConnection()
    const stored = storage.getItem('session')
    await expect(wallet.requestConnection()).rejects.toMatchObject({
      code: 'SIGNATURE_VERIFICATION',
      message: 'Signature verification Error',
    })
    expect(wallet.sessionAccount).toBe(first.account)
    expect(storage.getItem('session')).toBe(stored)
  })

  it.each([
    ['an address that is no address', { account: ['../admin'] }, 'INVALID_ADDRESS_FORMAT'],
    ['signature felts that are no felts', { signature: ['0x1', 'zz'] }, 'SIGNATURE_VERIFICATION'],
  ])('refuses %s from the wallet with a coded error', async (_name, change, code) => {
    const { wallet } = setup(async (request) => ({ ...signedAnswer(request), ...change }))
    await expect(wallet.requestConnection()).rejects.toMatchObject({ code })
  })

  it('ends with OPERATION_TIMEOUT after connectTimeoutMs when the wallet never answers, keeping the old session', async () => {
    const { wallet } = setup(async (request, call) =>
      call === 0 ? signedAnswer(request) : new Promise(() => {}),
    )
    const first = await wallet.requestConnection()
    vi.useFakeTimers()
    const pending = wallet.requestConnection()
    const outcome = expect(pending).rejects.toMatchObject({
      code: 'OPERATION_TIMEOUT',
      data: { operation: 'requestConnection', ms: 60_000 },
    })
    await vi.advanceTimersByTimeAsync(60_000)
    await outcome
    expect(wallet.sessionAccount).toBe(first.account)
    expect(wallet.getSessionStatus()).toBe('VALID')
  })

  it('gives the connector the signal, and an already aborted signal never reaches the wallet', async () => {
    const { wallet, connector } = setup(async (request) => signedAnswer(request))
    await wallet.requestConnection()
    expect(vi.mocked(connector.connectAndSignSession).mock.calls[0]?.[1]?.signal).toBeInstanceOf(AbortSignal)
    const controller = new AbortController()
    controller.abort()
    await expect(wallet.requestConnection({ signal: controller.signal })).rejects.toMatchObject({
      code: 'OPERATION_ABORTED',
    })
    expect(connector.connectAndSignSession).toHaveBeenCalledOnce()
  })
})

describe('execute on the default environment', () => {
  it('fails with UNSUPPORTED_RPC_VERSION on an RPC 0.7 node, not a TypeError mid-execute', async () => {
    const old = (async (_url: string, init: RequestInit) => {
      const calls = [JSON.parse(String(init.body))].flat() as { id: number; method: string }[]
      // An RPC 0.7 node: its fee estimate has no l2_gas fields (the old TypeError's source).
      return Response.json(
        calls.map((c) => ({
          jsonrpc: '2.0',
          id: c.id,
          result:
            c.method === 'starknet_specVersion' ? '0.7.1' : c.method === 'starknet_getNonce' ? '0x1' : '0x1',
        })),
      )
    }) as typeof globalThis.fetch
    const { wallet } = setup(async (request) => signedAnswer(request), old)
    expect(wallet.environment.name).toBe('sepolia')
    const { account } = await wallet.requestConnection()
    await expect(account.execute({ contractAddress: GAME, entrypoint: 'play' })).rejects.toMatchObject({
      code: 'UNSUPPORTED_RPC_VERSION',
      data: { nodeUrl: wallet.environment.providerDefaultUrl, version: '0.7.1' },
    })
  })
})

// The owner's r changed: the felts still parse, the signature no longer verifies.
function tamper(signature: string[]): string[] {
  return signature.map((felt, i) => (i === 3 ? toHex(BigInt(felt) ^ 1n) : felt))
}
