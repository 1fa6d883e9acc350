import { describe, expect, it } from 'vitest'
import { createWalletApi } from './client'

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
