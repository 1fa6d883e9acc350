import { HttpError } from '@webwallet/protocol/errors'
import { describe, expect, it, vi } from 'vitest'
import { createHttp } from './http'

function answer(status: number, body?: unknown, statusText = 'OK') {
  const text = body === undefined ? null : JSON.stringify(body)
  return new Response(status === 204 ? null : text, { status, statusText })
}

describe('createHttp', () => {
  it('sends the client, version and network headers and parses JSON', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => answer(200, { ok: 1 }))
    const http = createHttp({ network: 'sepolia', fetch })
    expect(await http.get('https://x/a')).toEqual({ ok: 1 })
    const init = fetch.mock.calls[0]?.[1] as RequestInit
    expect(init.method).toBe('GET')
    expect(init.headers).toEqual({
      'argent-client': 'webwallet-sdk',
      'argent-version': '1.0.0',
      'argent-network': 'sepolia',
    })
  })

  it('posts JSON and gives an empty result for 204', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => answer(204))
    const http = createHttp({ network: 'mainnet', fetch })
    expect(await http.post('https://x/a', { a: 1 })).toBeUndefined()
    const init = fetch.mock.calls[0]?.[1] as RequestInit
    expect(init.body).toBe('{"a":1}')
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json')
  })

  it.each(['get', 'post', 'put', 'delete'] as const)(
    '%s network failure is SERVICE_UNREACHABLE (the backend, its URL)',
    async (method) => {
      const http = createHttp({
        network: 'sepolia',
        fetch: async () => {
          throw new TypeError('network down')
        },
      })
      const error = await http[method]('https://x/a').catch((e: unknown) => e)
      expect(error).toMatchObject({
        code: 'SERVICE_UNREACHABLE',
        data: { service: 'backend', url: 'https://x/a' },
      })
      expect((error as Error).cause).toBeInstanceOf(TypeError)
    },
  )

  it('throws an HttpError with status text, status and body on a non-2xx answer', async () => {
    const http = createHttp({ network: 'sepolia', fetch: async () => answer(404, { e: 1 }, 'Not Found') })
    const error = await http.put('https://x/a').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpError)
    expect(error).toMatchObject({
      message: 'Not Found',
      data: { status: 404, statusText: 'Not Found', body: { e: 1 } },
    })
  })
})
