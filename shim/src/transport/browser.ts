/** What the transport choice reads about the browser; every field can be injected in tests. */
export type BrowserInfo = {
  userAgent: string
  /** `navigator.userAgentData.brands[].brand`, where the browser reports them. */
  brands?: readonly string[] | undefined
  /** `navigator.brave` exists (Brave hides itself in the user agent). */
  brave?: boolean | undefined
}

// Chromium forks whose storage or popup policies differ from Chrome's: they get the popup.
const EXCLUDED = /\b(Edg|EdgA|EdgiOS|OPR|Opera|OPT|Brave)\b|Microsoft Edge/i
const CHROMIUM_BRANDS = new Set(['Google Chrome', 'Chromium'])

/**
 * Is this Chrome (or plain Chromium)? Brave, Edge and Opera are not, nor is any non-Chromium browser.
 *
 * @example
 * isChromeLike({ userAgent: navigator.userAgent, brands: ['Chromium', 'Google Chrome'] }) // true
 */
export function isChromeLike(info: BrowserInfo): boolean {
  if (info.brave) return false
  if (info.brands && info.brands.length > 0) {
    if (info.brands.some((brand) => EXCLUDED.test(brand))) return false
    return info.brands.some((brand) => CHROMIUM_BRANDS.has(brand))
  }
  if (EXCLUDED.test(info.userAgent)) return false
  return /\b(Chrome|Chromium|CriOS)\/\d/.test(info.userAgent)
}

type NavigatorLike = {
  userAgent: string
  userAgentData?: { brands?: ReadonlyArray<{ brand: string }> }
  brave?: unknown
}

/**
 * Reads BrowserInfo from a navigator (the page's by default).
 *
 * @example
 * isChromeLike(browserInfo())
 */
export function browserInfo(nav: NavigatorLike = globalThis.navigator as NavigatorLike): BrowserInfo {
  return {
    userAgent: nav?.userAgent ?? '',
    brands: nav?.userAgentData?.brands?.map((entry) => entry.brand),
    brave: nav?.brave !== undefined,
  }
}
