// Words a dapp wrote (its projectID, its name for itself) shown as what they are: a quoted claim of the
// requesting origin, short, on one line, without control or direction-changing characters that could make
// them read as the wallet's own sentence.

/** The most characters of a dapp's text a screen shows. */
export const DAPP_TEXT_MAX = 64

/**
 * The dapp's text cleaned for showing: control and format characters (bidi overrides, zero-width) removed,
 * runs of spaces and line breaks made one space, double quotes made single, at most {@link DAPP_TEXT_MAX} characters (then `…`).
 *
 * @example dappText('Verified\u202e by wallet\n\nsafe') // 'Verified by wallet safe'
 */
export function dappText(text: string): string {
  const clean = text
    .replace(/[\p{Cc}\p{Cf}\p{Co}\p{Cn}]/gu, (char) => (/\s/.test(char) ? ' ' : ''))
    .replace(/\s+/g, ' ')
    // Its own quotation marks would close the wallet's quote and continue in the wallet's voice.
    .replace(/["“”„‟«»]/g, "'")
    .trim()
  const chars = [...clean]
  return chars.length > DAPP_TEXT_MAX ? `${chars.slice(0, DAPP_TEXT_MAX).join('')}…` : clean
}

/**
 * How a screen says what the dapp calls itself: `http://app.example calls itself “Demo”`.
 *
 * @example dappClaim('https://dapp.example', 'Demo') // 'https://dapp.example calls itself “Demo”'
 */
export function dappClaim(origin: string, name: string): string {
  return `${origin} calls itself “${dappText(name)}”`
}
