import { describe, expect, it } from 'vitest'
import { browserInfo, isChromeLike } from './browser'

const UA = {
  chrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.56',
  opera:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  safari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  chromeIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1',
}

describe('isChromeLike', () => {
  it.each([
    ['Chrome', { userAgent: UA.chrome }, true],
    ['Chrome on iOS', { userAgent: UA.chromeIos }, true],
    ['Edge', { userAgent: UA.edge }, false],
    ['Opera', { userAgent: UA.opera }, false],
    ['Firefox', { userAgent: UA.firefox }, false],
    ['Safari', { userAgent: UA.safari }, false],
    ['Brave (navigator.brave, Chrome user agent)', { userAgent: UA.chrome, brave: true }, false],
    ['Chrome brands', { userAgent: '', brands: ['Not)A;Brand', 'Chromium', 'Google Chrome'] }, true],
    [
      'Edge brands, Chrome user agent',
      { userAgent: UA.chrome, brands: ['Chromium', 'Microsoft Edge'] },
      false,
    ],
    ['Opera brands', { userAgent: UA.chrome, brands: ['Chromium', 'Opera'] }, false],
    ['Brave brands', { userAgent: UA.chrome, brands: ['Chromium', 'Brave'] }, false],
    ['unknown brands only', { userAgent: UA.chrome, brands: ['Not)A;Brand'] }, false],
  ])('%s → %s', (_name, info, expected) => {
    expect(isChromeLike(info)).toBe(expected)
  })

  it('reads user agent, brands and navigator.brave from a navigator', () => {
    const nav = { userAgent: UA.chrome, userAgentData: { brands: [{ brand: 'Brave' }] }, brave: {} }
    expect(browserInfo(nav)).toEqual({ userAgent: UA.chrome, brands: ['Brave'], brave: true })
    expect(browserInfo({ userAgent: UA.chrome })).toEqual({
      userAgent: UA.chrome,
      brands: undefined,
      brave: false,
    })
  })
})
