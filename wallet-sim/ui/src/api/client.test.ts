import { describe, expect, it } from 'vitest'
import { ApiMessageError, createWalletApi } from './client'

const memoryStorage = () => {
  let value: { token: string; email: string } | undefined
  return {
    read: () => value,
    write: (v: { token: string; email: string }) => (value = v),
    clear: () => (value = undefined),
  }
}

describe('the wallet API client', () => {
  it('asks the server for the chain id once per page, and again only after a failure', async () => {
    const answers = [
      new Response('{"message":"down"}', { status: 503 }),
      Response.json({ chainId: '0x534e5f5345504f4c4941' }),
    ]
    const paths: string[] = []
    const api = createWalletApi({
      storage: memoryStorage() as never,
      fetch: async (url) => {
        paths.push(String(url))
        return answers.shift() ?? Response.json({ chainId: 'unexpected second request' })
      },
    })
    await expect(api.chainId()).rejects.toThrow()
    expect(await Promise.all([api.chainId(), api.chainId()])).toEqual([
      '0x534e5f5345504f4c4941',
      '0x534e5f5345504f4c4941',
    ])
    expect(await api.chainId()).toBe('0x534e5f5345504f4c4941')
    expect(paths).toEqual(['/wallet/api/chainId', '/wallet/api/chainId'])
  })
})

describe('loginStatus', () => {
  const login = { token: 'b'.repeat(64), email: 'ann@example.com' }
  const apiAnswering = (answer: Response) => {
    const storage = memoryStorage()
    storage.write(login)
    const calls: [string, RequestInit | undefined][] = []
    const api = createWalletApi({
      storage: storage as never,
      fetch: async (url, init) => {
        calls.push([String(url), init])
        return answer
      },
    })
    return { api, storage, calls }
  }

  it('asks GET /wallet/api/loginStatus for the origin with the Bearer token and answers the status', async () => {
    const status = { isLoggedIn: true, hasSession: true, isPreauthorized: false }
    const { api, calls } = apiAnswering(Response.json(status))
    expect(await api.loginStatus('https://dapp.example:8443')).toEqual(status)
    expect(calls).toEqual([
      [
        '/wallet/api/loginStatus?origin=https%3A%2F%2Fdapp.example%3A8443',
        expect.objectContaining({
          method: 'GET',
          headers: expect.objectContaining({ authorization: `Bearer ${login.token}` }),
        }),
      ],
    ])
  })

  it('forgets the stored login once the server answers isLoggedIn false or 401', async () => {
    for (const answer of [
      Response.json({ isLoggedIn: false }),
      Response.json({ code: 'UNAUTHORIZED', message: 'Not logged in' }, { status: 401 }),
    ]) {
      const { api, storage } = apiAnswering(answer)
      expect(await api.loginStatus('https://dapp.example')).toEqual({ isLoggedIn: false })
      expect(storage.read()).toBeUndefined()
      expect(api.isLoggedIn()).toBe(false)
    }
  })

  it('refuses an answer that does not match the login status schema, and a server failure, keeping the login', async () => {
    for (const answer of [
      Response.json({ isLoggedIn: true, hasSession: 'yes' }),
      Response.json({ message: 'down' }, { status: 503 }),
    ]) {
      const { api, storage } = apiAnswering(answer)
      await expect(api.loginStatus('https://dapp.example')).rejects.toBeInstanceOf(ApiMessageError)
      expect(storage.read()).toEqual(login)
    }
  })
})
