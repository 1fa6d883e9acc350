import { createTRPCClient, localLink, TRPCClientError } from '@trpc/client'
import { describe, expect, it, vi } from 'vitest'
import { ConnectAndSignSessionError, ConnectorNotFoundError, UserRejectedError } from '../errors/connector'
import { parseError } from '../errors/parse'
import { ValidationError } from '../errors/validation'
import type { ModalEvent } from '../procedures/procedures'
import { mail } from '../typedData/testing/messages'
import { createWalletRouter, procedureErrorCode, type WalletHandlers, type WalletRouter } from './index'

const ACCOUNT = '0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'
const TYPED_DATA = mail('hi')

function makeHandlers(overrides: Partial<WalletHandlers> = {}): WalletHandlers {
  return {
    authorize: () => true,
    connect: () => ({ account: [ACCOUNT], chainId: 'SN_SEPOLIA' }),
    connectWebwallet: () => ({ account: [ACCOUNT], chainId: 'SN_SEPOLIA' }),
    connectWebwalletSSO: () => ({}),
    connectAndSignSession: () => ({ account: [ACCOUNT], signature: ['0x1', '0x2'] }),
    enable: () => ACCOUNT,
    execute: () => '0xabc',
    signMessage: () => ['0x1', '0x2'],
    signTypedData: () => ['0x3', '0x4'],
    getLoginStatus: () => ({ isLoggedIn: true, hasSession: false }),
    logout: () => true,
    requestAccounts: () => [ACCOUNT],
    requestChainId: () => '0x534e5f5345504f4c4941',
    getPermissions: () => ['accounts'],
    addInvokeTransaction: () => '0xdef',
    deploymentData: () => ({
      address: ACCOUNT,
      class_hash: '0x1',
      salt: '0x2',
      calldata: ['0x3'],
      version: 1,
    }),
    async *updateModal() {
      yield { action: 'show' }
      yield { action: 'updateHeight', height: 500 }
      yield { action: 'hide' }
    },
    ...overrides,
  }
}

function client(handlers: WalletHandlers, origin = 'https://dapp.example') {
  const router = createWalletRouter(handlers)
  return createTRPCClient<WalletRouter>({
    links: [localLink({ router, createContext: async () => ({ origin }) })],
  })
}

async function rejection(promise: Promise<unknown>): Promise<TRPCClientError<WalletRouter>> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(error instanceof TRPCClientError)) throw new Error(`expected a TRPCClientError, got ${String(error)}`)
  return error as TRPCClientError<WalletRouter>
}

describe('procedureErrorCode', () => {
  it('maps codes to tRPC procedure codes', () => {
    expect(procedureErrorCode(new ValidationError([]))).toBe('BAD_REQUEST')
    expect(procedureErrorCode(new ConnectorNotFoundError())).toBe('NOT_FOUND')
    expect(procedureErrorCode(new UserRejectedError())).toBe('INTERNAL_SERVER_ERROR')
  })
})

describe('createWalletRouter', () => {
  it('passes input and the dapp origin to the handler (requestAccounts silent_mode)', async () => {
    const requestAccounts = vi.fn(() => [ACCOUNT])
    const trpc = client(makeHandlers({ requestAccounts }))
    await expect(trpc.requestAccounts.mutate({ silent_mode: true })).resolves.toEqual([ACCOUNT])
    expect(requestAccounts).toHaveBeenCalledWith(
      { silent_mode: true },
      expect.objectContaining({ origin: 'https://dapp.example' }),
    )
  })

  it('answers every no-input procedure the way starknetkit calls them', async () => {
    const trpc = client(makeHandlers())
    await expect(trpc.authorize.mutate()).resolves.toBe(true)
    await expect(trpc.enable.mutate()).resolves.toBe(ACCOUNT)
    await expect(trpc.getLoginStatus.mutate()).resolves.toEqual({ isLoggedIn: true, hasSession: false })
    await expect(trpc.requestChainId.mutate()).resolves.toBe('0x534e5f5345504f4c4941')
    await expect(trpc.getPermissions.mutate()).resolves.toEqual(['accounts'])
    await expect(trpc.deploymentData.mutate()).resolves.toMatchObject({ version: 1 })
    await expect(trpc.connectWebwallet.mutate({ theme: 'dark' })).resolves.toEqual({
      account: [ACCOUNT],
      chainId: 'SN_SEPOLIA',
    })
    await expect(
      trpc.connectWebwalletSSO.mutate({ token: 't', authorizedPartyId: undefined }),
    ).resolves.toEqual({})
  })

  it('turns wallet-API calls into dapp calls for addInvokeTransaction (list or single)', async () => {
    const addInvokeTransaction = vi.fn(() => '0xdef')
    const trpc = client(makeHandlers({ addInvokeTransaction }))
    await trpc.addInvokeTransaction.mutate([
      { contract_address: '0x1', entry_point: 'approve', calldata: ['0x2', '5', '0'] },
    ])
    expect(addInvokeTransaction).toHaveBeenLastCalledWith(
      [{ contractAddress: '0x1', entrypoint: 'approve', calldata: ['0x2', '0x5', '0x0'] }],
      expect.anything(),
    )
    await trpc.addInvokeTransaction.mutate({ contract_address: '0x1', entry_point: 'ping' })
    expect(addInvokeTransaction).toHaveBeenLastCalledWith(
      [{ contractAddress: '0x1', entrypoint: 'ping', calldata: [] }],
      expect.anything(),
    )
  })

  it('takes typed data and execute arguments as starknetkit tuples', async () => {
    const signTypedData = vi.fn((_input: unknown) => ['0x3', '0x4'])
    const execute = vi.fn(() => '0xabc')
    const trpc = client(makeHandlers({ signTypedData, execute }))
    await expect(trpc.signTypedData.mutate([TYPED_DATA])).resolves.toEqual(['0x3', '0x4'])
    expect(signTypedData.mock.calls[0]?.[0]).toEqual([TYPED_DATA])
    await trpc.execute.mutate([
      { contractAddress: '0x1', entrypoint: 'go', calldata: [1, 2n, 'x'] },
      undefined,
      { nonce: 1 },
    ])
    expect(execute).toHaveBeenCalledOnce()
  })

  it('rejects invalid input as VALIDATION with a sentence naming call and place, BAD_REQUEST', async () => {
    const trpc = client(makeHandlers())
    const error = await rejection(
      trpc.addInvokeTransaction.mutate([{ contract_address: '0x1', entry_point: 'x', calldata: [1.5] }]),
    )
    expect(error.data?.code).toBe('BAD_REQUEST')
    // The sentence, not the schema's issues as JSON, for every tRPC client.
    expect(error.message).toBe('Call 0, calldata[0]: 1.5 is refused, not a whole number.')
    const parsed = parseError(error)
    expect(parsed).toBeInstanceOf(ValidationError)
    expect(parsed.walletApiCode).toBe(114)
    expect(parsed.message).toBe(error.message)
    expect(parsed.data).toMatchObject({ issues: [{ path: [0, 'calldata', 0] }] })
    const empty = await rejection(trpc.addInvokeTransaction.mutate([]))
    expect(parseError(empty).message).toBe('Call list must not be empty')
    expect(empty.message).toBe('Call list must not be empty')
    // Any other procedure's rejected input also reads as its first issue's text.
    const other = await rejection(trpc.connectWebwalletSSO.mutate({ token: 5 } as never))
    expect(other.message).not.toMatch(/^\[|\{/)
  })

  it('carries a handler error as {code, message, data} and for starknetkit', async () => {
    const trpc = client(
      makeHandlers({
        connectWebwallet: () => {
          throw new UserRejectedError()
        },
        connectAndSignSession: () => {
          throw new ConnectAndSignSessionError('Not enough balance', 'NOT_ENOUGH_BALANCE')
        },
      }),
    )
    const rejected = await rejection(trpc.connectWebwallet.mutate({}))
    expect(parseError(rejected)).toBeInstanceOf(UserRejectedError)
    expect(rejected.data).toMatchObject({
      webwalletErrorCode: 'USER_REJECTED',
      webwalletErrorMessage: 'User rejected request',
    })

    const session = await rejection(
      trpc.connectAndSignSession.mutate({ approvalRequests: [], sessionTypedData: TYPED_DATA }),
    )
    expect(session.data).toMatchObject({
      webwalletErrorCode: 'NOT_ENOUGH_BALANCE',
      webwalletErrorMessage: 'Not enough balance',
    })
    const parsed = parseError(session)
    expect(parsed).toBeInstanceOf(ConnectAndSignSessionError)
    expect(parsed.data).toEqual({
      webwalletErrorCode: 'NOT_ENOUGH_BALANCE',
      webwalletErrorMessage: 'Not enough balance',
    })
  })

  it('answers "not implemented" for the chain/asset procedures unless handled', async () => {
    const trpc = client(makeHandlers())
    for (const call of [
      trpc.addStarknetChain.mutate({ id: 'x', chain_id: '0x1', chain_name: 'x' }),
      trpc.switchStarknetChain.mutate({ chainId: '0x1' }),
      trpc.watchAsset.mutate({ type: 'ERC20', options: { address: '0x1' } }),
    ]) {
      const error = await rejection(call)
      expect(error.message).toBe('not implemented')
      expect(parseError(error).code).toBe('NOT_IMPLEMENTED')
    }
    const handled = client(makeHandlers({ watchAsset: () => true }))
    await expect(handled.watchAsset.mutate({ type: 'ERC20', options: { address: '0x1' } })).resolves.toBe(
      true,
    )
  })

  it('validates outputs and hides foreign errors and stacks', async () => {
    const trpc = client(
      makeHandlers({
        requestAccounts: () => [42 as unknown as string],
        requestChainId: () => {
          throw new TypeError('secret internals')
        },
      }),
    )
    const bad = await rejection(trpc.requestAccounts.mutate({}))
    expect(bad.data?.code).toBe('INTERNAL_SERVER_ERROR')
    const foreign = await rejection(trpc.requestChainId.mutate())
    expect(parseError(foreign).code).toBe('UNKNOWN')
    expect(foreign.data).not.toHaveProperty('stack')
  })

  it('streams updateModal events and checks each', async () => {
    const trpc = client(makeHandlers())
    const events: ModalEvent[] = []
    await new Promise<void>((resolve, reject) => {
      trpc.updateModal.subscribe(undefined, {
        onData: (event) => events.push(event),
        onError: reject,
        onComplete: resolve,
      })
    })
    expect(events).toEqual([{ action: 'show' }, { action: 'updateHeight', height: 500 }, { action: 'hide' }])

    const broken = client(
      makeHandlers({
        async *updateModal() {
          yield { action: 'explode' } as unknown as ModalEvent
          yield { action: 'updateSize', width: 1, height: 2 }
        },
      }),
    )
    const seen: ModalEvent[] = []
    await new Promise<void>((resolve, reject) => {
      broken.updateModal.subscribe(undefined, {
        onData: (e) => seen.push(e),
        onError: reject,
        onComplete: resolve,
      })
    })
    expect(seen).toEqual([{ action: 'updateSize', width: 1, height: 2 }])
  })

  it('streams walletEvents for the dapp origin, checks each, and ends at once without a handler', async () => {
    const origins: string[] = []
    const trpc = client(
      makeHandlers({
        async *walletEvents(ctx) {
          origins.push(ctx.origin)
          yield { type: 'accountsChanged', accounts: [] }
          yield { type: 'networkChanged', chainId: '0x1' } as never // no accounts: dropped
          yield { type: 'networkChanged', chainId: '0x534e5f4d41494e', accounts: [ACCOUNT] }
        },
      }),
    )
    const events: unknown[] = []
    await new Promise<void>((resolve, reject) => {
      trpc.walletEvents.subscribe(undefined, {
        onData: (event) => events.push(event),
        onError: reject,
        onComplete: resolve,
      })
    })
    expect(origins).toEqual(['https://dapp.example'])
    expect(events).toEqual([
      { type: 'accountsChanged', accounts: [] },
      { type: 'networkChanged', chainId: '0x534e5f4d41494e', accounts: [ACCOUNT] },
    ])

    const without = client(makeHandlers())
    const ended = await new Promise<string>((resolve) => {
      without.walletEvents.subscribe(undefined, {
        onData: () => resolve('data'),
        onError: () => resolve('error'),
        onComplete: () => resolve('complete'),
      })
    })
    expect(ended).toBe('complete')
  })
})
