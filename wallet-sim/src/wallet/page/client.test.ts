import { describe, expect, it } from 'vitest'
import { ApiMessageError, createPageClient } from './client'

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
    const api = createPageClient({
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
    const api = createPageClient({
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

  it('refuses an answer that does not match the login status schema (coded), and a server failure, keeping the login', async () => {
    for (const [answer, code] of [
      [Response.json({ isLoggedIn: true, hasSession: 'yes' }), 'HTTP_ERROR'],
      [Response.json({ message: 'down' }, { status: 503 }), undefined],
    ] as const) {
      const { api, storage } = apiAnswering(answer)
      const error = await api.loginStatus('https://dapp.example').catch((e: unknown) => e)
      if (code === undefined) expect(error).toBeInstanceOf(ApiMessageError)
      else
        expect(error).toMatchObject({ code, message: 'The wallet server answered an invalid login status' })
      expect(storage.read()).toEqual(login)
    }
  })
})

describe('every answer is parsed by protocol’s contract of its route', () => {
  const login = { token: 'c'.repeat(64), email: 'ann@example.com' }
  const answering = (answer: unknown) => {
    const storage = memoryStorage()
    storage.write(login)
    return createPageClient({ storage: storage as never, fetch: async () => Response.json(answer) })
  }
  const calls = [{ contractAddress: '0x1', entrypoint: 'go', calldata: [] }]
  const typedData = { types: {}, primaryType: 'Mail', domain: {}, message: {} }
  // Each route with an answer of the right kind but the wrong shape: a field missing or of the wrong type.
  const routes: [string, (api: ReturnType<typeof answering>) => Promise<unknown>, unknown, string][] = [
    ['chainId', (api) => api.chainId(), { chainId: 7 }, 'chain id'],
    ['account', (api) => api.account(), { email: 'a', address: '0x1', chainId: '0x1' }, 'account'],
    ['isConnected', (api) => api.isConnected('o'), { connected: 'yes' }, 'permission'],
    ['connect', (api) => api.connect('o'), { account: '0x1', chainId: '0x1' }, 'connection'],
    ['signTypedData', (api) => api.signTypedData('o', typedData as never), { signature: '0x1' }, 'signature'],
    ['signSession', (api) => api.signSession('o', {} as never), { errorCode: 'OOPS' }, 'session signature'],
    ['execute', (api) => api.execute('o', calls), { transaction_hash: '0x1' }, 'transaction'],
    ['review', (api) => api.review('o', calls), { feeToken: '0x1', fee: {} }, 'review'],
    ['contractNames', (api) => api.contractNames(['0x1']), { contracts: ['x'] }, 'contract names'],
    ['deploymentData', (api) => api.deploymentData('o'), { address: 1 }, 'deployment data'],
    ['startLogin', (api) => api.startLogin('a@b.c'), {}, 'login start'],
    ['verifyLogin', (api) => api.verifyLogin('a@b.c', '123456'), { token: 1 }, 'login'],
  ]

  it.each(routes)(
    '%s: a mismatch is HttpError (HTTP_ERROR) naming what was invalid',
    async (_, run, answer, what) => {
      const error = await run(answering(answer)).catch((e: unknown) => e)
      expect(error).toMatchObject({
        code: 'HTTP_ERROR',
        message: `The wallet server answered an invalid ${what}`,
        data: { status: 200, body: { path: expect.any(Array), message: expect.any(String) } },
      })
    },
  )

  it('a well-formed answer is handed on as parsed (unknown fields dropped)', async () => {
    expect(await answering({ connected: true, extra: 1 }).isConnected('o')).toBe(true)
    const review = {
      feeToken: '0x1',
      fee: { amount: '1', maxAmount: '2' },
      balance: '3',
      deploysFirst: false,
      contracts: {},
    }
    expect(await answering({ ...review, extra: 1 }).review('o', calls)).toEqual(review)
  })

  it('decide: a mismatch shows the screen (manual), as before', async () => {
    expect(await answering({ answer: 'fail' }).decide('o')).toEqual({ answer: 'manual' })
    expect(await answering({ answer: 'fail', code: 'X' }).decide('o')).toEqual({ answer: 'fail', code: 'X' })
  })

  it('decide: a server that does not answer is SERVICE_UNREACHABLE, not a screen that waits for nobody', async () => {
    const storage = memoryStorage()
    storage.write(login)
    const down = createPageClient({
      storage: storage as never,
      baseUrl: 'http://127.0.0.1:9',
      fetch: async () => {
        throw new TypeError('fetch failed')
      },
    })
    await expect(down.decide('o')).rejects.toMatchObject({
      code: 'SERVICE_UNREACHABLE',
      data: { service: 'wallet' },
    })
  })
})
