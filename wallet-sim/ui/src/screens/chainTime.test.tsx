// @vitest-environment happy-dom
// Session expiry and outside-execution windows are judged by the chain's clock, never the device's: each
// case sets the device's clock far from the chain's, in both directions.

import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { TypedData } from '@webwallet/protocol'
import { CHAIN_TICK_MS, chainClockFrom } from '@webwallet/wallet-sim/core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { outsideExecution, sessionSignRequest } from '../../../../protocol/src/typedData/testing/messages'
import { APPROVE_DELAY_MS } from '../components/useApproveGuard'
import { SignMessage } from './SignMessage'
import { SignSession } from './SignSession'

const DAPP = 'https://dapp.example'
const STRK = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
const CHAIN_NOW = Date.parse('2025-12-02T01:00:00Z') / 1000
const EXPIRES_AT = Date.parse('2026-01-01T01:00:00Z') / 1000
const DEVICE_AHEAD = new Date('2031-06-01T00:00:00Z')
const DEVICE_BEHIND = new Date('2020-01-01T00:00:00Z')

const chainAt = (seconds: number) => ({ now: () => seconds })
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }))
const arm = () => act(() => vi.advanceTimersByTime(APPROVE_DELAY_MS))

beforeEach(() => {
  vi.useFakeTimers()
  // happy-dom lays nothing out: the consent's body measures as shown in full, so it counts as seen.
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(500)
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(500)
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.useRealTimers()
})

describe('SignSession, by the chain clock', () => {
  const request = sessionSignRequest({
    expiresAt: EXPIRES_AT,
    methods: [['0xc0de', 'increase_counter']],
    txFees: [{ tokenAddress: STRK, maxAmount: '1' }],
  })
  const summary = () => screen.getByLabelText('Session summary').textContent ?? ''

  it("says 'for 30 days' by the chain's clock while the device's is years past the expiry", () => {
    vi.setSystemTime(DEVICE_AHEAD)
    render(<SignSession origin={DAPP} request={request} chainClock={chainAt(CHAIN_NOW)} onAnswer={vi.fn()} />)
    expect(summary()).toMatch(/^For 30 days, until (31 Dec 2025|1 Jan 2026), \d\d:\d\d, without asking/)
    expect(summary()).not.toContain('past')
    expect(screen.queryByLabelText('Already expired')).toBeNull()
  })

  it('says it expired already by the chain clock while the device clock is years before; signing still signs it', () => {
    vi.setSystemTime(DEVICE_BEHIND)
    const onAnswer = vi.fn()
    render(
      <SignSession
        origin={DAPP}
        request={request}
        chainClock={chainAt(EXPIRES_AT + 86_400)}
        onAnswer={onAnswer}
      />,
    )
    expect(summary()).toMatch(/^Until .+ \(already past by the chain's clock\), without asking/)
    expect(summary()).not.toMatch(/\d+ days/)
    expect(screen.getByLabelText('Already expired').textContent).toMatch(
      /^By the chain's clock this session expired already \(.+\): the app could not use it\. Reject it, and start again from the app\.$/,
    )
    arm()
    click('Sign session')
    expect(onAnswer.mock.calls).toEqual([[true]])
  })

  it("without the chain's time shows the signed date only, whatever the device's clock says", () => {
    for (const device of [DEVICE_AHEAD, DEVICE_BEHIND]) {
      vi.setSystemTime(device)
      render(<SignSession origin={DAPP} request={request} onAnswer={vi.fn()} />)
      expect(summary()).toMatch(/^Until (31 Dec 2025|1 Jan 2026), \d\d:\d\d, without asking you again/)
      expect(screen.getByLabelText('Expiry').querySelector('time')?.getAttribute('dateTime')).toBe(
        '2026-01-01T01:00:00.000Z',
      )
      expect(screen.queryByLabelText('Already expired')).toBeNull()
      cleanup()
    }
  })
})

describe('outside execution window, by the chain clock', () => {
  const outside = (after: number, before: number): TypedData =>
    outsideExecution(['0xa77ac4', '1', '0'], { after: String(after), before: String(before) })
  const window = () => screen.getByLabelText('Validity window')
  const typedData = outside(CHAIN_NOW - 600, CHAIN_NOW + 1200)

  it('open by the chain clock while the device clock is years past it', () => {
    vi.setSystemTime(DEVICE_AHEAD)
    render(
      <SignMessage origin={DAPP} typedData={typedData} chainClock={chainAt(CHAIN_NOW)} onAnswer={vi.fn()} />,
    )
    expect(window().textContent).toBe("Valid now by the chain's clock; it expires in 20 minutes.")
    expect(window().className).toBe('note')
  })

  it('closed by the chain clock while the device clock is years before it: says so, and Sign signs what is shown', () => {
    vi.setSystemTime(DEVICE_BEHIND)
    const onAnswer = vi.fn()
    render(
      <SignMessage
        origin={DAPP}
        typedData={typedData}
        chainClock={chainAt(CHAIN_NOW + 1800)}
        onAnswer={onAnswer}
      />,
    )
    expect(window().textContent).toBe(
      "By the chain's clock this request expired 10 minutes ago: the account would refuse it. Reject it, and ask the app for a new one.",
    )
    expect(window().className).toBe('warning')
    arm()
    click('Sign transaction')
    expect(onAnswer.mock.calls).toEqual([[true]])
  })

  it('not open yet by the chain clock, while the device clock is past it', () => {
    vi.setSystemTime(DEVICE_AHEAD)
    render(
      <SignMessage
        origin={DAPP}
        typedData={outside(CHAIN_NOW + 300, CHAIN_NOW + 3600)}
        chainClock={chainAt(CHAIN_NOW)}
        onAnswer={vi.fn()}
      />,
    )
    expect(window().textContent).toMatch(
      /^By the chain's clock this request is not valid yet: it can run only after .+ \(in 5 minutes\)\. If you did not expect a transaction that runs later, reject it\.$/,
    )
    expect(window().className).toBe('warning')
  })

  it('closes on screen when the chain clock passes its end while the screen is open', () => {
    vi.setSystemTime(DEVICE_BEHIND)
    let elapsed = 0
    render(
      <SignMessage
        origin={DAPP}
        typedData={typedData}
        chainClock={chainClockFrom(CHAIN_NOW, () => elapsed)}
        onAnswer={vi.fn()}
      />,
    )
    expect(window().textContent).toContain('it expires in 20 minutes')
    elapsed = 21 * 60_000
    act(() => vi.advanceTimersByTime(CHAIN_TICK_MS))
    expect(window().textContent).toContain('this request expired 1 minute ago')
  })

  it("without the chain's time only the signed window shows", () => {
    vi.setSystemTime(DEVICE_AHEAD)
    render(<SignMessage origin={DAPP} typedData={typedData} onAnswer={vi.fn()} />)
    expect(screen.queryByLabelText('Validity window')).toBeNull()
    expect(screen.getByText(/^after .+, before .+$/)).toBeTruthy()
  })
})
