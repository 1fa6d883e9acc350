// Issue 23: the wallet server signs only what its screens can show as the felts signed, whoever asks (the
// page after its screen, the headless router, a client of /wallet/api that skips the screen).
import { readOutsideExecution } from '@webwallet/protocol/procedures'
import {
  buildOutsideExecution,
  buildSession,
  outsideExecutionTypedData,
  sessionTypedData,
} from '@webwallet/protocol/session'
import { describe, expect, it } from 'vitest'
import { ETH_ADDRESS, STRK_ADDRESS } from '../../chain/contracts/erc20'
import { walletFixture } from '../testing'

const STRK = `0x${STRK_ADDRESS.toString(16)}`
const ETH = `0x${ETH_ADDRESS.toString(16)}`
const ATTACKER = '0xa77ac4'

/** A session of STRK transfers with `metadata`, as the SDK builds it (protocol's buildSession). */
const session = (metadata: unknown) =>
  sessionTypedData(
    buildSession({
      expiresAt: 2000000000,
      allowedMethods: [{ 'Contract Address': STRK, selector: 'transfer' }],
      metadata,
      sessionPublicKey: '0x5e55',
      sessionKeyGuid: '0x1234',
    }),
    'SN_SEPOLIA',
  )

describe('the wallet server signs only what reads one way', () => {
  it('refuses calldata that reads two ways before estimating or sending, and sends the honest transfer', async () => {
    const { wallet, logIn } = walletFixture()
    const { user } = await logIn('victim@example.com')
    const bad = [{ contractAddress: STRK, entrypoint: 'transfer', calldata: [ATTACKER, '1 ', '0'] }]
    const message =
      'Call 0, calldata[1]: "1 " is refused, text that reads as a number (a sign, point, digit or space first, or a space last).'
    await expect(wallet.review(user, bad)).rejects.toThrow(message)
    await expect(wallet.execute(user, bad)).rejects.toMatchObject({ code: 'VALIDATION', message })
    const honest = [{ contractAddress: STRK, entrypoint: 'transfer', calldata: [ATTACKER, '1', '0'] }]
    expect(await wallet.execute(user, honest)).toMatch(/^0x[0-9a-f]+$/)
    expect(await wallet.ledger.balanceOf(ATTACKER, STRK)).toBe(1n)
  })

  it('reads outside-execution typed data by its felts: a respelling signs the same, a value that does not encode is refused', async () => {
    const { wallet, logIn } = walletFixture()
    const { user } = await logIn('victim@example.com')
    const honest = outsideExecutionTypedData(
      buildOutsideExecution({
        calls: [{ contractAddress: STRK, entrypoint: 'transfer', calldata: [ATTACKER, '100', '0'] }],
        nonce: 1,
        nowMs: Date.now(),
      }),
      wallet.chainId,
    )
    expect(readOutsideExecution(honest).calls[0]?.calldata).toEqual([0xa77ac4n, 100n, 0n])
    const signature = wallet.signTypedData(user, honest as never, 'https://dapp.example')
    expect(signature).toHaveLength(9)
    // BigInt reads ' 100 ' as 100, so starknet.js hashes it as 100: the same felts, the same signature.
    const respelled = structuredClone(honest)
    respelled.message.Calls[0]!.Calldata[1] = ' 0x64 '
    expect(wallet.signTypedData(user, respelled as never, 'https://dapp.example')).toEqual(signature)
    const tricked = structuredClone(honest)
    tricked.message.Calls[0]!.Calldata[1] = '-1'
    expect(() => wallet.signTypedData(user, tricked as never, 'https://dapp.example')).toThrow(
      'Typed data: message.Calls.0.Calldata.1 -1 is outside',
    )
  })

  it('refuses a session whose fee caps it cannot record exactly, or in a token the paymaster does not take', async () => {
    const { wallet, logIn } = walletFixture()
    const { user } = await logIn('victim@example.com')
    const origin = 'https://dapp.example'
    const sign = (metadata: unknown) => () => wallet.signTypedData(user, session(metadata) as never, origin)
    expect(sign({ projectID: 'x', txFees: [{ tokenAddress: STRK, maxAmount: 1e19 }] })).toThrow(
      'Session metadata: txFees 0: maxAmount 10000000000000000000 is not an amount',
    )
    expect(sign({ txFees: [{ tokenAddress: '0x1234', maxAmount: '1' }] })).toThrow(
      'Session metadata: txFees 0: 0x1234 is not a gas token of the paymaster',
    )
    expect(wallet.sessions.snapshot()).toEqual({})
    // The honest session: caps recorded exactly as the screen reads them.
    sign({
      projectID: 'demo',
      txFees: [
        { tokenAddress: STRK, maxAmount: '10000000000000000000' },
        { tokenAddress: ETH, maxAmount: '0x10' },
      ],
    })()
    expect(Object.values(wallet.sessions.snapshot())[0]?.txFees).toEqual([
      { tokenAddress: STRK, maxAmount: '10000000000000000000' },
      { tokenAddress: ETH, maxAmount: '16' },
    ])
  })

  it('refuses such a session on connectAndSignSession too, before any approval transaction', async () => {
    const { wallet, logIn } = walletFixture()
    const { user } = await logIn('victim@example.com')
    const request = {
      sessionTypedData: session({ txFees: [{ tokenAddress: STRK, maxAmount: '10 STRK' }] }) as never,
      approvalRequests: [],
    }
    await expect(wallet.signSession(user, request, 'https://dapp.example')).rejects.toMatchObject({
      code: 'CONNECT_AND_SIGN_SESSION',
      message:
        'Session metadata: txFees 0: maxAmount "10 STRK" is not an amount (a hex or decimal string of at most 2^128-1 base units)',
    })
  })

  it('refuses approval requests that read two ways before deploying or approving anything', async () => {
    const { wallet, logIn } = walletFixture()
    const { user } = await logIn('victim@example.com')
    const request = {
      sessionTypedData: session({ txFees: [{ tokenAddress: STRK, maxAmount: '1' }] }) as never,
      approvalRequests: [{ tokenAddress: STRK, spender: ATTACKER, amount: '1 ' }],
    }
    await expect(wallet.signSession(user, request, 'https://dapp.example')).rejects.toMatchObject({
      code: 'CONNECT_AND_SIGN_SESSION',
      message: 'Approval 0: amount "1 " is not an amount (has spaces around it)',
    })
    expect(await wallet.ledger.isDeployed(user.account.address)).toBe(false)
  })
})
