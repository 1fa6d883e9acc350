// The wallet's updateModal values as the page's modal follows them: a title only when it is short plain
// words (the page writes it as text, but a wallet must not fill the app's chrome with markup or prose).
import { describe, expect, it } from 'vitest'
import { parseModalUpdate } from './walletTransport'

describe('parseModalUpdate', () => {
  it.each([
    ['show', { action: 'show' }],
    [
      { action: 'show', title: 'Start a session' },
      { action: 'show', title: 'Start a session' },
    ],
    [{ action: 'hide', title: 'Log in\n' }, { action: 'hide' }],
    [
      { action: 'updateSize', width: 385, height: 775 },
      { action: 'updateSize', width: 385, height: 775 },
    ],
    [{ action: 'updateHeight', height: -5 }, undefined],
    [{ action: 'resize' }, undefined],
  ])('%j reads as %j', (value, expected) => {
    expect(parseModalUpdate(value)).toEqual(expected)
  })

  it('attack: a title with markup, a line break, or too long is dropped (the modal keeps showing, titled Email)', () => {
    for (const title of [
      '<img src=x onerror=alert(1)>',
      'Log in\nto claim your prize',
      'Your account was hacked call support now',
      7,
    ]) {
      expect(parseModalUpdate({ action: 'show', title })).toEqual({ action: 'show' })
    }
  })
})
