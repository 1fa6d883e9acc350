// Issue 35 item 5: errors keep our registry's code and are instances of the starknetkit classes dapps test.
import {
  ConnectAndSignSessionError,
  ConnectorNotConnectedError as OurNotConnected,
  parseError,
  UserRejectedError,
  ValidationError,
  WalletNotAvailableError,
} from '@webwallet/protocol/errors'
import { describe, expect, it } from 'vitest'
import {
  ConnectorNotAvailableError,
  ConnectorNotConnectedError,
  ConnectorNotFoundError,
  UserNotConnectedError,
  UserRejectedRequestError,
  WebwalletError,
} from './starknetkitErrors'

describe("starknetkit's error classes over our registry", () => {
  it('a refusal, thrown here or rebuilt from the wire, is UserRejectedRequestError and WebwalletError, code USER_REJECTED', () => {
    for (const error of [
      new UserRejectedError(),
      parseError({ code: 'USER_REJECTED', message: 'User rejected request' }),
    ]) {
      expect(error).toBeInstanceOf(UserRejectedRequestError)
      expect(error).toBeInstanceOf(WebwalletError)
      expect(error).not.toBeInstanceOf(ConnectorNotConnectedError)
      expect((error as { code: string }).code).toBe('USER_REJECTED')
    }
    // The wallet's USER_REJECTED answer to a session request is the user's refusal too.
    const session = new ConnectAndSignSessionError('User rejected request', 'USER_REJECTED')
    expect(session).toBeInstanceOf(UserRejectedRequestError)
    const balance = new ConnectAndSignSessionError('Not enough balance', 'NOT_ENOUGH_BALANCE')
    expect(balance).not.toBeInstanceOf(UserRejectedRequestError)
    expect(balance).toBeInstanceOf(WebwalletError)
  })

  it('maps the connector states and leaves other errors alone', () => {
    expect(new OurNotConnected()).toBeInstanceOf(ConnectorNotConnectedError)
    expect(parseError({ code: 'CONNECTOR_NOT_FOUND', message: 'Connector not found' })).toBeInstanceOf(
      ConnectorNotFoundError,
    )
    expect(new WalletNotAvailableError()).toBeInstanceOf(ConnectorNotAvailableError)
    expect(new ValidationError([{ path: [], message: 'x' }])).toBeInstanceOf(WebwalletError)
    expect(new ValidationError([{ path: [], message: 'x' }])).not.toBeInstanceOf(UserNotConnectedError)
    expect(new Error('User rejected request')).not.toBeInstanceOf(UserRejectedRequestError)
    expect(null).not.toBeInstanceOf(WebwalletError)
  })

  it('can be thrown as starknetkit dapps do: its own instances, message, name and the wallet code', () => {
    const error = new WebwalletError('Session expired', 'USER_LOGGED_OUT')
    expect(error).toBeInstanceOf(WebwalletError)
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({
      name: 'WebwalletError',
      message: 'Session expired',
      code: 'USER_LOGGED_OUT',
    })
    expect(new UserRejectedRequestError().message).toBe('User rejected request')
  })
})
