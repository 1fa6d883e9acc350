// @vitest-environment happy-dom

import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { addressKey, type SessionSignRequest, type TypedData } from '@webwallet/protocol'
import { OUTSIDE_EXECUTION_V2_TYPES } from '@webwallet/protocol/typedData'
import type { Market } from '@webwallet/wallet-sim/core'
import type { TransactionReview } from '@webwallet/wallet-sim/page'
import type { ReactElement } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { outsideExecution, sessionSignRequest } from '../../../../protocol/src/typedData/testing/messages'
import { OriginListContext } from '../components/originList'
import { APPROVE_DELAY_MS } from '../components/useApproveGuard'
import { Connect } from './Connect'
import { Login } from './Login'
import { Review } from './Review'
import { SignMessage } from './SignMessage'
import { SignSession } from './SignSession'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const DAPP = 'https://dapp.example'
const STRK = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
const ETH = '0x049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7'

/** A chain whose clock reads `iso`, whatever this device's clock says. */
const chainAt = (iso: string) => ({ now: () => Date.parse(iso) / 1000 })
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }))
/** Renders an approval screen on fake timers and lets its approve delay pass. */
const renderArmed = (ui: ReactElement) => {
  vi.useFakeTimers()
  render(ui)
  act(() => vi.advanceTimersByTime(APPROVE_DELAY_MS))
}

describe('Login', () => {
  it('sends a code to the e-mail, then logs in with it', async () => {
    const api = { startLogin: vi.fn(async () => ({ expiresAt: 0 })), verifyLogin: vi.fn(async () => {}) }
    const onDone = vi.fn()
    render(<Login api={api} origin={DAPP} onDone={onDone} />)
    expect(screen.getByLabelText('Requesting origin').textContent).toBe(DAPP)
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'ann@example.com' } })
    click('Send code')
    await screen.findByLabelText('Code')
    expect(api.startLogin).toHaveBeenCalledWith('ann@example.com')
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '123456' } })
    click('Log in')
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true))
    expect(api.verifyLogin).toHaveBeenCalledWith('ann@example.com', '123456')
  })

  it('shows the server message for a wrong code and lets the user cancel', async () => {
    const api = {
      startLogin: vi.fn(async () => ({ expiresAt: 0 })),
      verifyLogin: vi.fn(async () => {
        throw new Error('Wrong code; 4 tries left')
      }),
    }
    const onDone = vi.fn()
    render(<Login api={api} origin={DAPP} onDone={onDone} />)
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'ann@example.com' } })
    click('Send code')
    fireEvent.change(await screen.findByLabelText('Code'), { target: { value: '000000' } })
    click('Log in')
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong code; 4 tries left')
    expect(onDone).not.toHaveBeenCalled()
    click('Cancel')
    expect(onDone).toHaveBeenCalledWith(false)
  })
})

describe('Connect', () => {
  it('shows the origin and the account, and answers', () => {
    const onAnswer = vi.fn()
    renderArmed(<Connect origin={DAPP} address="0x0123456789abcdef0123456789abcdef" onAnswer={onAnswer} />)
    expect(screen.getByLabelText('Requesting origin').textContent).toBe(DAPP)
    expect(screen.getByText('0x0123…cdef')).toBeTruthy()
    click('Connect')
    click('Reject')
    expect(onAnswer.mock.calls).toEqual([[true], [false]])
  })
})

describe('SignMessage', () => {
  const typedData: TypedData = {
    types: {
      StarknetDomain: OUTSIDE_EXECUTION_V2_TYPES.StarknetDomain ?? [],
      Mail: [{ name: 'contents', type: 'shortstring' }],
    },
    primaryType: 'Mail',
    domain: { name: 'Demo', version: '1', chainId: 'SN_SEPOLIA', revision: '1' },
    message: { contents: 'hello wallet' },
  }
  it('says what the signature can do, then whom it is for and the message; the raw typed data behind Details', () => {
    const onAnswer = vi.fn()
    renderArmed(<SignMessage origin={DAPP} typedData={typedData} onAnswer={onAnswer} />)
    expect(screen.getByLabelText('What the signature can do').textContent).toBe(
      `This signature can log you in to ${DAPP}; it cannot move tokens: it holds only text and yes/no, no address, amount or call.`,
    )
    expect(screen.getByText('Demo')).toBeTruthy()
    expect(screen.getByText('Mail')).toBeTruthy()
    expect(screen.getByLabelText('Message').textContent).toBe('contentshello wallet')
    const details = screen.getByText('Details').closest('details') as HTMLDetailsElement
    expect(details.open).toBe(false)
    expect(JSON.parse(details.querySelector('pre')?.textContent ?? '')).toEqual(typedData)
    expect(screen.getByLabelText('Requesting origin').textContent).toBe(DAPP)
    click('Sign')
    click('Reject')
    expect(onAnswer.mock.calls).toEqual([[true], [false]])
  })

  it('attack: a permit dressed as a message is not called harmless; the screen says the wallet cannot tell', () => {
    const permit: TypedData = {
      ...typedData,
      types: {
        StarknetDomain: OUTSIDE_EXECUTION_V2_TYPES.StarknetDomain ?? [],
        Mail: [{ name: 'spender', type: 'ContractAddress' }],
      },
      message: { spender: '0xbad' },
    }
    render(<SignMessage origin={DAPP} typedData={permit} onAnswer={vi.fn()} />)
    const statement = screen.getByLabelText('What the signature can do')
    expect(statement.textContent).not.toContain('cannot move tokens')
    expect(statement.textContent).toBe(
      `The wallet cannot tell what this signature allows (it has a field "spender"). A contract that trusts your account may act on it, as if you had agreed. Sign only if you trust ${DAPP}.`,
    )
    expect(statement.className).toBe('warning')
  })

  it("names the message's network, and says so when it is not the account's", () => {
    const account = {
      address: `0x07d5${'0'.repeat(56)}f72b`,
      email: 'ann@example.com',
      chainId: '0x534e5f4d41494e',
    }
    render(<SignMessage origin={DAPP} typedData={typedData} account={account} onAnswer={vi.fn()} />)
    expect(screen.getByText('Starknet Sepolia')).toBeTruthy()
    expect(screen.getByLabelText('Another network').textContent).toBe(
      'This message is for Starknet Sepolia, not Starknet Mainnet, the network of your account.',
    )
    cleanup()
    render(
      <SignMessage
        origin={DAPP}
        typedData={typedData}
        account={{ ...account, chainId: '0x534e5f5345504f4c4941' }}
        onAnswer={vi.fn()}
      />,
    )
    expect(screen.queryByLabelText('Another network')).toBeNull()
  })

  it('says which network and which account signs, for a message and for the review', () => {
    const account = {
      address: `0x07d5${'0'.repeat(56)}f72b`,
      email: 'ann@example.com',
      chainId: '0x534e5f4d41494e',
    }
    render(<SignMessage origin={DAPP} typedData={typedData} account={account} onAnswer={vi.fn()} />)
    expect(screen.getByLabelText('Network').textContent).toBe('Starknet Mainnet')
    expect(screen.getByLabelText('From account').textContent).toBe('ann@example.com (0x07d5…f72b)')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign message')
    cleanup()
    const api = {
      review: vi.fn(() => new Promise<never>(() => {})),
      market: vi.fn(() => new Promise<never>(() => {})),
    }
    const call = { contractAddress: STRK, entrypoint: 'transfer', calldata: ['0x1', '0x2', '0x0'] }
    render(
      <Review
        origin={DAPP}
        calls={[call]}
        api={api}
        account={{ ...account, chainId: '0x534e5f5345504f4c4941' }}
        onAnswer={vi.fn()}
      />,
    )
    expect(screen.getByLabelText('Network').textContent).toBe('Starknet Sepolia')
    expect(screen.getByLabelText('From account').textContent).toBe('ann@example.com (0x07d5…f72b)')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Confirm transaction')
  })

  const outside = (calldata: string[]): TypedData => outsideExecution(calldata)

  it('shows an outside execution as the transaction it is: the calls, who may submit it, the account', () => {
    const onAnswer = vi.fn()
    renderArmed(
      <SignMessage
        origin={DAPP}
        typedData={outside(['0xa77ac4', '100000000000000000000', '0'])}
        self="0x0123"
        onAnswer={onAnswer}
      />,
    )
    expect(screen.getByRole('heading', { name: 'Sign a transaction' })).toBeTruthy()
    expect(screen.getByLabelText('What it does').textContent).toBe('Transfer 100 STRK to 0x0000…7ac4')
    expect(screen.getByLabelText('Outside execution').textContent).toContain(
      'lets anyone run the calls below',
    )
    expect(screen.getByText('your account (0x0123)')).toBeTruthy()
    expect(screen.getByLabelText('Balance changes').querySelector('li')?.textContent).toBe('−100 STRK')
    click('Sign transaction')
    expect(onAnswer.mock.calls).toEqual([[true]])
  })

  it('shows the felts signed whatever their spelling, and cannot sign one whose value does not encode', () => {
    renderArmed(
      <SignMessage
        origin={DAPP}
        typedData={outside(['0xA77AC4', ' 100000000000000000000 ', '0o0'])}
        onAnswer={vi.fn()}
      />,
    )
    expect(screen.getByLabelText('What it does').textContent).toBe('Transfer 100 STRK to 0x0000…7ac4')
    cleanup()
    const onAnswer = vi.fn()
    renderArmed(
      <SignMessage origin={DAPP} typedData={outside(['0xa77ac4', '-1', '0'])} onAnswer={onAnswer} />,
    )
    expect(screen.getByRole('alert').textContent).toContain('This request cannot be signed. Typed data:')
    click('Sign')
    expect(onAnswer).not.toHaveBeenCalled()
  })
})

/** happy-dom lays nothing out: the consent's body measures as shown in full (`height` of `height`). */
const laidOut = (scroll = 500, client = 500) => {
  const spies = [
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(scroll),
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(client),
  ]
  return () => {
    for (const spy of spies) spy.mockRestore()
  }
}

describe('SignSession', () => {
  let restore = () => {}
  beforeEach(() => {
    restore = laidOut()
  })
  afterEach(() => restore())
  const request: SessionSignRequest = {
    approvalRequests: [
      {
        tokenAddress: STRK,
        spender: '0x05bd1e500000000000000000000000000000000000000000000000000000abcd',
        amount: '2500000000000000000',
      },
    ],
    sessionTypedData: {
      types: {},
      primaryType: 'Session',
      domain: { name: 'SessionAccount.session' },
      message: {
        'Expires At': 1767229200,
        'Allowed Methods': [
          { 'Contract Address': STRK, selector: 'transfer' },
          {
            'Contract Address': '0x0000000000000000000000000000000000000000000000000000000000c0de',
            selector: 'increase_counter',
          },
        ],
        Metadata: JSON.stringify({
          projectID: 'demo-app',
          txFees: [{ tokenAddress: ETH, maxAmount: '100000000000000000' }],
        }),
        'Session Key': '0x5e55',
      },
    },
  }
  it('lists each allowed contract and selector, the expiry, the fee caps and the approvals', () => {
    const onAnswer = vi.fn()
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2031-06-01T00:00:00Z'))
    renderArmed(
      <SignSession
        origin={DAPP}
        request={request}
        chainClock={chainAt('2025-12-02T01:00:00Z')}
        onAnswer={onAnswer}
      />,
    )
    const allowed = screen.getByLabelText('Allowed calls').textContent
    expect(allowed).toContain('STRK · transfer')
    expect(allowed).toContain('0x0000…c0de · increase_counter')
    const expiry = screen.getByLabelText('Expiry')
    expect(expiry.querySelector('time')?.getAttribute('dateTime')).toBe('2026-01-01T01:00:00.000Z')
    expect(expiry.textContent).toMatch(/^30 days, until (31 Dec 2025|1 Jan 2026), \d\d:\d\d$/)
    expect(screen.getByLabelText('Fee limits').textContent).toBe('up to 0.1 ETH')
    expect(screen.getByLabelText('Approvals').textContent).toBe(
      'Approval: 0x05bd…abcd may spend up to 2.5 STRK from your account',
    )
    expect(screen.getByLabelText("The app's name for itself").textContent).toBe(
      `${DAPP} calls itself “demo-app”`,
    )
    expect(screen.getByLabelText('Requesting origin').textContent).toBe(DAPP)
    click('Sign session')
    click('Reject')
    expect(onAnswer.mock.calls).toEqual([[true], [false]])
  })

  it('says in words what the session can and cannot do, approvals first, with the account', () => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2020-01-01T00:00:00Z'))
    const chainClock = chainAt('2025-12-02T01:00:00Z')
    const gasOnly: SessionSignRequest = {
      approvalRequests: [],
      sessionTypedData: {
        ...request.sessionTypedData,
        message: {
          ...request.sessionTypedData.message,
          Metadata: JSON.stringify({ txFees: [{ tokenAddress: STRK, maxAmount: '10000000000000000000' }] }),
        },
      },
    }
    const account = {
      address: `0x07d5${'0'.repeat(56)}f72b`,
      email: 'ann@example.com',
      chainId: '0x534e5f5345504f4c4941',
    }
    render(
      <SignSession
        origin={DAPP}
        request={gasOnly}
        account={account}
        chainClock={chainClock}
        onAnswer={vi.fn()}
      />,
    )
    const summary = screen.getByLabelText('Session summary').textContent
    expect(summary).toMatch(/^For 30 days, until .+, without asking you again, this app can:/)
    expect(summary).toContain('call increase_counter on 0x0000…c0de')
    expect(summary).not.toContain('call transfer')
    expect(summary).toContain('It cannot move your tokens.')
    expect(summary).toContain(
      'Network fees, in all over the session:up to 10 STRKPaid by the account as its own gas or to the paymaster, never to anyone else.',
    )
    expect(screen.getByLabelText('From account').textContent).toBe('ann@example.com (0x07d5…f72b)')
    expect(screen.getByLabelText('Network').textContent).toBe('Starknet Sepolia')
    expect(screen.getByLabelText('Allowed calls').textContent).toContain(
      'STRK · transfer (fee payment, to the paymaster only)',
    )
    expect(screen.queryByLabelText('Token approvals')).toBeNull()
    cleanup()
    // With an approval (or any unbounded transfer) the summary no longer says the tokens are safe, and the
    // approval comes first, above the summary and the list of calls.
    render(<SignSession origin={DAPP} request={request} onAnswer={vi.fn()} />)
    expect(screen.getByLabelText('Session summary').textContent).not.toContain('cannot move your tokens')
    const approvals = screen.getByLabelText('Token approvals')
    const following = Node.DOCUMENT_POSITION_FOLLOWING
    expect(approvals.compareDocumentPosition(screen.getByLabelText('Session summary')) & following).toBe(
      following,
    )
    expect(approvals.compareDocumentPosition(screen.getByLabelText('Allowed calls')) & following).toBe(
      following,
    )
  })

  it('keeps Sign off until the details were scrolled to the end', () => {
    restore()
    restore = laidOut(1000, 300)
    const onAnswer = vi.fn()
    renderArmed(<SignSession origin={DAPP} request={request} onAnswer={onAnswer} />)
    const sign = screen.getByRole('button', { name: 'Sign session' }) as HTMLButtonElement
    expect(sign.disabled).toBe(true)
    expect(screen.getByLabelText('Read to the end').textContent).toContain('Scroll to the end')
    click('Sign session')
    const body = screen.getByRole('region', { name: 'Details' })
    body.scrollTop = 400
    fireEvent.scroll(body)
    expect(sign.disabled).toBe(true)
    body.scrollTop = 700
    fireEvent.scroll(body)
    expect(sign.disabled).toBe(false)
    expect(screen.queryByLabelText('Read to the end')).toBeNull()
    click('Sign session')
    expect(onAnswer.mock.calls).toEqual([[true]])
  })

  it('a consent not laid out yet (a hidden frame measures 0) was not seen', () => {
    restore()
    restore = laidOut(0, 0)
    renderArmed(<SignSession origin={DAPP} request={request} onAnswer={vi.fn()} />)
    expect((screen.getByRole('button', { name: 'Sign session' }) as HTMLButtonElement).disabled).toBe(true)
    // Not measured yet: no "scroll to the end" note, which would itself take the room of a body that fits.
    expect(screen.queryByLabelText('Read to the end')).toBeNull()
  })

  it('a consent that fits has no gate and no note', () => {
    restore()
    restore = laidOut(500, 500)
    renderArmed(<SignSession origin={DAPP} request={request} onAnswer={vi.fn()} />)
    expect((screen.getByRole('button', { name: 'Sign session' }) as HTMLButtonElement).disabled).toBe(false)
    expect(screen.queryByLabelText('Read to the end')).toBeNull()
  })

  it('names the contracts the wallet server knows, for the allowed calls and the approval spender', async () => {
    const COUNTER = '0x0000000000000000000000000000000000000000000000000000000000c0de'
    const SPENDER = '0x05bd1e500000000000000000000000000000000000000000000000000000abcd'
    const contractNames = vi.fn(async () => ({ [COUNTER]: 'DemoCounter', [SPENDER]: 'Vault' }))
    render(<SignSession origin={DAPP} request={request} contractNames={contractNames} onAnswer={vi.fn()} />)
    await waitFor(() =>
      expect(screen.getByLabelText('Allowed calls').textContent).toContain('DemoCounter · increase_counter'),
    )
    expect(contractNames).toHaveBeenCalledWith([STRK, COUNTER, SPENDER])
    expect(screen.getByLabelText('Approvals').textContent).toBe(
      'Approval: Vault (0x05bd…abcd) may spend up to 2.5 STRK from your account',
    )
  })
})

describe('Review', () => {
  const COUNTER = '0x00de00000000000000000000000000000000000000000000000000000000c0de'
  const USDC = '0x053c91253bc9682c04929ca02ed00b3e423f6710d2ee7e0d5ebb06f3ecf368a8'
  const calls = [
    {
      contractAddress: STRK,
      entrypoint: 'transfer',
      calldata: ['0x1234567890abcdef', '1500000000000000000', '0'],
    },
    { contractAddress: ETH, entrypoint: 'approve', calldata: ['0xabcdef1234567890', 10n ** 17n, 0] },
    { contractAddress: USDC, entrypoint: 'transfer', calldata: ['0x1234567890abcdef', '2500000', '0'] },
    { contractAddress: COUNTER, entrypoint: 'increase_counter', calldata: ['0x2a'] },
  ]
  const MARKET = new Map([
    [addressKey(STRK), { symbol: 'STRK', decimals: 18, usd: 0.3 }],
    [addressKey(USDC), { symbol: 'USDC', decimals: 6, usd: 1 }],
  ])
  const REVIEW: TransactionReview = {
    feeToken: STRK,
    fee: { amount: '9653056000000000', maxAmount: '40000000000000000000' },
    balance: '1000000000000000000000',
    deploysFirst: true,
    contracts: { [COUNTER]: 'DemoCounter' },
  }
  interface Deferred<T> {
    promise: Promise<T>
    resolve: (value: T) => void
    reject: (error: Error) => void
  }
  // Promise.withResolvers is Node 22+: the suite runs on Node 20 too.
  const deferred = <T,>(): Deferred<T> => {
    const next = {} as Deferred<T>
    next.promise = new Promise<T>((resolve, reject) => Object.assign(next, { resolve, reject }))
    return next
  }
  /** A review api whose answers the test releases. */
  const deferredApi = () => {
    const pending: { review: Deferred<TransactionReview>[]; market: Deferred<Market>[] } = {
      review: [],
      market: [],
    }
    const api = {
      review: vi.fn(() => {
        const next = deferred<TransactionReview>()
        pending.review.push(next)
        return next.promise
      }),
      market: vi.fn(() => {
        const next = deferred<Market>()
        pending.market.push(next)
        return next.promise
      }),
    }
    return { api, pending }
  }
  const settle = () => act(async () => {})

  it('says what each call does in words, the raw calls behind Details, and the fee in STRK and USD', async () => {
    const onAnswer = vi.fn()
    const { api, pending } = deferredApi()
    renderArmed(
      <Review origin={DAPP} calls={calls} api={api} self="0x1234567890ABCDEF" onAnswer={onAnswer} />,
    )
    expect(screen.getByRole('status').textContent).toBe(' Estimating the fee…')
    for (const next of pending.market) next.resolve(MARKET)
    for (const next of pending.review) next.resolve(REVIEW)
    await settle()
    expect(api.review).toHaveBeenCalledWith(DAPP, calls)
    const summaries = screen.getAllByText(/^(Transfer|Allow|Call) /).map((el) => el.textContent)
    expect(summaries).toEqual([
      'Transfer 1.5 STRK to your account (0x0000…cdef)',
      'Allow 0x0000…7890 to spend 0.1 ETH',
      'Transfer 2.5 USDC to your account (0x0000…cdef)',
      'Call increase_counter on DemoCounter',
    ])
    expect(screen.getByRole('status').textContent).toBe(
      '0.0097 STRK (< $0.01)At most 40 STRK ($12.00), deploying your account included',
    )
    expect(screen.getByText(/deployed first/)).toBeTruthy()
    // The raw calls are there, collapsed.
    const details = screen.getByText('Details').closest('details') as HTMLDetailsElement
    expect(details.open).toBe(false)
    expect(screen.getByLabelText('Calldata of call 4').textContent).toBe('0x2a')
    expect(details.contains(screen.getByLabelText('Calldata of call 4'))).toBe(true)
    expect(screen.getByLabelText('Requesting origin').textContent).toBe(DAPP)
    click('Confirm')
    click('Reject')
    expect(onAnswer.mock.calls).toEqual([[true], [false]])
  })

  it('balance changes per token with USD, summed from the felts signed; a call it cannot read is named', async () => {
    const { api, pending } = deferredApi()
    renderArmed(<Review origin={DAPP} calls={calls} api={api} self={COUNTER} onAnswer={vi.fn()} />)
    for (const next of pending.market) next.resolve(MARKET)
    for (const next of pending.review) next.resolve(REVIEW)
    await settle()
    const changes = screen.getByLabelText('Balance changes')
    // ETH's approval moves no balance (the summary says who may spend it); ETH has no price: amount only.
    expect([...changes.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '−1.5 STRK (−$0.45)',
      '−2.5 USDC (−$2.50)',
    ])
    expect(screen.getByLabelText('Unknown balance changes').textContent).toBe(
      'The wallet cannot tell how this call changes your balances: Call increase_counter on DemoCounter.',
    )
  })

  it('a transfer to the account itself: nothing but the fee leaves it', async () => {
    const { api, pending } = deferredApi()
    renderArmed(
      <Review
        origin={DAPP}
        calls={calls.slice(0, 1)}
        api={api}
        self="0x1234567890abcdef"
        onAnswer={vi.fn()}
      />,
    )
    for (const next of pending.market) next.resolve(MARKET)
    for (const next of pending.review) next.resolve(REVIEW)
    await settle()
    expect(screen.getByLabelText('Balance changes').textContent).toBe(
      'Balance changesNo token leaves or reaches your account, only the network fee below is paid.',
    )
  })

  const confirm = () => screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement

  it('an estimate that could not be had: Confirm stays off, Try again asks anew, then it can be confirmed', async () => {
    const onAnswer = vi.fn()
    const { api, pending } = deferredApi()
    renderArmed(<Review origin={DAPP} calls={calls.slice(0, 1)} api={api} onAnswer={onAnswer} />)
    // Armed, but nothing checked yet: off while estimating.
    expect(confirm().dataset.armed).toBe('true')
    expect(confirm().disabled).toBe(true)
    for (const next of pending.market) next.reject(new Error('The price service answered HTTP 503'))
    for (const next of pending.review) next.reject(new Error('The node at http://node/rpc is unreachable'))
    await settle()
    expect(screen.getByRole('alert').textContent).toBe(
      'Could not estimate the fee: The node at http://node/rpc is unreachable',
    )
    expect(confirm().disabled).toBe(true)
    fireEvent.click(confirm())
    expect(onAnswer).not.toHaveBeenCalled()
    const asked = api.review.mock.calls.length
    click('Try again')
    expect(screen.getByRole('status').textContent).toBe(' Estimating the fee…')
    expect(api.review).toHaveBeenCalledTimes(asked + 1)
    pending.review.at(-1)?.resolve({ ...REVIEW, deploysFirst: false })
    await settle()
    // No price: the fee in STRK only, and why.
    expect(screen.getByRole('status').textContent).toBe(
      '0.0097 STRKAt most 40 STRK. No USD price: the price service did not answer',
    )
    expect(confirm().disabled).toBe(false)
    click('Confirm')
    expect(onAnswer).toHaveBeenLastCalledWith(true)
  })

  it('a transaction the node says would revert: which call fails and why in words, the raw reason under Details, only Reject', async () => {
    const onAnswer = vi.fn()
    const { api, pending } = deferredApi()
    renderArmed(<Review origin={DAPP} calls={calls} api={api} onAnswer={onAnswer} />)
    const fee = {
      kind: 'reverts' as const,
      error: 'ERC20: insufficient balance',
      detail: 'Transaction execution error: Transaction execution has failed: …',
      call: 2,
    }
    for (const next of pending.market) next.resolve(MARKET)
    for (const next of pending.review) next.resolve({ ...REVIEW, fee })
    await settle()
    const alert = screen.getByRole('alert', { name: 'This transaction will fail' })
    expect(alert.textContent).toBe(
      'This transaction will fail' +
        '“Transfer 2.5 USDC to 0x0000…cdef” would fail: your account does not hold that much of the token.' +
        'The network says: ERC20: insufficient balance' +
        'Confirm is off: the wallet does not send what it knows will fail (a failed transaction still pays its fee). Reject it and check the request in the app.',
    )
    expect(screen.getByLabelText('Network fee').textContent).toBe(
      'None: the network would not run this transaction.',
    )
    const raw = screen.getByText(fee.detail)
    expect(raw.closest('details')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
    expect(confirm().dataset.armed).toBe('true')
    expect(confirm().disabled).toBe(true)
    fireEvent.click(confirm())
    click('Reject')
    expect(onAnswer.mock.calls).toEqual([[false]])
  })

  it('large amounts read with thousands separators, every decimal kept', async () => {
    const { api } = deferredApi()
    const amount = `${10n ** 24n + 5n * 10n ** 17n}`
    const big = [
      { contractAddress: STRK, entrypoint: 'transfer', calldata: ['0x1234567890abcdef', amount, '0'] },
    ]
    render(<Review origin={DAPP} calls={big} api={api} onAnswer={vi.fn()} />)
    expect(screen.getByText(/^Transfer /).textContent).toBe('Transfer 1,000,000.5 STRK to 0x0000…cdef')
  })

  it('a refusal, a reason the wallet has no words for, a fee beyond the balance: said so, Confirm off', async () => {
    const onAnswer = vi.fn()
    const refused = deferredApi()
    renderArmed(<Review origin={DAPP} calls={calls.slice(0, 1)} api={refused.api} onAnswer={onAnswer} />)
    const fee = {
      kind: 'refused' as const,
      error: 'Account validation failed',
      detail: 'Account validation failed',
    }
    for (const next of refused.pending.review) next.resolve({ ...REVIEW, fee })
    await settle()
    expect(screen.getByRole('alert', { name: 'The network refuses this transaction' }).textContent).toContain(
      '“Transfer 1.5 STRK to 0x0000…cdef” would be refused: your account would not accept it.',
    )
    expect(confirm().disabled).toBe(true)
    cleanup()

    // Several calls and no failing one named: the node's reason as it is.
    const odd = deferredApi()
    renderArmed(<Review origin={DAPP} calls={calls} api={odd.api} onAnswer={onAnswer} />)
    for (const next of odd.pending.review)
      next.resolve({ ...REVIEW, fee: { kind: 'reverts', error: 'counter/too-high' } })
    await settle()
    expect(screen.getByRole('alert').textContent).toContain('One of its calls would fail: counter/too-high.')
    expect(screen.getByText('counter/too-high', { selector: 'pre' })).toBeTruthy()
    expect(confirm().disabled).toBe(true)
    cleanup()

    // A fee the balance cannot cover: the network would refuse it, and the screen says so.
    const poor = deferredApi()
    renderArmed(<Review origin={DAPP} calls={calls.slice(0, 1)} api={poor.api} onAnswer={onAnswer} />)
    for (const next of poor.pending.review) next.resolve({ ...REVIEW, balance: '12345678900000000000' })
    await settle()
    expect(screen.getByRole('alert').textContent).toBe(
      'Not enough STRK for the fee: you have 12.3456 STRK. The network refuses the transaction.',
    )
    expect(confirm().disabled).toBe(true)
    fireEvent.click(confirm())
    expect(onAnswer).not.toHaveBeenCalled()
  })
})

describe('SignSession spending warnings', () => {
  const COUNTER = '0x0000000000000000000000000000000000000000000000000000000000c0de'
  const session = (methods: [string, string][], txFees: { tokenAddress: string; maxAmount: string }[]) =>
    sessionSignRequest({ methods, txFees, projectID: 'p' })
  const STRK_FEES = [{ tokenAddress: STRK.replace('0x0', '0x'), maxAmount: '10000000000000000000' }]

  it('warns plainly of unbounded transfer, transferFrom, approve and increaseAllowance, in any spelling', () => {
    const request = session(
      [
        [ETH, 'transfer'],
        [ETH, 'transfer_from'],
        [STRK, 'approve'],
        [STRK, 'increaseAllowance'],
        [STRK, '0x1d13ab0a76d7407b1d5faccd4b3d8a9efe42f3d3c21766431d4fafb30f45bd4'],
        [COUNTER, 'increase_counter'],
      ],
      STRK_FEES,
    )
    render(<SignSession origin={DAPP} request={request} onAnswer={vi.fn()} />)
    expect(screen.getByRole('heading', { name: 'Warning: unlimited spending' })).toBeTruthy()
    const warnings = [...screen.getByLabelText('Spending warnings').querySelectorAll('li')].map(
      (li) => li.textContent,
    )
    expect(warnings).toEqual([
      'The app can send any amount of ETH to anyone, without asking you again (transfer).',
      'The app can send any amount of ETH to anyone, without asking you again (transfer_from).',
      'The app can let anyone spend any amount of your STRK, without asking you again (approve).',
      'The app can let anyone spend any amount of your STRK, without asking you again (increaseAllowance).',
      'The app can let anyone spend any amount of your STRK, without asking you again (increase_allowance).',
    ])
    // approve on a fee token is still a warning; no transfer of STRK is allowed, so no gas payment line.
    expect(screen.getByLabelText('Fee limits').textContent).toBe('up to 10 STRK')
  })

  it("a transfer of a txFees token is the SDK's gas payment: no warning, its cap and recipient instead", () => {
    const request = session(
      [
        [STRK, 'transfer'],
        [COUNTER, 'increase_counter'],
      ],
      STRK_FEES,
    )
    render(<SignSession origin={DAPP} request={request} onAnswer={vi.fn()} />)
    expect(screen.queryByLabelText('Spending warnings')).toBeNull()
    // Worded for both gas modes: the account may pay its own gas, so never "only to the paymaster".
    expect(screen.getByLabelText('Fee limits').textContent).toBe('up to 10 STRK')
    expect(screen.getByLabelText('Gas payment').textContent).toBe(
      'Paid by the account as its own gas or to the paymaster, never to anyone else.',
    )
    expect(screen.getByLabelText('Session summary').textContent).not.toContain('only to the paymaster')
  })

  it('the fee limits in USD, from the price source of the review', async () => {
    const request = session([[COUNTER, 'increase_counter']], STRK_FEES)
    const prices = {
      market: async () => new Map([[addressKey(STRK), { symbol: 'STRK', decimals: 18, usd: 0.5 }]]),
    }
    render(<SignSession origin={DAPP} request={request} prices={prices} onAnswer={vi.fn()} />)
    await waitFor(() =>
      expect(screen.getByLabelText('Fee limits').textContent).toBe('up to 10 STRK (≈ $5.00)'),
    )
  })

  it('says so when the price service fails, and still shows the caps in tokens', async () => {
    const request = session([[COUNTER, 'increase_counter']], STRK_FEES)
    const prices = { market: async () => Promise.reject(new Error('down')) }
    render(<SignSession origin={DAPP} request={request} prices={prices} onAnswer={vi.fn()} />)
    await screen.findByText('No USD value: the price service did not answer.')
    expect(screen.getByLabelText('Fee limits').textContent).toBe('up to 10 STRK')
  })
})

describe('approve delay', () => {
  it('the approve button is disabled until the prompt was shown for the delay; reject works at once', () => {
    vi.useFakeTimers()
    const onAnswer = vi.fn()
    render(<Connect origin={DAPP} address="0x0123456789abcdef0123456789abcdef" onAnswer={onAnswer} />)
    const connect = screen.getByRole('button', { name: 'Connect' }) as HTMLButtonElement
    expect(connect.disabled).toBe(true)
    click('Connect')
    act(() => vi.advanceTimersByTime(APPROVE_DELAY_MS - 1))
    expect(connect.disabled).toBe(true)
    act(() => vi.advanceTimersByTime(1))
    expect(connect.disabled).toBe(false)
    click('Reject')
    click('Connect')
    expect(onAnswer.mock.calls).toEqual([[false], [true]])
  })

  it('restarts when the page becomes visible again and when the window is focused other than by a click', () => {
    vi.useFakeTimers()
    render(<Connect origin={DAPP} address="0x01" onAnswer={vi.fn()} />)
    const connect = screen.getByRole('button', { name: 'Connect' }) as HTMLButtonElement
    act(() => vi.advanceTimersByTime(APPROVE_DELAY_MS))
    expect(connect.disabled).toBe(false)
    act(() => {
      window.dispatchEvent(new Event('focus'))
    })
    expect(connect.disabled).toBe(true)
    act(() => vi.advanceTimersByTime(APPROVE_DELAY_MS))
    expect(connect.disabled).toBe(false)
    // The user's own click into the window focuses it: that must not take the button away under the click.
    act(() => {
      window.dispatchEvent(new Event('pointerdown'))
      window.dispatchEvent(new Event('focus'))
    })
    expect(connect.disabled).toBe(false)
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'))
    })
    expect(connect.disabled).toBe(true)
    act(() => vi.advanceTimersByTime(APPROVE_DELAY_MS))
    expect(connect.disabled).toBe(false)
  })
})

describe('unlisted origins', () => {
  it('every screen marks a requesting origin that is not on the allow-list', () => {
    render(<Connect origin="http://127.0.0.2:9999" address="0x01" onAnswer={vi.fn()} />)
    expect(screen.getByLabelText('Unlisted site').textContent).toContain('http://127.0.0.2:9999')
    cleanup()
    render(
      <OriginListContext.Provider value={(origin) => origin === DAPP}>
        <Connect origin={DAPP} address="0x01" onAnswer={vi.fn()} />
      </OriginListContext.Provider>,
    )
    expect(screen.queryByLabelText('Unlisted site')).toBeNull()
  })
})
