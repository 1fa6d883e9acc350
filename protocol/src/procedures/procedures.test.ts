import { describe, expect, it } from 'vitest'
import { ModalEventSchema, oneOrMany, PROCEDURES } from './procedures'
import { parseWalletRequest, WALLET_REQUESTS } from './walletApi'

describe('wallet_* requests', () => {
  it.each([
    [{ type: 'wallet_requestAccounts', params: { silent_mode: true } }, true],
    [{ type: 'wallet_requestAccounts' }, true],
    [{ type: 'wallet_requestChainId' }, true],
    [{ type: 'wallet_getPermissions' }, true],
    [
      {
        type: 'wallet_addInvokeTransaction',
        params: { calls: [{ contract_address: '0x1', entry_point: 'approve' }] },
      },
      true,
    ],
    [{ type: 'wallet_addInvokeTransaction', params: { calls: [] } }, false],
    [{ type: 'wallet_switchStarknetChain', params: { chainId: '0x1' } }, true],
    [{ type: 'wallet_watchAsset', params: { type: 'ERC20', options: { address: '0x1' } } }, true],
    [{ type: 'wallet_watchAsset', params: { type: 'ERC721', options: { address: '0x1' } } }, false],
    [{ type: 'wallet_addStarknetChain', params: { id: 'x', chain_id: '0x1', chain_name: 'X' } }, true],
    [{ type: 'wallet_deploymentData' }, true],
    [{ type: 'wallet_supportedSpecs' }, true],
  ])('%j valid: %s', (call, valid) => {
    expect(parseWalletRequest(call).success).toBe(valid)
  })

  it('answers "not implemented" for unknown types', () => {
    expect(parseWalletRequest({ type: 'wallet_teleport' })).toEqual({
      success: false,
      message: 'not implemented',
    })
    expect(parseWalletRequest(null)).toEqual({ success: false, message: 'not implemented' })
  })

  it('validates results', () => {
    expect(
      WALLET_REQUESTS.wallet_addInvokeTransaction.result.safeParse({ transaction_hash: '0x1' }).success,
    ).toBe(true)
    expect(WALLET_REQUESTS.wallet_requestAccounts.result.safeParse('0x1').success).toBe(false)
  })
})

describe('procedure schemas', () => {
  it('has every procedure of the spec', () => {
    expect(Object.keys(PROCEDURES).sort()).toEqual(
      [
        'authorize',
        'connect',
        'connectWebwallet',
        'connectWebwalletSSO',
        'connectAndSignSession',
        'enable',
        'execute',
        'signMessage',
        'signTypedData',
        'getLoginStatus',
        'logout',
        'requestAccounts',
        'requestChainId',
        'getPermissions',
        'addInvokeTransaction',
        'deploymentData',
        'addStarknetChain',
        'switchStarknetChain',
        'watchAsset',
        'updateModal',
      ].sort(),
    )
  })

  it('execute takes every starknetkit tuple and normalises calls to a compiled list', () => {
    const call = { contractAddress: '0x1', entrypoint: 'go' }
    const compiled = { ...call, calldata: [] }
    expect(PROCEDURES.execute.input.parse([call])).toEqual([[compiled], undefined, undefined])
    expect(PROCEDURES.execute.input.parse([[call], [], { nonce: 1 }])).toEqual([[compiled], [], { nonce: 1 }])
    // starknetkit 1.x: [calls, details], `{}` for a bare execute; over JSON an absent place is null.
    expect(PROCEDURES.execute.input.parse([call, {}])).toEqual([[compiled], undefined, {}])
    expect(PROCEDURES.execute.input.parse([[call], null, { version: '0x3' }])).toEqual([
      [compiled],
      undefined,
      { version: '0x3' },
    ])
    const bad = PROCEDURES.execute.input.safeParse([call, [], { nonce: 1.5 }])
    expect(bad.error?.issues[0]).toMatchObject({
      path: [2, 'nonce'],
      message: "The transaction details' nonce: Only hex, integers and bigint are supported in calldata.",
    })
    expect(PROCEDURES.execute.input.safeParse([call, [], {}, 'extra']).error?.issues[0]?.message).toBe(
      'execute takes [calls], [calls, details] or [calls, abis, details], not 4 arguments.',
    )
    expect(PROCEDURES.execute.input.safeParse([call, 'x']).error?.issues[0]?.message).toMatch(
      /the ABIs in place 1 must be a list/,
    )
  })

  it('oneOrMany rejects an empty list', () => {
    expect(oneOrMany(PROCEDURES.signMessage.output).safeParse([]).error?.issues[0]?.message).toBe(
      'Call list must not be empty',
    )
  })

  it.each([
    [{ action: 'show' }, true],
    [{ action: 'show', title: 'Confirm transaction' }, true],
    [{ action: 'show', title: '<img src=x onerror=alert(1)>' }, false],
    [{ action: 'show', title: 'Log in\nnow' }, false],
    [{ action: 'show', title: 'A title much longer than any screen name' }, false],
    [{ action: 'updateSize', width: 380, height: 420 }, true],
    [{ action: 'updateHeight', height: -1 }, false],
    [{ action: 'resize' }, false],
  ])('modal event %j valid: %s', (event, valid) => {
    expect(ModalEventSchema.safeParse(event).success).toBe(valid)
  })
})
