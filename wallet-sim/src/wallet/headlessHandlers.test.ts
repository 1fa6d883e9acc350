import { createWalletRouter } from '@webwallet/protocol/router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ETH, MAIL, SPENDER, STRK, sessionRequest } from './fixtures'
import { createHeadlessHandlers } from './headlessHandlers'
import { type MemoryAnswer, memoryClient, NOW, type WalletFixture, walletFixture } from './testing'

const DAPP = 'https://dapp.example'
let fx: WalletFixture
let client: ReturnType<typeof memoryClient>
let token: string
let address: string

const build = (ctx: object) =>
  memoryClient(
    createWalletRouter(
      createHeadlessHandlers({ wallet: fx.wallet, login: fx.login, approvals: fx.approvals }),
    ),
    ctx,
  )

beforeEach(async () => {
  fx = walletFixture()
  const login = await fx.logIn('ann@example.com')
  token = login.token
  address = login.user.account.address
  client = build({ origin: DAPP, token })
})
afterEach(() => client.close())

const data = (answer: MemoryAnswer) => {
  if (!answer.ok) throw new Error(`expected data, got ${JSON.stringify(answer.error)}`)
  return answer.data
}
const errorOf = (answer: MemoryAnswer) => {
  if (answer.ok) throw new Error(`expected an error, got ${JSON.stringify(answer.data)}`)
  return answer.error
}

describe('connect flows', () => {
  it('connects after approval and then reports accounts, permissions and login status for that origin only', async () => {
    expect(data(await client.mutate('getPermissions'))).toEqual([])
    expect(data(await client.mutate('requestAccounts', { silent_mode: true }))).toEqual([])
    expect(data(await client.mutate('getLoginStatus'))).toEqual({
      isLoggedIn: true,
      hasSession: false,
      isPreauthorized: false,
    })
    expect(data(await client.mutate('connectWebwallet', { theme: 'dark' }))).toEqual({
      account: [address],
      chainId: fx.wallet.chainId,
    })
    expect(data(await client.mutate('getPermissions'))).toEqual(['accounts'])
    expect(data(await client.mutate('requestAccounts', { silent_mode: true }))).toEqual([address])
    expect(data(await client.mutate('getLoginStatus'))).toMatchObject({ isPreauthorized: true })
    const other = build({ origin: 'https://other.example', token })
    expect(data(await other.mutate('getPermissions'))).toEqual([])
    other.close()
  })

  it('connect, enable, authorize and requestAccounts connect too', async () => {
    expect(data(await client.mutate('enable', { starknetVersion: 'v5' }))).toBe(address)
    const second = build({ origin: 'https://b.example', token })
    expect(data(await second.mutate('authorize'))).toBe(true)
    const third = build({ origin: 'https://c.example', token })
    expect(data(await third.mutate('connect'))).toEqual({ account: [address], chainId: fx.wallet.chainId })
    const fourth = build({ origin: 'https://d.example', token })
    expect(data(await fourth.mutate('requestAccounts', { silent_mode: false }))).toEqual([address])
    expect(data(await client.mutate('requestChainId'))).toBe('0x534e5f5345504f4c4941')
  })

  it('connectWebwalletSSO logs in with the token it is given', async () => {
    const anonymous = build({ origin: DAPP })
    expect(data(await anonymous.mutate('getLoginStatus'))).toEqual({ isLoggedIn: false })
    expect(data(await anonymous.mutate('connectWebwallet'))).toEqual({})
    expect(data(await anonymous.mutate('connectWebwalletSSO', { token }))).toEqual({
      account: [address],
      chainId: fx.wallet.chainId,
    })
  })

  it('an unknown token is logged out: isLoggedIn false, and USER_LOGGED_OUT where the login is needed', async () => {
    const stale = build({ origin: DAPP, token: 'f'.repeat(64) })
    expect(data(await stale.mutate('getLoginStatus'))).toEqual({ isLoggedIn: false })
    const error = errorOf(await stale.mutate('requestAccounts', { silent_mode: true }))
    expect(error.data).toMatchObject({ webwalletErrorCode: 'USER_LOGGED_OUT' })
    stale.close()
  })

  it('answers 113 USER_REJECTED when the policy rejects', async () => {
    fx.policy.set('reject')
    const error = errorOf(await client.mutate('connectWebwallet', {}))
    expect(error.message).toBe('User rejected request')
    expect(error.data).toMatchObject({ webwalletErrorCode: 'USER_REJECTED', code: 'INTERNAL_SERVER_ERROR' })
    expect(data(await client.mutate('getPermissions'))).toEqual([])
  })

  it('never lets the policy answer a foreign page, even one holding a valid token: it waits manually', async () => {
    fx.policy.set('auto')
    fx.policy.queue({ action: 'approve' })
    const foreign = build({ origin: 'https://evil.example', token, foreignPage: true })
    const pending = foreign.mutate('execute', [
      [{ contractAddress: STRK, entrypoint: 'transfer', calldata: [] }],
    ])
    await expect.poll(() => fx.approvals.pending().length).toBe(1)
    expect(fx.approvals.pending()[0]).toMatchObject({ kind: 'execute', origin: 'https://evil.example' })
    // The test's one-shot answer is still there for the trusted clients.
    expect(fx.policy.queued()).toEqual([{ action: 'approve' }])
    fx.approvals.answer(fx.approvals.pending()[0]?.id ?? '', false)
    expect(errorOf(await pending).data).toMatchObject({ webwalletErrorCode: 'USER_REJECTED' })
    foreign.close()
  })

  it('fails the next request with the code a test asked for', async () => {
    fx.policy.set('auto')
    fx.policy.queue({ action: 'fail', code: 'NOT_ENOUGH_BALANCE', message: 'Top up first' })
    const session = await client.mutate('connectAndSignSession', {
      approvalRequests: [],
      sessionTypedData: sessionRequest(NOW + 3_600).typedData,
    })
    expect(errorOf(session).data).toMatchObject({
      webwalletErrorCode: 'NOT_ENOUGH_BALANCE',
      webwalletErrorMessage: 'Top up first',
    })
    expect(data(await client.mutate('connectWebwallet', {}))).toMatchObject({ account: [address] })
  })

  it('waits for a manual approval', async () => {
    fx.policy.set('manual')
    const pending = client.mutate('connectWebwallet', {})
    await expect.poll(() => fx.approvals.pending().length).toBe(1)
    const [approval] = fx.approvals.pending()
    expect(approval).toMatchObject({ kind: 'connect', origin: DAPP })
    fx.approvals.answer(approval?.id ?? '', true)
    expect(data(await pending)).toEqual({ account: [address], chainId: fx.wallet.chainId })
  })

  it('deploymentData describes the counterfactual account, to a connected origin only', async () => {
    const refused = errorOf(await client.mutate('deploymentData'))
    expect(refused.message).toBe('Connector not connected')
    expect(refused.data).toMatchObject({ webwalletErrorCode: 'CONNECTOR_NOT_CONNECTED' })
    expect(JSON.stringify(refused)).not.toContain(address.slice(2))
    data(await client.mutate('connect'))
    expect(data(await client.mutate('deploymentData'))).toEqual({
      address,
      class_hash: '0x36078334509b514626504edc9fb252328d1a240e4e948bef8d0c08dff45927f',
      salt: expect.stringMatching(/^0x/),
      calldata: expect.any(Array),
      version: 1,
    })
    const anonymous = build({ origin: DAPP })
    expect(errorOf(await anonymous.mutate('deploymentData')).message).toBe('Connector not connected')
    anonymous.close()
    const other = build({ origin: 'https://other.example', token })
    expect(errorOf(await other.mutate('deploymentData')).message).toBe('Connector not connected')
    other.close()
  })

  it('getLoginStatus tells a non-connected origin nothing about who is logged in', async () => {
    const stranger = build({ origin: 'https://stranger.example', token })
    data(await client.mutate('connect'))
    const status = data(await stranger.mutate('getLoginStatus'))
    expect(status).toEqual({ isLoggedIn: true, hasSession: false, isPreauthorized: false })
    expect(JSON.stringify(status)).not.toMatch(/ann@|0x/)
    expect(data(await stranger.mutate('requestAccounts', { silent_mode: true }))).toEqual([])
    stranger.close()
  })
})

describe('signing', () => {
  it('signs typed data with owner and guardian; the deployed account accepts it', async () => {
    const signature = data(await client.mutate('signTypedData', [MAIL])) as string[]
    expect(signature).toHaveLength(9)
    expect(data(await client.mutate('signMessage', [MAIL]))).toEqual(signature)
    await fx.wallet.ensureDeployed(fx.login.userOfToken(token))
    const hash = fx.wallet.messageHash(fx.login.userOfToken(token), MAIL)
    expect(await fx.ledger.isValidSignature(address, hash, signature)).toBe(true)
    expect(await fx.ledger.isValidSignature(address, hash, [...signature.slice(0, 8), '0x1'])).toBe(false)
  })

  it('refuses to sign when rejected, and validates the input', async () => {
    fx.policy.set('reject')
    expect(errorOf(await client.mutate('signTypedData', [MAIL])).data).toMatchObject({
      webwalletErrorCode: 'USER_REJECTED',
    })
    const invalid = errorOf(await client.mutate('signTypedData', [{ primaryType: 1 }]))
    expect(invalid.data).toMatchObject({ code: 'BAD_REQUEST', webwalletErrorCode: 'VALIDATION' })
  })
})

describe('connectAndSignSession', () => {
  it('signs the session, runs the approvals after deploying, and returns every field', async () => {
    const { typedData, hashFor } = sessionRequest(NOW + 3600)
    const approvalRequests = [{ tokenAddress: STRK, spender: SPENDER, amount: '1000' }]
    const result = data(
      await client.mutate('connectAndSignSession', { approvalRequests, sessionTypedData: typedData }),
    ) as Record<string, unknown>
    expect(result).toMatchObject({
      account: [address],
      chainId: '0x534e5f5345504f4c4941',
      deploymentPayload: { contractAddress: address, classHash: expect.any(String) },
      approvalRequestsCalls: [
        { contractAddress: STRK, entrypoint: 'approve', calldata: [SPENDER, '0x3e8', '0x0'] },
      ],
      approvalTransactionHash: expect.stringMatching(/^0x/),
    })
    expect((await fx.ledger.receipt(String(result.approvalTransactionHash))).status).toBe('SUCCEEDED')
    expect(await fx.ledger.isValidSignature(address, hashFor(address), result.signature as string[])).toBe(
      true,
    )
    expect(data(await client.mutate('getPermissions'))).toEqual(['accounts'])
  })

  it('USER_REJECTED', async () => {
    fx.policy.set('reject')
    const error = errorOf(
      await client.mutate('connectAndSignSession', {
        approvalRequests: [],
        sessionTypedData: sessionRequest(NOW + 60).typedData,
      }),
    )
    expect(error.data).toMatchObject({
      webwalletErrorCode: 'USER_REJECTED',
      webwalletErrorMessage: 'User rejected request',
    })
  })

  it('NOT_ENOUGH_BALANCE', async () => {
    const approvalRequests = [{ tokenAddress: ETH, spender: SPENDER, amount: String(10n ** 30n) }]
    const error = errorOf(
      await client.mutate('connectAndSignSession', {
        approvalRequests,
        sessionTypedData: sessionRequest(NOW + 60).typedData,
      }),
    )
    expect(error.data).toMatchObject({ webwalletErrorCode: 'NOT_ENOUGH_BALANCE' })
  })

  it('NOT_ENOUGH_BALANCE_DEPLOYMENT', async () => {
    fx = walletFixture({ initialFunds: [{ token: ETH, amount: 10n ** 18n }] })
    const poor = await fx.logIn('poor@example.com')
    const poorClient = build({ origin: DAPP, token: poor.token })
    const approvalRequests = [{ tokenAddress: ETH, spender: SPENDER, amount: '1' }]
    const error = errorOf(
      await poorClient.mutate('connectAndSignSession', {
        approvalRequests,
        sessionTypedData: sessionRequest(NOW + 60).typedData,
      }),
    )
    expect(error.data).toMatchObject({ webwalletErrorCode: 'NOT_ENOUGH_BALANCE_DEPLOYMENT' })
    expect(await fx.ledger.isDeployed(poor.user.account.address)).toBe(false)
  })

  it('ACCOUNT_NOT_DEPLOYED when the node refuses the deployment', async () => {
    const user = fx.login.userOfToken(token)
    // A constructor the class refuses (zero guardian key) makes the deploy-account transaction fail validation.
    user.account.constructorCalldata = ['0x0', user.ownerPublicKey, '0x0', '0x0', '0x0']
    const approvalRequests = [{ tokenAddress: ETH, spender: SPENDER, amount: '1' }]
    const error = errorOf(
      await client.mutate('connectAndSignSession', {
        approvalRequests,
        sessionTypedData: sessionRequest(NOW + 60).typedData,
      }),
    )
    expect(error.data).toMatchObject({ webwalletErrorCode: 'ACCOUNT_NOT_DEPLOYED' })
  })

  it('GENERIC_ERROR for typed data that is not a session of this chain', async () => {
    const wrongChain = errorOf(
      await client.mutate('connectAndSignSession', {
        approvalRequests: [],
        sessionTypedData: sessionRequest(NOW + 60, 'SN_MAIN').typedData,
      }),
    )
    expect(wrongChain.data).toMatchObject({ webwalletErrorCode: 'GENERIC_ERROR' })
    const notSession = errorOf(
      await client.mutate('connectAndSignSession', { approvalRequests: [], sessionTypedData: MAIL }),
    )
    expect(notSession.data).toMatchObject({ webwalletErrorCode: 'GENERIC_ERROR' })
  })
})

describe('transactions', () => {
  const transfer = { contract_address: STRK, entry_point: 'transfer', calldata: [SPENDER, '5', '0'] }

  it('addInvokeTransaction deploys the account first, then submits', async () => {
    expect(await fx.ledger.isDeployed(address)).toBe(false)
    const hash = data(await client.mutate('addInvokeTransaction', [transfer])) as string
    expect(await fx.ledger.isDeployed(address)).toBe(true)
    expect((await fx.ledger.receipt(hash)).status).toBe('SUCCEEDED')
    expect(await fx.ledger.balanceOf(SPENDER, STRK)).toBe(5n)
  })

  it('execute takes starknet.js arguments', async () => {
    const call = { contractAddress: STRK, entrypoint: 'transfer', calldata: [SPENDER, 7, 0] }
    const hash = data(await client.mutate('execute', [call, undefined, {}])) as string
    expect((await fx.ledger.receipt(hash)).status).toBe('SUCCEEDED')
    expect(await fx.ledger.balanceOf(SPENDER, STRK)).toBe(7n)
  })

  it('nothing is submitted when rejected', async () => {
    fx.policy.set('reject')
    expect(errorOf(await client.mutate('addInvokeTransaction', transfer)).message).toBe(
      'User rejected request',
    )
    expect(await fx.ledger.isDeployed(address)).toBe(false)
  })

  it('not implemented: addStarknetChain, switchStarknetChain, watchAsset', async () => {
    for (const path of ['addStarknetChain', 'switchStarknetChain', 'watchAsset']) {
      const error = errorOf(await client.mutate(path))
      expect(error.message).toBe('not implemented')
      expect(error.data).toMatchObject({ webwalletErrorCode: 'NOT_IMPLEMENTED' })
    }
  })
})
