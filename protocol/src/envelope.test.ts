import { describe, expect, it } from 'vitest'
import {
  errorEnvelope,
  POPUP_LOADED_MESSAGE,
  parseEnvelope,
  requestEnvelope,
  resultEnvelope,
  stopEnvelope,
} from './envelope'

describe('parseEnvelope', () => {
  it('classifies what trpc-browser sends (jsonrpc undefined)', () => {
    const request = {
      trpc: { id: 1, jsonrpc: undefined, method: 'mutation', params: { path: 'enable', input: [] } },
    }
    expect(parseEnvelope(request)).toEqual({ kind: 'request', message: request })
    const stop = { trpc: { id: 1, jsonrpc: undefined, method: 'subscription.stop' } }
    expect(parseEnvelope(stop)?.kind).toBe('stop')
    expect(parseEnvelope({ trpc: { id: 1, result: { type: 'started' } } })?.kind).toBe('result')
    expect(parseEnvelope({ trpc: { id: 1, result: {} } })?.kind).toBe('result')
    expect(parseEnvelope(POPUP_LOADED_MESSAGE)).toEqual({ kind: 'loaded' })
  })

  it('classifies an error shape', () => {
    const message = {
      trpc: {
        id: 'x',
        error: {
          code: -32603,
          message: 'm',
          data: { code: 'INTERNAL_SERVER_ERROR', webwalletErrorCode: 'USER_REJECTED' },
        },
      },
    }
    const parsed = parseEnvelope(message)
    expect(parsed?.kind).toBe('error')
  })

  it.each([
    null,
    undefined,
    'hello',
    42,
    { type: 'other' },
    { trpc: null },
    { trpc: { id: 1 } },
    { trpc: { id: true, result: {} } },
    { trpc: { id: 1, method: 'mutation', params: { path: '' } } },
    { trpc: { id: 1, method: 'delete', params: { path: 'x' } } },
    { trpc: { id: 1, result: { type: 'weird' } } },
    { trpc: { id: 1, error: { code: 'x', message: 'm' } } },
    { trpc: { id: 1, jsonrpc: '1.0', result: {} } },
    'TRPC_BROWSER::POPUP_LOADED ',
  ])('ignores %o', (data) => {
    expect(parseEnvelope(data)).toBeUndefined()
  })

  it('builders produce what the parser accepts', () => {
    expect(parseEnvelope(requestEnvelope('a', 'subscription', 'updateModal'))?.kind).toBe('request')
    expect(parseEnvelope(stopEnvelope('a'))?.kind).toBe('stop')
    expect(parseEnvelope(resultEnvelope('a', ['0x1']))).toEqual({
      kind: 'result',
      message: { trpc: { id: 'a', jsonrpc: '2.0', result: { type: 'data', data: ['0x1'] } } },
    })
    expect(resultEnvelope('a', undefined, 'stopped').trpc.result).toEqual({ type: 'stopped' })
    expect(parseEnvelope(errorEnvelope('a', { code: -32600, message: 'bad' }))?.kind).toBe('error')
  })
})
