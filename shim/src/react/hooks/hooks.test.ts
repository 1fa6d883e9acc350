// @vitest-environment happy-dom

import { act, renderHook, waitFor } from '@testing-library/react'
import { CHAIN_IDS, type SessionSignRequest } from '@webwallet/protocol'
import { serializeSignerSignatures, signHash, toHex } from '@webwallet/protocol/session'
import { typedData } from 'starknet'
import { describe, expect, it, vi } from 'vitest'
import type { SessionAccount } from '../../account/SessionAccount'
import type { Portfolio } from '../../portfolio/portfolio'
import { memoryKeyStore } from '../../storage/keyVault'
import { memoryStorage } from '../../storage/storage'
import { useExecute } from './useExecute'
import { usePortfolio } from './usePortfolio'
import { useSession } from './useSession'
import { useWebWallet } from './useWebWallet'

const ACCOUNT = '0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'
const GAME = '0x00000000000000000000000000000000000000000000000000000000000a11ce'

function options(refuse = false, refuseAfter = Number.POSITIVE_INFINITY) {
  let calls = 0
  return {
    appName: 'demo',
    sessionParams: { allowedMethods: [{ contract: GAME, selector: 'play' }] },
    storage: memoryStorage(),
    keyStore: memoryKeyStore(),
    connector: {
      ready: async () => true,
      connectAndSignSession: async (request: SessionSignRequest) => {
        if (refuse || calls++ >= refuseAfter) throw new Error('User rejected request')
        const hash = typedData.getMessageHash(request.sessionTypedData as never, ACCOUNT)
        const signature = serializeSignerSignatures([signHash(hash, '0x5a5a'), signHash(hash, '0x6b6b')]).map(
          toHex,
        )
        return { account: [ACCOUNT], chainId: CHAIN_IDS.SN_SEPOLIA, signature }
      },
    },
  }
}

describe('useWebWallet and useSession', () => {
  it('keeps one wallet across renders, restores nothing at first, then connects on demand', async () => {
    const opts = options()
    const { result, rerender } = renderHook(() => {
      const wallet = useWebWallet(opts)
      return { wallet, session: useSession(wallet) }
    })
    const first = result.current.wallet
    rerender()
    expect(result.current.wallet).toBe(first)
    await waitFor(() => expect(result.current.session.pending).toBe(false))
    expect(result.current.session.account).toBeUndefined()
    await act(() => result.current.session.requestConnection())
    expect(result.current.session.account?.address).toBe(ACCOUNT)
    expect(result.current.session.status).toBe('VALID')
    act(() => result.current.session.clearSession())
    expect(result.current.session.account).toBeUndefined()
    expect(opts.storage.getItem('session')).toBeNull()
  })

  it('restores a stored session on mount', async () => {
    const opts = options()
    const { result: first } = renderHook(() => useSession(useWebWallet(opts)))
    await act(() => first.current.requestConnection())
    const { result } = renderHook(() => useSession(useWebWallet(opts)))
    await waitFor(() => expect(result.current.account?.address).toBe(ACCOUNT))
  })

  it('reports the wallet refusal as error', async () => {
    const { result } = renderHook(() => useSession(useWebWallet(options(true))))
    await act(() => result.current.requestConnection())
    expect((result.current.error as Error).message).toBe('User rejected request')
    expect(result.current.account).toBeUndefined()
  })

  it('keeps the working session when a new one is refused', async () => {
    const { result } = renderHook(() => useSession(useWebWallet(options(false, 1))))
    await act(() => result.current.requestConnection())
    const account = result.current.account
    await act(() => result.current.requestConnection())
    expect((result.current.error as Error).message).toBe('User rejected request')
    expect(result.current.account).toBe(account)
    expect(result.current.status).toBe('VALID')
  })
})

describe('useExecute', () => {
  it('tracks pending, success and the transaction hash', async () => {
    let resolve: (value: { transaction_hash: string }) => void = () => {}
    const account = { execute: vi.fn(() => new Promise((r) => (resolve = r))) } as unknown as SessionAccount
    const { result } = renderHook(() => useExecute(account))
    let pending: Promise<string | undefined> = Promise.resolve(undefined)
    act(() => {
      pending = result.current.execute({ contractAddress: GAME, entrypoint: 'play' })
    })
    expect(result.current.status).toBe('pending')
    await act(async () => {
      resolve({ transaction_hash: '0xabc' })
      await pending
    })
    expect(result.current.status).toBe('success')
    expect(result.current.transactionHash).toBe('0xabc')
  })

  it('reports errors, and refuses without an account', async () => {
    const account = {
      execute: vi.fn(async () => Promise.reject(new Error('Sign session error'))),
    } as unknown as SessionAccount
    const { result } = renderHook(() => useExecute(account))
    await act(() => result.current.execute({ contractAddress: GAME, entrypoint: 'play' }))
    expect(result.current.status).toBe('error')
    const { result: none } = renderHook(() => useExecute(undefined))
    await act(() => none.current.execute({ contractAddress: GAME, entrypoint: 'play' }))
    expect((none.current.error as Error).message).toBe('Connector not connected')
  })
})

describe('usePortfolio', () => {
  it('reads balances and DeFi once there is an address, and again on refresh', async () => {
    const portfolio = {
      balances: vi.fn(async () => [{ address: '0x1', balance: '5', networkId: 'sepolia' }]),
      defi: vi.fn(async () => ({ dapps: [] })),
    } as unknown as Portfolio
    const { result, rerender } = renderHook(({ address }) => usePortfolio(portfolio, address), {
      initialProps: { address: undefined as string | undefined },
    })
    expect(portfolio.balances).not.toHaveBeenCalled()
    rerender({ address: ACCOUNT })
    await waitFor(() => expect(result.current.balances).toHaveLength(1))
    expect(result.current.defi).toEqual({ dapps: [] })
    act(() => result.current.refresh())
    await waitFor(() => expect(portfolio.balances).toHaveBeenCalledTimes(2))
  })
})

describe('onError and throwOnError', () => {
  it('useSession: a Reject goes to onError, and with throwOnError requestConnection rejects', async () => {
    const onError = vi.fn()
    const { result } = renderHook(() => useSession(useWebWallet(options(true)), { onError }))
    await act(() => result.current.requestConnection())
    expect(onError).toHaveBeenCalledOnce()
    expect(onError.mock.calls[0]![0]).toBe(result.current.error)
    const { result: throwing } = renderHook(() =>
      useSession(useWebWallet(options(true)), { throwOnError: true }),
    )
    await act(() => expect(throwing.current.requestConnection()).rejects.toThrow('User rejected request'))
    expect(throwing.current.pending).toBe(false)
  })

  it('useExecute: the latest onError is called; with throwOnError execute rejects, also without an account', async () => {
    const account = {
      execute: vi.fn(async () => Promise.reject(new Error('Sign session error'))),
    } as unknown as SessionAccount
    const first = vi.fn()
    const latest = vi.fn()
    const { result, rerender } = renderHook(({ onError }) => useExecute(account, { onError }), {
      initialProps: { onError: first },
    })
    rerender({ onError: latest })
    await act(() => result.current.execute({ contractAddress: GAME, entrypoint: 'play' }))
    expect([first.mock.calls.length, latest.mock.calls.length]).toEqual([0, 1])
    const { result: none } = renderHook(() => useExecute(undefined, { throwOnError: true }))
    await act(() =>
      expect(none.current.execute({ contractAddress: GAME, entrypoint: 'play' })).rejects.toMatchObject({
        code: 'CONNECTOR_NOT_CONNECTED',
      }),
    )
    expect(none.current.status).toBe('error')
  })

  it('usePortfolio: a failed read goes to onError', async () => {
    const portfolio = {
      balances: vi.fn(async () => Promise.reject(new Error('Failed to fetch url'))),
      defi: vi.fn(async () => ({ dapps: [] })),
    } as unknown as Portfolio
    const onError = vi.fn()
    const { result } = renderHook(() => usePortfolio(portfolio, ACCOUNT, { onError }))
    await waitFor(() => expect(onError).toHaveBeenCalledOnce())
    expect(result.current.error).toBe(onError.mock.calls[0]![0])
  })
})
