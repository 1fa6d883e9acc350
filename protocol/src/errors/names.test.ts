import { describe, expect, it } from 'vitest'
import * as errors from './index'
import { ERROR_CLASSES, type ErrorClass, errorName, WebSocketClosedError } from './index'

// Every coded class the entry exports, with the name it is exported under.
const CLASSES = Object.entries(errors as Record<string, unknown>).filter(
  (entry): entry is [string, ErrorClass] =>
    typeof entry[1] === 'function' && typeof (entry[1] as { code?: unknown }).code === 'string',
)

describe('error class names', () => {
  it('finds every registered class among the exports', () => {
    expect(CLASSES.map(([, cls]) => cls.code).sort()).toEqual([...ERROR_CLASSES.keys()].sort())
  })

  it.each(CLASSES)("%s: an instance's name is its class name", (exportName, cls) => {
    expect(cls.fromData({}, 'message').name).toBe(exportName)
  })

  it('spells WebSocket as the Web API does, in name and in stack/toString', () => {
    const error = new WebSocketClosedError()
    expect(error.name).toBe('WebSocketClosedError')
    expect(String(error)).toBe('WebSocketClosedError: WebSocket closed prematurely')
  })
})

describe('errorName', () => {
  it.each([
    ['USER_REJECTED', 'UserRejectedError'],
    ['SIGN_SESSION_ERROR', 'SignSessionError'],
    ['WEBSOCKET_CLOSED', 'WebSocketClosedError'],
    ['HTTP', 'HttpError'],
    ['STARKNAME_ADDRESS_LOOKUP', 'StarknameAddressLookupError'],
  ])('%s → %s', (code, name) => {
    expect(errorName(code)).toBe(name)
  })
})
